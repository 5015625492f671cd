#!/usr/bin/env bash
# The tests that depend on the database engine, on PostgreSQL: run by `npm run test:postgres`
# (and .ci/run) inside scripts/with-postgres.sh, after a build. SQLite has its own run in
# `npm test`, so the integration suites here run on PostgreSQL only: they cover every content
# type's writes, sessions, the limiter and the queries through the same actions the admin pages
# call. The browser tests here are those whose pages lean on the engine beyond that: articles
# (writes with pictures and the edit conflict), organization (nested rows
# with photos and their order), rules (documents with PDFs), the public search, page views, and
# a restore of the whole site from a backup.
# The rest of the browser suite goes through the same queries and runs once, on SQLite.
# The outage test stops and restarts the server, so it runs alone, last.
# With --browser-only the integration suites are left out: .ci/run has already run them on both
# engines in one pass (npm test with TEST_DATABASE_URL set).
set -euo pipefail
cd "$(dirname "$0")/.."
export TEST_ENGINES=postgres
if [ "${1:-}" != "--browser-only" ]; then
  npx vitest run --project integration
fi
npx vitest run --project e2e tests/e2e/admin-posts.test.ts tests/e2e/admin-organization.test.ts \
  tests/e2e/admin-rules.test.ts tests/e2e/community-media.test.ts tests/e2e/archive-page-views.test.ts \
  tests/e2e/admin-backup.test.ts
npx vitest run --project outage
