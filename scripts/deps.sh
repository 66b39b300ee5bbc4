#!/usr/bin/env bash
# Installs what groundgate needs on Debian 12 (only what is missing). Safe to run again.
set -euo pipefail
pkgs=(build-essential cmake ninja-build ccache pkg-config
      libboost1.81-all-dev libssl-dev openssl libsimdjson-dev libspdlog-dev libyaml-cpp-dev
      libgtest-dev libgmock-dev libbenchmark-dev
      libstemmer-dev liblink-grammar-dev link-grammar-dictionaries-en wordnet-base libsqlite3-dev
      clang libclang-rt-14-dev nginx-light curl ca-certificates)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "groundgate: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
# Node.js and npm for the end-to-end test with the official OpenAI SDK (keep a newer node if present).
if ! command -v npm >/dev/null 2>&1; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nodejs npm
fi
