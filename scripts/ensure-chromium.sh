#!/usr/bin/env bash
# The end-to-end suites run Debian's Chromium (Playwright's own browser download does not work here).
# Finds it; installs it with apt-get when missing and we are root; otherwise says what to do.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "[e2e] Chromium not found: installing Debian's chromium package"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "[e2e] Chromium not found at $CHROMIUM. Install Debian's 'chromium' package (sudo apt-get install chromium)" >&2
echo "      or set CHROMIUM_PATH to a Chromium binary." >&2
exit 1
