#!/usr/bin/env bash
# `npm test`: every suite, then one closing count. The static checks run beside vitest, in the share of the cores
# it leaves idle (docs/performance.md, "How long CI takes"); their output is printed whole once they end.
set -euo pipefail
cd "$(dirname "$0")/.."
# Coverage reports from an earlier run must not count for this one.
rm -rf reports/model reports/vitest.json reports/playwright.json
echo "node $(node --version) ($(command -v node))"
PHASE_START=$SECONDS
# Prints how long the phase before took, so that a slow run shows where its time went.
took() { echo "   ($(( SECONDS - PHASE_START )) s)"; PHASE_START=$SECONDS; }
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# The type check (every layer's tsconfig, as tsconfig.json references them), lint, format, commit subjects and
# the unused-code finder (knip.jsonc names what knip cannot see). They run beside the first vitest phase, which
# keeps the two cores only about two thirds busy.
static_checks() {
  local ok=true
  npx tsc -b || ok=false
  npx eslint . || ok=false
  npx prettier --check . >/dev/null || { npx prettier --check . || true; ok=false; }
  node scripts/commit-subjects.mjs || ok=false
  npx knip --no-progress || ok=false
  $ok
}

echo "== unit, machine path and server tests (the server suite on SQLite and on PostgreSQL), with the type check, lint and format beside them"
bash scripts/ensure-postgres.sh
static_checks >"$logs/static" 2>&1 & static=$!
vitest_ok=true
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json || vitest_ok=false
static_ok=true
wait "$static" || static_ok=false
echo "-- type check, lint and format: $($static_ok && echo passed || echo FAILED)"
cat "$logs/static"
$static_ok && $vitest_ok || exit 1
took
echo "== end-to-end (Playwright, Debian's Chromium, real server)"
npm run --silent test:e2e; took
echo "== model coverage: every transition, at machine level and in the browser"
npx tsx scripts/model-report.ts; took
node scripts/summary.mjs
