#!/usr/bin/env bash
# The tests that depend on the database engine, on PostgreSQL: run by `npm run test:postgres`
# (and .ci/run) inside scripts/with-postgres.sh, after a build. SQLite has its own run in
# `npm test`, so the integration suites here run on PostgreSQL only; the browser tests here are
# those that write (admin pages, conflicts, page views) or search. The outage test stops and
# restarts the server, so it runs alone, last.
set -euo pipefail
cd "$(dirname "$0")/.."
export TEST_ENGINES=postgres
npx vitest run --project integration
npx vitest run --project e2e tests/e2e/admin-*.test.ts tests/e2e/community-media.test.ts \
  tests/e2e/archive-page-views.test.ts tests/e2e/join.test.ts tests/e2e/footer.test.ts
npx vitest run --project outage
