#!/usr/bin/env bash
# Builds the container image without a Docker engine or a registry and runs it, as CI does:
#   deploy/image/test_image.sh BUILD_DIR        (as root: chroot, mount and network namespaces)
# The image is made as deploy/Containerfile makes it: the runtime root filesystem from Debian's
# packages of deploy/runtime-packages.txt (deploy/image/rootfs.sh), then the Containerfile's
# own COPY lines, with BUILD_DIR standing in for the build stage's /build. Its ENTRYPOINT and
# CMD then run in it, as its USER, with the root filesystem read-only, no capabilities, no new
# privileges and a network namespace of its own (loopback only), as the Kubernetes manifests'
# securityContext has it:
#   1. every shared library the binary needs is in the image (a missing one fails here);
#   2. `validate` of the image's config, then the image's command (`serve`) answers /readyz;
#   3. the same command with a config mounted over /etc/groundgate whose upstream is the
#      image's own mock upstream: one guarded request on loopback, its verdicts in the answer
#      and in the admin listener's look-up.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

build=$(cd "${1:?usage: deploy/image/test_image.sh BUILD_DIR}" && pwd)
[ "$(id -u)" = 0 ] || { echo "test_image: needs root (chroot, namespaces)" >&2; exit 1; }
containerfile=$repo/deploy/Containerfile
start=$(date +%s)

tarball=$("$here/rootfs.sh")
work=$(mktemp -d /tmp/gg-image.XXXXXX)
trap 'rm -rf "$work"' EXIT
rootfs=$work/rootfs
mkdir "$rootfs"
tar -xf "$tarball" -C "$rootfs"

# The runtime stage of the Containerfile: its COPY lines, USER, ENTRYPOINT and CMD.
python3 - "$containerfile" "$repo" "$build" "$rootfs" > "$work/image.env" <<'PY'
import json, shlex, sys
path, repo, build, rootfs = sys.argv[1:]
lines, stage = [], []
for raw in open(path):
    line = raw.strip()
    if not line or line.startswith('#'):
        continue
    if line.upper().startswith('FROM '):
        stage = []  # only the last stage is the image
    stage.append(line)
copies, user, entrypoint, cmd = [], '0:0', [], []
for line in stage:
    word, _, rest = line.partition(' ')
    word = word.upper()
    if word == 'COPY':
        args = rest.split()
        src_root = repo
        if args[0].startswith('--from='):
            if args[0] != '--from=build':
                sys.exit('test_image: unknown stage in ' + line)
            src_root, args = build, args[1:]
            if not args[0].startswith('/build/'):
                sys.exit('test_image: the build stage builds into /build: ' + line)
            args[0] = args[0][len('/build/'):]
        copies.append((src_root + '/' + args[0], rootfs + args[1]))
    elif word == 'USER':
        user = rest.strip()
    elif word == 'ENTRYPOINT':
        entrypoint = json.loads(rest)
    elif word == 'CMD':
        cmd = json.loads(rest)
for src, dst in copies:
    print('copy %s %s' % (shlex.quote(src), shlex.quote(dst)))
print('user=%s' % shlex.quote(user))
print('entrypoint=(%s)' % ' '.join(map(shlex.quote, entrypoint)))
print('cmd=(%s)' % ' '.join(map(shlex.quote, cmd)))
PY
copy() {
  mkdir -p "$(dirname "$2")"
  cp "$1" "$2"
  chmod a+rX "$2"
}
# shellcheck disable=SC1091
source "$work/image.env"
echo "image: built in $(( $(date +%s) - start ))s (${entrypoint[*]}, user $user)"

missing=$(chroot "$rootfs" /usr/bin/ldd "${entrypoint[0]}" | grep 'not found' || true)
if [ -n "$missing" ]; then
  echo "image: shared libraries missing from deploy/runtime-packages.txt:" >&2
  echo "$missing" >&2
  exit 1
fi

unshare --net --mount --pid --fork --kill-child \
  "$here/run_image.sh" "$rootfs" "$user" "$work" "${#entrypoint[@]}" "${entrypoint[@]}" "${cmd[@]}"
echo "image: started and answered in $(( $(date +%s) - start ))s"
