#!/usr/bin/env bash
# Per-sentence verification cost with the machine's noise taken out: each bench binary runs
# RUNS times, interleaved, each run a fresh process (so every run is the one cold pass the
# bench measures); a sentence's cost is its least CPU time over the runs. Prints, per binary
# and set, the p50/p90/p99 of those minima and each run's own p99 (which interrupts and
# preemption inflate on a shared machine).
#
#   bench/micro/verify_p99.sh RUNS SET BENCH_BINARY...     (SET: halueval or faithbench,
#                                                           _scored appended: with the scorer)
#
# Data: $GG_BENCH_DATA_DIR, as for the bench itself.
set -euo pipefail
[[ $# -ge 3 ]] || { sed -n '8,9p' "$0" | sed 's/^# //' >&2; exit 2; }
runs=$1 set=$2
shift 2
out=$(mktemp -d /tmp/gg-verify-p99.XXXXXX)
for ((run = 1; run <= runs; ++run)); do
  for ((b = 1; b <= $#; ++b)); do
    dir=$out/$b/$run
    mkdir -p "$dir"
    GG_BENCH_SENTENCE_TIMES=$dir "${!b}" --benchmark_filter="VerifySentence/$set/" \
      >"$dir/bench.txt" 2>&1 && ! grep -q 'ERROR OCCURRED' "$dir/bench.txt" ||
      { cat "$dir/bench.txt" >&2; exit 1; }
  done
done
for ((b = 1; b <= $#; ++b)); do
  python3 - "$out/$b" "$runs" "$set" "${!b}" <<'PY'
import sys
root, runs, name, binary = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
set_file = name.replace("halueval", "halueval_qa", 1)
times = [[float(x) for x in open(f"{root}/{r}/{set_file}.tsv")] for r in range(1, runs + 1)]
def q(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(len(s) * p))]
least = [min(run[i] for run in times) for i in range(len(times[0]))]
print(f"{binary} {name}: min of {runs} runs p50 {q(least, .5):.1f} p90 {q(least, .9):.1f} "
      f"p99 {q(least, .99):.1f} us; each run's p99: " +
      " ".join(f"{q(run, .99):.0f}" for run in times))
PY
done
rm -rf "$out"
