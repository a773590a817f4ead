#!/usr/bin/env bash
# End-to-end tests in Debian's Chromium against the built app. Builds first when a package has
# no dist yet; the global setup starts the server (npm run serve) and an SMTP receiver itself.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

if [ ! -d packages/domain/dist ] || [ ! -d packages/server/dist ] || [ ! -d packages/web/dist ]; then
  echo "==> building (a package has no dist yet)"
  npm run build
fi

mkdir -p e2e/artifacts/screenshots
npx playwright test "$@"
