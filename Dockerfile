# syntax=docker/dockerfile:1
# The club site's image: built with every dependency, run with only what the server needs.
# `docker compose up` (compose.yaml) runs it with PostgreSQL, an object store and a proxy.

ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# Every dependency, to build the app. The `node` devDependency brings Node 24 to machines
# without it; the image has it already, so that package's download is skipped and it is
# removed (else npm scripts would run its missing binary).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --ignore-scripts --no-audit --no-fund && rm -rf node_modules/node node_modules/.bin/node
COPY . .
RUN npm run build -- --logLevel warn

# The dependencies the server runs with, and nothing else.
FROM ${NODE_IMAGE} AS runtime-dependencies
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only to the server: only /data is its to write.
COPY --from=runtime-dependencies /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
COPY server ./server
COPY shared ./shared
COPY scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness: the process answers (it listens only once migrated and seeded, so allow for that at
# start). A database outage does not make it unhealthy: it still serves cached pages and the
# 503 page, and a restart would not bring the database back (/readyz says whether it answers).
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/livez`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself as PID 1 (not npm): SIGTERM from `docker stop` reaches the server, which finishes
# the requests in flight and exits.
CMD ["node", "server/main.ts"]
