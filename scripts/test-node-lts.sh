#!/usr/bin/env bash
# The server's runtime-facing tests (SQLite and PostgreSQL; below, LTS_FILES) on the current
# Node.js LTS, beside the machine's Node 20 that runs everything else. Node 20 reached end of life
# in April 2026; this proves that self-hosters can run a supported runtime. The domain package is
# plain TypeScript with no native code, and the server tests run it throughout, so its own suite
# is not repeated here.
#
#   scripts/test-node-lts.sh            prepare (below; nothing to do when cached), then the suite
#   scripts/test-node-lts.sh prepare    only prepare: npm test starts this in the background at low
#                                       CPU priority while it builds, so a fresh machine's download
#                                       and compile mostly fill idle time
#
# Everything comes from the npm registry, nothing from nodejs.org or GitHub:
#  - Node itself: the registry's `node` package at the newest version matching NODE_LTS_VERSION
#    (asked of the registry on every run, so the cache follows new releases), whose install script
#    fetches the node-<os>-<arch> package (the official binaries with their headers in include/node);
#  - better-sqlite3, the one native addon not built on Node-API, is compiled for that Node's ABI
#    with npm's bundled node-gyp and those headers (npm_config_nodedir; the machine's npm config
#    points nodedir at Node 20's headers), into its own folder. The main node_modules (Node 20) is
#    not touched: a preload makes Node LTS load the addon from that folder instead.
# Both are kept outside the clone, in ${XDG_CACHE_HOME:-$HOME/.cache}/hanger/node-lts
# (NODE_LTS_CACHE), keyed by versions, so every clone on a machine reuses them; a machine without
# them installs them itself (about 2.5 minutes of download and compile on two cores). Preparation
# holds a lock on the cache, so runs from two clones at once do not build over each other.
#
# Node 24.19 changed node::ObjectWrap in its headers: better-sqlite3 12 (which Node 20 still needs;
# 13 requires Node 22) compiled against 24.19+ headers aborts when a statement is garbage
# collected after its environment is gone ("Assertion failed: (env) != nullptr", nodejs/node#65446,
# seen here in the server suite). Built against 24.18.1 headers it runs on every 24.x, as the
# prebuilt binaries do; so the addon is compiled with the headers of NODE_LTS_HEADERS (default
# 24.18.1 for Node 24; empty: those of the Node under test), from the registry's node-<os>-<arch>.
#
# NODE_LTS_VERSION (default 24) picks the version. Outside CI a machine that cannot download
# Node skips with a message; under CI (CI=true) that is a failure, as is any failing test.
set -euo pipefail
cd "$(dirname "$0")/.."
MODE="${1:-test}"
case "$MODE" in prepare | test) ;; *) echo "usage: $0 [prepare|test]" >&2; exit 2 ;; esac
VERSION="${NODE_LTS_VERSION:-24}"
CACHE="${NODE_LTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hanger/node-lts}"
started=$SECONDS

cannot_run() {
  echo "Node $VERSION: $1" >&2
  if [ -n "${CI:-}" ]; then exit 1; fi
  echo "Node $VERSION: skipped (outside CI)" >&2
  exit 0
}

