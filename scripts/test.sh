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
# The type check (every layer's tsconfig, as tsconfig.json references them) is one process for about a minute;
# lint, format and the unused-code finder run on the other core meanwhile. Each failure is reported, then the run stops.
echo "== type check, lint and format"
typecheck_output=$(mktemp)
npx tsc -b >"$typecheck_output" 2>&1 & typecheck=$!
static_ok=true
npx eslint . || static_ok=false
npx prettier --check . >/dev/null || { npx prettier --check . || true; static_ok=false; }
node scripts/commit-subjects.mjs || static_ok=false
# No unused file, export or dependency (knip.jsonc names what knip cannot see).
npx knip --no-progress || static_ok=false
wait "$typecheck" || { echo "type check failed:"; cat "$typecheck_output"; static_ok=false; }
rm -f "$typecheck_output"
$static_ok || exit 1
took
echo "== unit, machine path and server tests (the server suite on SQLite and on PostgreSQL)"
bash scripts/ensure-postgres.sh
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json; took
echo "== end-to-end (Playwright, Debian's Chromium, real server)"
npm run --silent test:e2e; took
echo "== model coverage: every transition, at machine level and in the browser"
npx tsx scripts/model-report.ts; took
node scripts/summary.mjs
