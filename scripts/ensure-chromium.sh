#!/usr/bin/env bash
# Debian's Chromium (Playwright's own browser download does not work here), in its two builds: the browser tests
# run the headless shell (`chromium-headless-shell`, without the UI processes a headless run never shows: about
# a third less wall time, docs/testing.md), Lighthouse the full browser, whose pipeline is what a visitor's
# browser runs. Installs whichever is missing with apt-get when we are root; otherwise says what to do.
set -euo pipefail
missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
[ -x "${E2E_CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}" ] || missing+=(chromium-headless-shell)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "[e2e] installing Debian's ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "[e2e] Not found: ${missing[*]}. Install Debian's packages (sudo apt-get install ${missing[*]})," >&2
echo "      or set CHROMIUM_PATH (Lighthouse) and E2E_CHROMIUM_PATH (browser tests) to Chromium binaries." >&2
exit 1
