#!/usr/bin/env bash
# Installs what is missing (Debian 12), builds groundgate, and runs the demo: the mock
# upstream and the proxy in one process, with the curl commands to try printed. Ctrl-C stops.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/deps.sh" demo
"$root/scripts/build.sh" "$root/build" -DGG_BUILD_TESTS=OFF -DGG_BUILD_BENCH=OFF
exec "$root/build/proxy/cli/groundgate" demo
