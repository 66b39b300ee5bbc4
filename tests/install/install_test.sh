#!/usr/bin/env bash
# What a user installs: `cmake --install` into a prefix, and the Debian package CPack makes.
#   tests/install/install_test.sh BUILD_DIR
# The installed binary answers as the README says (help, a command's usage, `check` with
# several context files), its data files are there, and the package carries the binary and
# depends on the runtime package list.
set -euo pipefail
build=$(cd "$1" && pwd)
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d /tmp/gg-install.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "install_test: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$work/prefix" >/dev/null
gg=$work/prefix/bin/groundgate
[ -x "$gg" ] || fail "no bin/groundgate in the prefix"
for f in share/groundgate/examples/openai.yaml share/groundgate/examples/container.yaml \
         share/groundgate/models/rag.json share/groundgate/grafana/groundgate-dashboard.json \
         lib/systemd/system/groundgate.service; do
  [ -f "$work/prefix/$f" ] || fail "$f not installed"
done
grep -q "ExecStart=$work/prefix/bin/groundgate serve" "$work/prefix/lib/systemd/system/groundgate.service" ||
  fail "the installed unit does not name the installed binary"

# Usage: the list, a command's own (both ways), exit 0; a wrong option: exit 2.
"$gg" --help | grep -q "^  eval " || fail "groundgate --help does not list the commands"
"$gg" help eval | grep -q "^usage: groundgate eval DATA.jsonl" || fail "groundgate help eval"
"$gg" eval --help | grep -q "^usage: groundgate eval DATA.jsonl" || fail "groundgate eval --help"
"$gg" check -h | grep -q "^usage: groundgate check --context FILE\.\.\." || fail "check -h"
code=0; "$gg" eval >/dev/null 2>&1 || code=$?
[ "$code" = 2 ] || fail "groundgate eval without data exits $code, not 2"
"$gg" validate -c "$work/prefix/share/groundgate/examples/openai.yaml" >/dev/null ||
  fail "the installed openai.yaml does not validate"

# `check --context` with several files, as the README writes it.
echo "Refunds are issued within 14 days of a cancellation." > "$work/doc1.txt"
echo "The Pro plan costs 12 dollars per month." > "$work/doc2.txt"
echo "Refunds are issued within 14 days. The Pro plan costs 12 dollars per month." > "$work/answer.txt"
(cd "$work" && "$gg" check --context doc1.txt doc2.txt --answer answer.txt > check.json) ||
  fail "check --context doc1.txt doc2.txt --answer answer.txt failed"
grep -q '"passages":\["doc1.txt","doc2.txt"\]' "$work/check.json" ||
  fail "check did not read both context files: $(cat "$work/check.json")"
grep -q '"verdict":"grounded"' "$work/check.json" ||
  fail "an answer from both files is not grounded: $(cat "$work/check.json")"

# The Debian package.
(cd "$build" && cpack -G DEB -B "$work/package" >/dev/null) || fail "cpack failed"
deb=$(ls "$work"/package/groundgate_*.deb)
contents=$(dpkg-deb -c "$deb")
grep -q " ./usr/bin/groundgate$" <<<"$contents" || fail "the package has no /usr/bin/groundgate"
grep -q " ./usr/share/groundgate/examples/openai.yaml$" <<<"$contents" ||
  fail "the package has no example configs"
mkdir "$work/unpacked"
dpkg-deb -x "$deb" "$work/unpacked"
grep -q "ExecStart=/usr/bin/groundgate serve" "$work/unpacked/usr/lib/systemd/system/groundgate.service" ||
  fail "the package's unit does not name /usr/bin/groundgate"
depends=$(dpkg-deb -f "$deb" Depends)
for p in $(grep -v '^[[:space:]]*\(#\|$\)' "$repo/deploy/runtime-packages.txt"); do
  grep -q "\b$p\b" <<<"$depends" || fail "the package does not depend on $p: $depends"
done
echo "install_test: prefix and package ok ($(du -h "$deb" | cut -f1) package)"
