#!/usr/bin/env bash
# `npm run test:mutation`: StrykerJS over machines/, the server, the statechart toolkit and domain/ (one
# stryker.<target>.config.mjs each), one after the other. Each writes its HTML report under
# reports/mutation/<target>/ and fails below its `thresholds.break`; all always run, then their scores are printed
# together, and the command fails when any run did (docs/testing.md#mutation-testing).
#   npm run test:mutation -- server toolkit       only these targets
#   npm run test:mutation -- --since main         only the lines changed since main (committed or not)
#   npm run test:mutation -- server --survivors   the mutants the last run left alive, judged again
#   npm run test:mutation -- --concurrency 1      any other argument goes to every StrykerJS run
# Every run is incremental: results of unchanged code and tests are reused from the last run. That run's results
# are kept in the repository (mutation/<target>.json.gz), so a fresh clone picks up where the last run stopped.
set -uo pipefail
cd "$(dirname "$0")/.."
ALL=(machines server toolkit domain)
declare -a TARGETS=() ARGS=() FAILED=() RAN=()
SINCE=""
SURVIVORS=""
while [ $# -gt 0 ]; do
  case "$1" in
    machines | server | toolkit | domain) TARGETS+=("$1") ;;
    --since) SINCE="${2:?--since needs a git revision}"; shift ;;
    --since=*) SINCE="${1#--since=}" ;;
    --survivors) SURVIVORS=1 ;;
    *) ARGS+=("$1") ;;
  esac
  shift
done
[ "${#TARGETS[@]}" -eq 0 ] && TARGETS=("${ALL[@]}")

# StrykerJS reads and writes its incremental file under reports/, which git ignores; the kept copy is gzipped.
# The newer of the two wins, so a pull brings the team's results and a local run keeps its own. Each copy is
# written beside its place and renamed into it, so a run killed mid-write leaves the old file, not half a file.
live() { echo "reports/mutation/$1/stryker-incremental.json"; }
kept() { echo "mutation/$1.json.gz"; }
restore_results() {
  local live kept
  live=$(live "$1") kept=$(kept "$1")
  if [ -f "$kept" ] && { [ ! -f "$live" ] || [ "$kept" -nt "$live" ]; }; then
    mkdir -p "$(dirname "$live")"
    if gzip -dc "$kept" > "$live.part"; then
      mv "$live.part" "$live"
    else
      rm -f "$live.part"
      echo "   $kept could not be unpacked; this run starts without it" >&2
    fi
  fi
}
keep_results() {
  local live kept
  live=$(live "$1") kept=$(kept "$1")
  [ -f "$live" ] || return 0
  mkdir -p mutation && gzip -9nc "$live" > "$kept.part" && mv "$kept.part" "$kept"
}
# For the summary: a report older than this is an earlier run's.
STARTED=$(date +%s)
echo "node $(node --version), StrykerJS $(npx stryker --version 2>/dev/null | tail -1)"
for target in "${TARGETS[@]}"; do
  declare -a SCOPE=()
  # First, so that --survivors reads the newest results.
  restore_results "$target"
  if [ -n "$SINCE" ]; then
    lines=$(node scripts/mutation-since.mjs "$target" "$SINCE") || exit 2
    if [ -z "$lines" ]; then
      echo "== mutation testing: $target: nothing changed since $SINCE"
      continue
    fi
    SCOPE=(--mutate "$lines")
  fi
  if [ -n "$SURVIVORS" ]; then
    lines=$(node scripts/mutation-survivors.mjs "$target") || exit 2
    if [ -z "$lines" ]; then
      echo "== mutation testing: $target: no survivors"
      continue
    fi
    # `--force`: a survivor is otherwise re-run only when a test that covered it changed (docs/testing.md).
    SCOPE=(--mutate "$lines" --force)
  fi
  started=$SECONDS
  echo "== mutation testing: $target${SINCE:+ (lines changed since $SINCE)}${SURVIVORS:+ (survivors of the last run)}"
  # Test clusters a test worker left behind are stopped during the run and after it (scripts/mutation-clusters.sh).
  bash scripts/mutation-clusters.sh watch & watcher=$!
  npx stryker run "stryker.$target.config.mjs" "${SCOPE[@]}" "${ARGS[@]}" || FAILED+=("$target")
  kill "$watcher" 2>/dev/null
  bash scripts/mutation-clusters.sh after $((SECONDS - started))
  keep_results "$target"
  echo "   ($target: $((SECONDS - started)) s)"
  RAN+=("$target")
done
if [ "${#RAN[@]}" -gt 0 ]; then
  MUTATION_STARTED=$STARTED node scripts/mutation-summary.mjs "${RAN[@]}" || FAILED+=(summary)
fi
if [ "${#FAILED[@]}" -gt 0 ]; then
  echo "mutation testing failed: ${FAILED[*]}" >&2
  exit 1
fi
