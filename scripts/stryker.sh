#!/usr/bin/env bash
# StrykerJS for the Node that runs it (docs/decisions/0018-mutation-testing.md): 9.6.1 from the project's own
# dependencies on Node 20 and 21; 10.1.1 on Node 22 and newer, which needs Node 22 and so cannot share the
# project's lock file with Node 20. It lives in tools/stryker-10 with a lock file of its own, installed there on
# first use (and again when that lock file changes). Its vitest runner finds the project's vitest by walking up
# to the project's node_modules, so both versions test with the same vitest.
# Usage: bash scripts/stryker.sh <stryker arguments>, e.g. `run stryker.machines.config.mjs --mutate machines/x.ts`.
set -euo pipefail
cd "$(dirname "$0")/.."
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 22 ]; then
  exec node_modules/.bin/stryker "$@"
fi
dir=tools/stryker-10
if [ ! -x "$dir/node_modules/.bin/stryker" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
  echo "[stryker] installing StrykerJS 10 for node $(node --version) into $dir" >&2
  # The project's vitest is the runner's peer: not installed here (tools/stryker-10/.npmrc: legacy-peer-deps).
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
fi
exec "$dir/node_modules/.bin/stryker" "$@"
