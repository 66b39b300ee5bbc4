#!/usr/bin/env bash
# The container image's runtime root filesystem, without a Docker engine or a registry: Debian 12
# with the packages of deploy/runtime-packages.txt (the list deploy/Containerfile's runtime stage
# installs), made by mmdebstrap as a tarball.
#   deploy/image/rootfs.sh      prints the path of the tarball
# The tarball is cached (GG_ROOTFS_CACHE, default ~/.cache/groundgate) under a key made of the
# package list, this script and the apt sources it was fetched from: a change to any of them
# builds a new one; the cache keeps the latest only.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

list=$here/../runtime-packages.txt
sources=${GG_APT_SOURCES:-/etc/apt/sources.list.d/debian.sources}
[ -f "$sources" ] || sources=/etc/apt/sources.list
suite=bookworm
cache=${GG_ROOTFS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/groundgate}

packages=$(grep -v '^[[:space:]]*\(#\|$\)' "$list" | paste -sd, -)
key=$( { echo "$suite"; echo "$packages"; cat "$0" "$sources"; } | sha256sum | cut -c1-16)
cached=$cache/rootfs-$suite-$key.tar
if [ -f "$cached" ]; then
  echo "rootfs: cached $cached" >&2
else
  command -v mmdebstrap >/dev/null || { echo "rootfs: mmdebstrap missing (scripts/deps.sh ci)" >&2; exit 1; }
  mkdir -p "$cache"
  # The variant of debian:bookworm-slim (Essential and apt), without recommended packages as
  # the Containerfile installs them.
  partial=$cache/.partial-$key.tar
  mmdebstrap --quiet --format=tar --variant=apt --aptopt='APT::Install-Recommends "false"' \
    --include="$packages" "$suite" "$partial" "$sources" >&2
  rm -f "$cache"/rootfs-"$suite"-*.tar
  mv "$partial" "$cached"
  echo "rootfs: built $cached" >&2
fi
echo "$cached"
