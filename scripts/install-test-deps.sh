#!/usr/bin/env bash
# Installs what the tests need beyond npm packages: Debian's Chromium for
# Playwright (its own browser downloads cannot work here). Uses sudo when not root.
set -euo pipefail
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium found at ${CHROMIUM_PATH:-/usr/bin/chromium}"
  exit 0
fi
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium
