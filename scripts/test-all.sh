#!/usr/bin/env bash
# The whole test suite: typecheck, lint, unit + integration (SQLite and PostgreSQL), then e2e in Chromium.
# Installs what it lacks: npm packages, Debian's Chromium. Each PostgreSQL suite creates and drops its own database.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -f test-results/vitest.json e2e/artifacts/results.json
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "==> installing npm packages"
  npm ci --no-audit --no-fund
fi
bash scripts/ensure-chromium.sh

# Build first: the server and web typecheck against the domain package's compiled output.
echo "==> build"
npm run build
echo "==> typecheck"
npm run typecheck
echo "==> lint"
npm run lint
echo "==> unit and integration tests (domain, server on SQLite + PostgreSQL, web)"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
bash scripts/test-node-lts.sh  # domain + server suites again on Node 24 LTS (node from the npm registry)
echo "==> end-to-end tests (Playwright, Chromium)"
bash scripts/e2e.sh
echo "==> all suites passed"
node scripts/test-summary.mjs test-results/vitest.json e2e/artifacts/results.json
