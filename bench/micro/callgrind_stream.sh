#!/usr/bin/env bash
# Instructions per SSE event of the guarded streaming path (gg_bench_stream under callgrind):
# repeatable to a few instructions, whatever else runs on the machine.
#
#   bench/micro/callgrind_stream.sh BUILD_DIR [stream_first|sentence] [OUT_DIR]
#
# Prints Ir per event in total and for the main parts; the profile stays in OUT_DIR.
set -euo pipefail
[[ $# -ge 1 ]] || { sed -n '5p' "$0" | sed 's/^# //' >&2; exit 2; }
bench=$1/bench/micro/gg_bench_stream
hold=${2:-stream_first}
out=${3:-$(mktemp -d /tmp/gg-callgrind-stream.XXXXXX)}
mkdir -p "$out"
profile=$out/callgrind.out
valgrind --tool=callgrind --callgrind-out-file="$profile" --collect-atstart=no \
  --toggle-collect='*measured_answer*' "$bench" --benchmark_filter="GuardedStream/$hold" \
  --benchmark_min_time=0.5 >"$out/bench.txt" 2>&1
events=$(grep -o 'events=[0-9]*' "$out/bench.txt" | head -1 | cut -d= -f2)
calls=$(callgrind_annotate --tree=caller --threshold=100 --auto=no "$profile" 2>/dev/null |
  grep -m1 -E '^ *[0-9,]+ .*< .*\(anonymous namespace\)::BM_GuardedStream.*measured_answer|^ *[0-9,]+ .*<.*BM_GuardedStream' |
  grep -o '([0-9,]*x)' | tr -d '(),x')
callgrind_annotate --inclusive=yes --threshold=100 --auto=no "$profile" 2>/dev/null |
  awk -v n="$((calls * events))" -v calls="$calls" -v events="$events" -v hold="$hold" '
    function ir() { x = $1; gsub(",", "", x); return x + 0 }
    /PROGRAM TOTALS/ { total = ir() }
    /SseParser::feed\(/ && !parse { parse = ir() }
    /ChunkDecoder::decode\(/ && !decode { decode = ir() }
    /FilterChain::run\(/ && !chain { chain = ir() }
    /SentenceVerifier::verify\(/ && !verify { verify = ir() }
    /FilterChainFactory::create\(/ && !create { create = ir() }
    END {
      printf "hold %s: %d answers x %d events\n", hold, calls, events
      printf "Ir per event: total %.0f  parse %.0f  decode %.0f  chain %.0f (verify %.0f)  chain set-up %.0f\n",
        total / n, parse / n, decode / n, chain / n, verify / n, create / n
    }'
echo "profile: $profile"
