#!/usr/bin/env bash
# One fuzz target's CI smoke run: SECONDS of libFuzzer from its seeds
# (tests/fuzz/seeds/<target>/), its log beside the binary; prints the run count, or the log and
# fails on a finding. Usage: smoke_one.sh SECONDS FUZZER
set -uo pipefail
seconds=$1 fuzzer=$2 name=$(basename "$2")
leaks=1
# link-grammar keeps parse caches it never frees; its fuzzer checks memory errors only.
[ "$name" = fuzz_triplet ] && leaks=0
seeds=(tests/fuzz/seeds/"$name"/*)
seed_arg=()
[ -f "${seeds[0]}" ] && seed_arg=(-seed_inputs="$(IFS=,; echo "${seeds[*]}")")
if ! "$fuzzer" -max_total_time="$seconds" -rss_limit_mb=2048 -detect_leaks=$leaks \
  "${seed_arg[@]}" >/dev/null 2>"$fuzzer.log"; then
  echo "$name: FAILED"
  cat "$fuzzer.log"
  exit 1
fi
echo "$name: $(grep -o 'Done [0-9]* runs' "$fuzzer.log" || true)"
