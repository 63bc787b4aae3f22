#!/usr/bin/env bash
# `npm run test:mutation`: StrykerJS over machines/ (stryker.machines.config.mjs), over the server's account,
# session, password, payment and invoice code (stryker.server.config.mjs), over the statechart toolkit
# (stryker.toolkit.config.mjs) and over domain/ (stryker.domain.config.mjs), one after the other. Each writes its HTML report under reports/mutation/<target>/
# and fails below its `thresholds.break`; all always run, then their scores are printed together, and the command
# fails when any run did.
# Extra arguments go to every run, e.g. `npm run test:mutation -- --concurrency 1`.
set -uo pipefail
cd "$(dirname "$0")/.."
echo "node $(node --version), StrykerJS $(npx stryker --version 2>/dev/null | tail -1)"
declare -a FAILED=()
for target in machines server toolkit domain; do
  started=$SECONDS
  echo "== mutation testing: $target"
  npx stryker run "stryker.$target.config.mjs" "$@" || FAILED+=("$target")
  echo "   ($target: $((SECONDS - started)) s)"
done
node scripts/mutation-summary.mjs machines server toolkit domain || FAILED+=(summary)
if [ "${#FAILED[@]}" -gt 0 ]; then
  echo "mutation testing failed: ${FAILED[*]}" >&2
  exit 1
fi
