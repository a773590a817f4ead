#!/usr/bin/env bash
# Installs Debian's Chromium when it is missing (the e2e suite never downloads a browser of its own).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Chromium not found at /usr/bin/chromium: installing it from Debian's packages" >&2
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
