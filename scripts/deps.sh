#!/usr/bin/env bash
# Installs what groundgate needs on Debian 12, by purpose; only what is missing, safe to run
# again. Each purpose includes the ones before it:
#   scripts/deps.sh demo   build groundgate and run it (the demo, or the proxy)
#   scripts/deps.sh test   + the test suite: GoogleTest, Google Benchmark, Node.js and npm
#                          (the OpenAI SDK end-to-end test), Python 3 (evaluation data scripts)
#   scripts/deps.sh ci     + what CI runs besides: clang and clang-format (fuzzing, format
#                          check), yamllint, Go and Sprig (deploy file checks), nginx and jq
#                          (benchmarks), mmdebstrap and iproute2 (the container image built
#                          and run without a Docker engine)
# Without an argument: test.
set -euo pipefail
purpose=${1:-test}
demo=(build-essential cmake ninja-build ccache pkg-config
      libboost1.81-all-dev libssl-dev openssl libsimdjson-dev libspdlog-dev libyaml-cpp-dev zlib1g-dev
      libstemmer-dev liblink-grammar-dev link-grammar-dictionaries-en wordnet-base libxgboost-dev libsqlite3-dev
      curl ca-certificates)
test=(libgtest-dev libgmock-dev libbenchmark-dev python3)
ci=(clang clang-format libclang-rt-14-dev yamllint
    golang-go golang-github-masterminds-sprig-dev golang-gopkg-yaml.v3-dev nginx-light jq
    mmdebstrap iproute2 util-linux)
case "$purpose" in
  demo) pkgs=("${demo[@]}") ;;
  test) pkgs=("${demo[@]}" "${test[@]}") ;;
  ci) pkgs=("${demo[@]}" "${test[@]}" "${ci[@]}") ;;
  *) echo "usage: scripts/deps.sh [demo|test|ci]" >&2; exit 2 ;;
esac
sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "groundgate: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
# Node.js and npm for the end-to-end test with the official OpenAI SDK (a newer node is kept).
if [ "$purpose" != demo ] && ! command -v npm >/dev/null 2>&1; then
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nodejs npm
fi
