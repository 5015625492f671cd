#!/usr/bin/env bash
# The tests that depend on the database engine, on PostgreSQL: run by `npm run test:postgres`
# (and .ci/run) inside scripts/with-postgres.sh, after a build. SQLite has its own run in
# `npm test`, so the integration suites here run on PostgreSQL only; the browser tests here are
# those that write content (each content type's admin page, conflicts, page views) or search.
# Signing in (passwords, codes, passkeys), the shell and the public pages that only read run
# once, on SQLite: their engine-dependent parts (sessions, the limiter, the queries) are in the
# integration suites.
# The outage test stops and restarts the server, so it runs alone, last.
set -euo pipefail
cd "$(dirname "$0")/.."
export TEST_ENGINES=postgres
npx vitest run --project integration
content_admin=$(ls tests/e2e/admin-*.test.ts | grep -v -e admin-sign-in -e admin-password -e admin-rate-limit \
  -e admin-shell -e admin-korean-input -e admin-second-factors -e admin-sessions)
npx vitest run --project e2e $content_admin tests/e2e/community-media.test.ts tests/e2e/archive-page-views.test.ts
npx vitest run --project outage
