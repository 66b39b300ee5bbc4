#!/usr/bin/env bash
# Installs what is missing (Debian 12), builds groundgate in build-demo/ (a tree of its own: the
# test suite's build/ is left as it is), installs it in /usr/local (GG_PREFIX=DIR for another
# prefix) so that `groundgate` is on the PATH, and runs the demo: the mock upstream and the
# proxy in one process, with the curl commands to try printed. Ctrl-C stops.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
prefix=${GG_PREFIX:-/usr/local}
"$root/scripts/deps.sh" demo
"$root/scripts/build.sh" "$root/build-demo" -DGG_BUILD_TESTS=OFF -DGG_BUILD_BENCH=OFF
sudo=""
[ "$(id -u)" = 0 ] || { mkdir -p "$prefix" 2>/dev/null && [ -w "$prefix" ]; } || sudo="sudo"
$sudo cmake --install "$root/build-demo" --prefix "$prefix" --strip >/dev/null
echo "groundgate: installed $prefix/bin/groundgate (and its examples in $prefix/share/groundgate)"
exec "$prefix/bin/groundgate" demo
