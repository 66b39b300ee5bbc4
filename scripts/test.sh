#!/usr/bin/env bash
# Installs what is missing (Debian 12), builds, and runs the whole test suite (unit,
# integration on loopback, end-to-end with the official OpenAI Node SDK).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/deps.sh" test
"$root/scripts/build.sh" "$root/build" -DGG_BUILD_TESTS=ON -DGG_BUILD_BENCH=ON
ctest --test-dir "$root/build" --output-on-failure -j 2 --timeout 300
