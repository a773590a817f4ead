#!/usr/bin/env bash
# The domain and server test suites (server on SQLite and PostgreSQL) on the current Node.js LTS,
# beside the machine's Node 20 that runs everything else. Node 20 reached end of life in April
# 2026; this proves that self-hosters can run a supported runtime.
#
# Everything comes from the npm registry, nothing from nodejs.org or GitHub:
#  - Node itself: the registry's `node` package, whose install script fetches the
#    node-<os>-<arch> package (the official binaries with their headers in include/node);
#  - better-sqlite3, the one native addon not built on Node-API, is compiled for that Node's ABI
#    with npm's bundled node-gyp and those headers (npm_config_nodedir; the machine's npm config
#    points nodedir at Node 20's headers), into its own folder. The main node_modules (Node 20) is
#    not touched: a preload makes Node LTS load the addon from that folder instead.
# Both are cached in .cache/node-lts (NODE_LTS_CACHE), keyed by versions.
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
ROOT=$PWD
VERSION="${NODE_LTS_VERSION:-24}"
CACHE="${NODE_LTS_CACHE:-$ROOT/.cache/node-lts}"
started=$SECONDS

cannot_run() {
  echo "Node $VERSION: $1" >&2
  if [ -n "${CI:-}" ]; then exit 1; fi
  echo "Node $VERSION: skipped (outside CI)" >&2
  exit 0
}

# 1. Node LTS from the npm registry.
install_dir="$CACHE/node-$VERSION"
node_bin="$install_dir/node_modules/node/bin/node"
if [ ! -x "$node_bin" ]; then
  echo "==> Node $VERSION: installing the npm registry's node package into $install_dir"
  rm -rf "$install_dir"
  mkdir -p "$install_dir"
  # npm 11 runs a dependency's install script only when the project allows it.
  printf '{"name":"node-lts","private":true,"allowScripts":{"node":true}}\n' >"$install_dir/package.json"
  (cd "$install_dir" &&
    npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node@$VERSION") ||
    cannot_run "could not install node@$VERSION from the npm registry"
  [ -x "$node_bin" ] || cannot_run "the node package installed no binary"
fi
platform_dir="$install_dir/node_modules/node/node_modules/$(node -p "'node-' + process.platform + '-' + process.arch")"
headers="$platform_dir/include/node"
[ -f "$headers/node.h" ] || cannot_run "no headers in $platform_dir/include/node"
node_version=$("$node_bin" --version)
abi=$("$node_bin" -p process.versions.modules)

# 2. better-sqlite3 compiled for that ABI, in its own folder.
headers_version="${NODE_LTS_HEADERS-$([ "$VERSION" = 24 ] && echo 24.18.1)}"
if [ -n "$headers_version" ]; then
  headers_dir="$CACHE/headers-$headers_version"
  platform_package="$(node -p "'node-' + process.platform + '-' + process.arch")"
  platform_dir="$headers_dir/node_modules/$platform_package"
  if [ ! -f "$platform_dir/include/node/node.h" ]; then
    echo "==> Node $VERSION: headers of Node $headers_version ($platform_package@$headers_version)"
    rm -rf "$headers_dir"
    mkdir -p "$headers_dir"
    printf '{"name":"node-headers","private":true}\n' >"$headers_dir/package.json"
    (cd "$headers_dir" &&
      npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
        "$platform_package@$headers_version") ||
      cannot_run "could not install $platform_package@$headers_version from the npm registry"
  fi
  [ "$("$platform_dir/bin/node" -p process.versions.modules)" = "$abi" ] ||
    cannot_run "Node $headers_version's ABI differs from $node_version's"
fi
sqlite_version=$(node -p "require('./node_modules/better-sqlite3/package.json').version")
addon_dir="$CACHE/better-sqlite3-$sqlite_version-abi$abi-headers-${headers_version:-${node_version#v}}"
addon="$addon_dir/build/Release/better_sqlite3.node"
if [ ! -f "$addon" ]; then
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
  mv "$addon_dir.tmp" "$addon_dir"
fi
prepared=$SECONDS

# 3. The preload: better-sqlite3's loader asks for node_modules/better-sqlite3/build/Release/
# better_sqlite3.node; under Node LTS that file is the one built above.
preload="$CACHE/better-sqlite3-addon.cjs"
cat >"$preload" <<EOF
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

echo "==> Node $VERSION: domain and server suites on $node_version"
PATH="$(dirname "$node_bin"):$PATH" NODE_OPTIONS="--require $preload ${NODE_OPTIONS:-}" \
  "$node_bin" node_modules/vitest/vitest.mjs run --project domain --project server \
  --reporter=dot
echo "==> Node $VERSION: passed on $node_version in $((SECONDS - started)) s" \
  "(Node and better-sqlite3 ready in $((prepared - started)) s, suites $((SECONDS - prepared)) s)"
