#!/usr/bin/env bash
# The server suite also runs on a throw-away PostgreSQL (tests/server/postgres.ts starts it from Debian's
# packages). Finds initdb; installs Debian's postgresql package when missing and we are root; otherwise says
# what to do.
set -euo pipefail
if compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "[tests] PostgreSQL not found: installing Debian's postgresql package"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
  exit 0
fi
echo "[tests] PostgreSQL not found. Install Debian's 'postgresql' package (sudo apt-get install postgresql)." >&2
exit 1