# Installs one registry package into folder $1 (built in $1.tmp, then moved into place).
# $3: extra package.json fields, e.g. to let the package's install script run.
npm_install_into() {
  local dir=$1 spec=$2 fields=${3:-}
  rm -rf "$dir" "$dir.tmp"
  mkdir -p "$dir.tmp"
  printf '{"name":"hanger-node-lts","private":true%s}\n' "$fields" >"$dir.tmp/package.json"
  (cd "$dir.tmp" &&
    npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$spec") &&
    mv "$dir.tmp" "$dir"
}

mkdir -p "$CACHE"
exec 9>"$CACHE/.lock"
flock 9

# 1. Node LTS from the npm registry: the newest node@$VERSION, or the newest cached one offline.
newest() { node -e 'const v = process.argv.slice(1).filter(Boolean).sort((a, b) => a.localeCompare(b, "en", { numeric: true })); console.log(v.at(-1) ?? "")' "$@"; }
listed=$(npm view "node@$VERSION" version --json 2>/dev/null | node -e \
  'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => { try { const v = JSON.parse(s); console.log([v].flat().join(" ")); } catch {} })' ||
  true)
# shellcheck disable=SC2086 # a list of versions
node_version=$(newest $listed)
if [ -z "$node_version" ]; then
  cached=()
  for dir in "$CACHE"/node-"$VERSION".*; do
    [ -x "$dir/node_modules/node/bin/node" ] && cached+=("${dir##*/node-}")
  done
  node_version=$(newest "${cached[@]}")
  [ -n "$node_version" ] || cannot_run "the npm registry did not answer which node@$VERSION is newest"
  echo "==> Node $VERSION: the registry did not answer; using the cached $node_version" >&2
fi
install_dir="$CACHE/node-$node_version"
node_bin="$install_dir/node_modules/node/bin/node"
platform_package="$(node -p "'node-' + process.platform + '-' + process.arch")"
if [ ! -x "$node_bin" ]; then
  echo "==> Node $VERSION: installing node@$node_version from the npm registry into $install_dir"
  # npm 11 runs a dependency's install script only when the project allows it.
  npm_install_into "$install_dir" "node@$node_version" ',"allowScripts":{"node":true}' ||
    cannot_run "could not install node@$node_version from the npm registry"
  [ -x "$node_bin" ] || cannot_run "the node package installed no binary"
  # Earlier releases of this line are not used again.
  for old in "$CACHE"/node-"$VERSION".*; do
    [ "$old" = "$install_dir" ] || rm -rf "$old"
  done
fi
platform_dir="$install_dir/node_modules/node/node_modules/$platform_package"
[ -f "$platform_dir/include/node/node.h" ] || cannot_run "no headers in $platform_dir/include/node"
abi=$("$node_bin" -p process.versions.modules)

# 2. better-sqlite3 compiled for that ABI, in its own folder.
headers_version="${NODE_LTS_HEADERS-$([ "$VERSION" = 24 ] && echo 24.18.1)}"
if [ -n "$headers_version" ]; then
  headers_dir="$CACHE/headers-$headers_version"
  platform_dir="$headers_dir/node_modules/$platform_package"
  if [ ! -f "$platform_dir/include/node/node.h" ]; then
    echo "==> Node $VERSION: headers of Node $headers_version ($platform_package@$headers_version)"
    npm_install_into "$headers_dir" "$platform_package@$headers_version" ||
      cannot_run "could not install $platform_package@$headers_version from the npm registry"
  fi
  [ "$("$platform_dir/bin/node" -p process.versions.modules)" = "$abi" ] ||
    cannot_run "Node $headers_version's ABI differs from $node_version's"
fi
sqlite_version=$(node -p "require('./node_modules/better-sqlite3/package.json').version")
addon_dir="$CACHE/better-sqlite3-$sqlite_version-abi$abi-headers-${headers_version:-$node_version}"
addon="$addon_dir/build/Release/better_sqlite3.node"
preload="$addon_dir/preload.cjs"
if [ ! -f "$preload" ]; then
  echo "==> Node $VERSION: compiling better-sqlite3 $sqlite_version for ABI $abi (headers $platform_dir)"
  rm -rf "$addon_dir" "$addon_dir.tmp"
  mkdir -p "$addon_dir.tmp"
  cp -R node_modules/better-sqlite3/package.json node_modules/better-sqlite3/binding.gyp \
    node_modules/better-sqlite3/deps \
    node_modules/better-sqlite3/src "$addon_dir.tmp/"
  gyp="$(dirname "$(command -v npm)")/../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js"
  [ -f "$gyp" ] || gyp=$(find /usr/lib/node_modules/npm /usr/local/lib/node_modules/npm -path '*node-gyp/bin/node-gyp.js' 2>/dev/null | head -n1)
  [ -f "$gyp" ] || cannot_run "npm's node-gyp was not found"
  (cd "$addon_dir.tmp" &&
    PATH="$(dirname "$node_bin"):$PATH" npm_config_nodedir="$platform_dir" \
      "$node_bin" "$gyp" rebuild --release --nodedir="$platform_dir" -j "$(nproc)" >build.log 2>&1) ||
    { tail -n 30 "$addon_dir.tmp/build.log" >&2; cannot_run "better-sqlite3 did not compile"; }
  # 3. The preload: better-sqlite3's loader asks for node_modules/better-sqlite3/build/Release/
  # better_sqlite3.node; under Node LTS that file is the one built above. Written last: its
  # presence says the folder is complete.
  cat >"$addon_dir.tmp/preload.cjs" <<EOF
// Written by scripts/test-node-lts.sh: load better-sqlite3's addon built for ABI $abi.
const Module = require('node:module');
const load = Module._extensions['.node'];
Module._extensions['.node'] = function (module, filename) {
  if (process.versions.modules === '$abi' && filename.endsWith('better_sqlite3.node')) {
    return load.call(this, module, '$addon');
  }
  return load.call(this, module, filename);
};
EOF
  mv "$addon_dir.tmp" "$addon_dir"
fi
flock -u 9
prepared=$SECONDS
if [ "$MODE" = prepare ]; then
  echo "==> Node $VERSION: $node_version and better-sqlite3 for it ready in $((prepared - started)) s"
  exit 0
fi

# What differs between Node versions is the runtime under the code, not the code: the native
# addons (better-sqlite3, sharp, onnxruntime), node-postgres, streams and zip, crypto, worker
# threads (HEIC), child processes (the jobs), the compile cache at start. These files reach all of
# them on both engines; the rest of the server suite repeats the same routes over the same runtime
# and ran on Node 20 a step earlier (it took 10 of CI's 43 minutes here). NODE_LTS_SUITE=full runs
# the whole server suite instead.
LTS_FILES=(
  packages/server/test/start.test.ts
  packages/server/test/migrations.test.ts
  packages/server/test/repositories-isolation.test.ts
  packages/server/test/clothes.test.ts
  packages/server/test/export-import.test.ts
  packages/server/test/heic-upload.test.ts
  packages/server/test/cutouts.test.ts
  packages/server/test/jobs-kill.test.ts
  packages/server/test/auth.test.ts
  packages/server/test/auth-rate-limit-store.test.ts
  packages/server/test/web-precompressed.test.ts
  packages/server/src/photos
)
if [ "${NODE_LTS_SUITE:-}" = full ]; then
  LTS_FILES=()
  echo "==> Node $VERSION: server suite (SQLite and PostgreSQL) on v$node_version"
else
  echo "==> Node $VERSION: the server's runtime-facing tests (SQLite and PostgreSQL) on v$node_version"
fi
PATH="$(dirname "$node_bin"):$PATH" NODE_OPTIONS="--require $preload ${NODE_OPTIONS:-}" \
  "$node_bin" node_modules/vitest/vitest.mjs run --project server --reporter=dot "${LTS_FILES[@]}"
echo "==> Node $VERSION: passed on v$node_version in $((SECONDS - started)) s" \
  "(Node and better-sqlite3 ready in $((prepared - started)) s, suite $((SECONDS - prepared)) s)"
