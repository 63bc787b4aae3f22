#!/usr/bin/env bash
# `npm test`: every suite, in the order that fails fastest, then one closing count.
set -euo pipefail
cd "$(dirname "$0")/.."
# Coverage reports from an earlier run must not count for this one.
rm -rf reports/model reports/vitest.json reports/playwright.json
echo "node $(node --version) ($(command -v node))"
PHASE_START=$SECONDS
# Prints how long the phase before took, so that a slow run shows where its time went.
took() { echo "   ($(( SECONDS - PHASE_START )) s)"; PHASE_START=$SECONDS; }
echo "== type check";   npx tsc -b; took   # every layer's tsconfig, as tsconfig.json references them
echo "== lint";         npx eslint .; took
echo "== format";       npx prettier --check . >/dev/null || { npx prettier --check .; exit 1; }; took
echo "== unit, machine path and server tests (the server suite on SQLite and on PostgreSQL)"
bash scripts/ensure-postgres.sh
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json; took
echo "== end-to-end (Playwright, Debian's Chromium, real server)"
npm run --silent test:e2e; took
echo "== model coverage: every transition, at machine level and in the browser"
npx tsx scripts/model-report.ts; took
node scripts/summary.mjs
