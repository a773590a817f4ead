#!/usr/bin/env bash
# The whole test suite: build, typecheck, lint, unit + integration (SQLite and PostgreSQL), the
# server's runtime-facing tests again on Node LTS, then e2e in Chromium; the totals and each
# step's time last.
# Installs what it lacks: npm packages, Debian's Chromium, Node LTS (scripts/test-node-lts.sh).
# Each PostgreSQL suite creates and drops its own database.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -f test-results/vitest.json e2e/artifacts/results.json
mkdir -p test-results
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
began_all=$SECONDS

times=()
# Runs a step under a heading and notes how long it took.
step() {
  local name=$1 began=$SECONDS
  shift
  echo "==> $name"
  "$@"
  times+=("$name: $((SECONDS - began)) s")
}

# Runs jobs given as name and command pairs, as many at once as the machine has cores (tsc,
# eslint and vite each keep one core busy), each into its own log, printed whole as it ends.
# Fails when any failed, after all have ended.
JOBS="${TEST_JOBS:-$(nproc)}"
side_by_side() {
  local -a queue=("$@")
  local -A name_of=() log_of=() began_of=()
  local failed=0 pid rc log
  while [ ${#queue[@]} -gt 0 ] || [ ${#name_of[@]} -gt 0 ]; do
    while [ ${#queue[@]} -gt 0 ] && [ ${#name_of[@]} -lt "$JOBS" ]; do
      log="test-results/step-${queue[0]// /-}.log"
      bash -c "${queue[1]}" >"$log" 2>&1 &
      name_of[$!]=${queue[0]}
      log_of[$!]=$log
      began_of[$!]=$SECONDS
      queue=("${queue[@]:2}")
    done
    rc=0
    wait -n -p pid "${!name_of[@]}" || rc=$?
    echo "==> ${name_of[$pid]} ($((SECONDS - began_of[$pid])) s, side by side)"
    cat "${log_of[$pid]}"
    times+=("${name_of[$pid]}: $((SECONDS - began_of[$pid])) s (side by side)")
    if [ "$rc" != 0 ]; then
      echo "==> ${name_of[$pid]} FAILED (exit $rc)" >&2
      failed=1
    fi
    unset "name_of[$pid]" "log_of[$pid]" "began_of[$pid]"
  done
  return "$failed"
}

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "==> installing npm packages"
  npm ci --no-audit --no-fund
fi
bash scripts/ensure-chromium.sh

# Node LTS for its server-suite step below: downloading it and compiling better-sqlite3 for it
# (cached outside the clone; minutes on a fresh machine) starts now, at the lowest CPU priority,
# so it mostly fills what the steps before leave idle. Its own session, so it ends with this script.
setsid nice -n 19 bash scripts/test-node-lts.sh prepare >test-results/node-lts-prepare.log 2>&1 &
lts_prepare=$!
on_exit() {
  kill -- -"$lts_prepare" 2>/dev/null || true
  if [ ${#times[@]} -gt 0 ]; then
    echo "==> step times (total $((SECONDS - began_all)) s)"
    printf '    %s\n' "${times[@]}"
  fi
}
trap on_exit EXIT

# The domain package first: the server and web build and typecheck against its compiled output.
# Then what `npm run build`, `npm run typecheck` and `npm run lint` do, side by side.
step "build domain" npm run build -w @hanger/domain
step "build server and web, typecheck, lint" side_by_side \
  "lint" "npm run lint" \
  "build web" "npm run build -w @hanger/web" \
  "typecheck" "npm run typecheck" \
  "build server" "npm run build -w @hanger/server"
step "unit and integration tests (domain, server on SQLite + PostgreSQL, web)" \
  npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
# A failed preparation is reported by the step itself, which prepares what is missing.
wait "$lts_prepare" || true
cat test-results/node-lts-prepare.log
step "server tests on Node LTS" bash scripts/test-node-lts.sh
step "end-to-end tests (Playwright, Chromium)" bash scripts/e2e.sh
echo "==> all suites passed"
node scripts/test-summary.mjs test-results/vitest.json e2e/artifacts/results.json
