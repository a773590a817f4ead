#!/usr/bin/env bash
# Container smoke test (README "Run in a container"): builds the test image from Debian's packages
# and the built app (container/Containerfile.debian: no image registry needed), starts it with
# podman, and checks the health check, a sign-up and an upload through it. Prints the image's size
# and the time each step took. Needs root, podman and mmdebstrap (apt-get install -y podman buildah
# runc, mmdebstrap) and the app built (npm run build). Not part of `npm test`: the first run downloads
# Debian's packages (minutes); the root filesystem is cached in $HANGER_ROOTFS_CACHE.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
CACHE=${HANGER_ROOTFS_CACHE:-/var/cache/hanger-rootfs}
SUITE=${DEBIAN_SUITE:-trixie}   # Node 20.19: the oldest the app supports (package.json engines)
IMAGE=localhost/hanger-smoke:latest
NAME=hanger-smoke-$$
PORT=${SMOKE_PORT:-39300}
RUN_OPTS=(--runtime runc --ulimit nofile=20000:20000 --ulimit nproc=32768:32768)
began=$SECONDS
lap() { echo "    ($((SECONDS - began)) s) $*"; }

for tool in podman runc mmdebstrap; do
  command -v $tool >/dev/null || { echo "$tool is missing: apt-get install -y podman runc mmdebstrap" >&2; exit 1; }
done
for p in domain server web; do
  [ -d packages/$p/dist ] || { echo "packages/$p/dist is missing: npm run build first" >&2; exit 1; }
done

work=$(mktemp -d /tmp/hanger-smoke-XXXXXX)
cleanup() {
  podman rm -f "$NAME" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "==> Debian $SUITE root filesystem (nodejs, ca-certificates)"
mkdir -p "$CACHE"
if [ ! -s "$CACHE/$SUITE.tar" ]; then
  mmdebstrap --variant=minbase --include=nodejs,ca-certificates "$SUITE" "$CACHE/$SUITE.tar.part" \
    http://deb.debian.org/debian
  mv "$CACHE/$SUITE.tar.part" "$CACHE/$SUITE.tar"
fi
ln "$CACHE/$SUITE.tar" "$work/rootfs.tar" 2>/dev/null || cp "$CACHE/$SUITE.tar" "$work/rootfs.tar"
lap "root filesystem ready"

echo "==> the built app, production packages only"
app=$work/app
mkdir -p "$app/packages"
cp package.json package-lock.json "$app/"
for p in domain server web; do
  mkdir -p "$app/packages/$p"
  cp packages/$p/package.json "$app/packages/$p/"
  cp -r packages/$p/dist "$app/packages/$p/"
done
# The web app is static files once built: its packages are not needed at run time.
node -e "const f='$app/packages/web/package.json',p=require(f);delete p.dependencies;delete p.devDependencies;require('fs').writeFileSync(f,JSON.stringify(p))"
# Hard links of the installed packages, then npm removes what production does not need (offline;
# removing a link leaves the original).
cp -al node_modules "$app/node_modules"
(cd "$app" && npm prune --omit=dev --offline --no-audit --no-fund --ignore-scripts >/dev/null 2>&1)
# The cut-out model's runtime ships every platform's library; keep this one's.
find "$app/node_modules/onnxruntime-node/bin/napi-v3" -mindepth 2 -maxdepth 2 -type d \
  ! -path "*/linux/x64" -exec rm -rf {} +
lap "app staged: $(du -sh "$app" | cut -f1)"

echo "==> podman build"
cp container/Containerfile.debian "$work/Containerfile"
# Docker format keeps the HEALTHCHECK (the OCI format has no field for it).
podman build "${RUN_OPTS[@]}" --format docker -q -t "$IMAGE" "$work" >/dev/null
size=$(podman image inspect "$IMAGE" --format '{{.Size}}')
lap "image built: $((size / 1000000)) MB"

echo "==> podman run"
podman run -d --name "$NAME" "${RUN_OPTS[@]}" -p 127.0.0.1:$PORT:3000 \
  -e PUBLIC_URL=http://127.0.0.1:$PORT -e CUTOUT=off "$IMAGE" >/dev/null
url=http://127.0.0.1:$PORT
for _ in $(seq 1 120); do
  curl -fsS "$url/api/health" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -fsS "$url/api/health" >/dev/null || { podman logs "$NAME"; echo "not healthy" >&2; exit 1; }
lap "healthy: $(curl -fsS "$url/api/health")"
user=$(podman exec "$NAME" id -un)
[ "$user" != root ] || { echo "the server runs as root" >&2; exit 1; }
lap "runs as $user ($(podman exec "$NAME" id -u))"
# The image's own HEALTHCHECK (a slow, loaded machine may exceed its 5 s: reported, not fatal).
if podman healthcheck run "$NAME"; then lap "HEALTHCHECK: healthy"; else lap "HEALTHCHECK: did not pass"; fi

echo "==> sign-up and an upload"
jar=$work/cookies
email="smoke-$$@hanger.test"
code=$(curl -sS -o "$work/signup.json" -w '%{http_code}' -c "$jar" -H "origin: $url" \
  -H 'content-type: application/json' \
  -d "{\"name\":\"Smoke\",\"email\":\"$email\",\"password\":\"correct horse battery staple\"}" \
  "$url/api/auth/sign-up/email")
[ "$code" = 200 ] || { cat "$work/signup.json"; echo "sign-up answered $code" >&2; exit 1; }
token=$(curl -fsS -b "$jar" -H "origin: $url" "$url/api/auth/token" | node -p 'JSON.parse(require("fs").readFileSync(0)).token')
lap "signed up $email"
(cd "$ROOT" && node --input-type=module -e "
  import sharp from 'sharp';
  await sharp({ create: { width: 600, height: 800, channels: 3, background: '#3d5a80' } })
    .jpeg().toFile('$work/photo.jpg');")
code=$(curl -sS -o "$work/item.json" -w '%{http_code}' -H "authorization: Bearer $token" \
  -F "image=@$work/photo.jpg;type=image/jpeg" -F category=top -F status=clothes "$url/api/clothes")
[ "$code" = 201 ] || { cat "$work/item.json"; echo "upload answered $code" >&2; exit 1; }
image=$(node -p 'JSON.parse(require("fs").readFileSync(process.argv[1])).image' "$work/item.json")
curl -fsS -o /dev/null "$url$image"
lap "uploaded an item; its photo loads ($image)"
podman exec "$NAME" sh -c 'ls /data/media/*/ | head -3' >/dev/null

echo "==> SIGTERM"
stop_began=$SECONDS
podman stop -t 15 "$NAME" >/dev/null
status=$(podman inspect "$NAME" --format '{{.State.ExitCode}}')
[ "$status" = 0 ] || { podman logs "$NAME" | tail -20; echo "exit code $status after SIGTERM" >&2; exit 1; }
lap "stopped cleanly in $((SECONDS - stop_began)) s (exit 0)"
echo "==> container smoke test passed: image $((size / 1000000)) MB, $((SECONDS - began)) s in all"
