#!/usr/bin/env bash
# Every benchmark, each writing its figures to bench/results/*.json. Builds first.
# Run it on a quiet machine: the figures are medians, but two cores shared with other work still skew them.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build
echo "==> domain stats";  npx tsx bench/domain.bench.ts
echo "==> photo pipeline"; npx tsx bench/images.bench.ts
if command -v heif-enc >/dev/null; then
  echo "==> HEIC photos"; npx tsx --expose-gc bench/heic.bench.ts
else
  echo "==> HEIC photos: skipped, heif-enc makes its photo (apt-get install libheif-examples)"
fi
echo "==> API";           npx tsx bench/api.bench.ts
echo "==> web bundle";    node bench/web-bundle.mjs
echo "==> calendar";      npx tsx bench/calendar.bench.ts
echo "==> graph";         npx tsx bench/graph.bench.ts
echo "==> composer";      npx tsx bench/composer.bench.ts
echo "==> stats screen";  npx tsx bench/stats.bench.ts
echo "==> export/import"; npx tsx bench/export.bench.ts
echo "==> grid scroll";   npx tsx bench/grid-scroll.bench.ts
echo "==> first view";    npx tsx bench/first-view.bench.ts
echo "==> uploads vs reads"; npx tsx bench/upload-load.bench.ts
echo "==> Lighthouse";    npx tsx bench/lighthouse.bench.ts
echo "==> start-up";      npx tsx bench/startup.bench.ts
echo "==> throughput";    npx tsx bench/throughput.bench.ts
echo "==> 100 accounts";  npx tsx bench/accounts.bench.ts
echo "==> scale (10k)";   BASE_REF="${BASE_REF:-HEAD~1}" npx tsx bench/scale.bench.ts
