#!/usr/bin/env bash
# Judge load benchmark: what a slow judge model costs the streams it does not hold up, and
# whether many streams that escalate to it stay bounded. One run, the same load on two routes
# of one groundgate, interleaved (guard, judged, judged, guard: drift cancels out):
#
#   bench/load/run_judge_load.sh BUILD_DIR [--streams N] [--rate TOKENS_PER_S] [--duration S]
#                                [--ramp S] [--judge-ms MS] [--hold stream_first|sentence]
#                                [--out FILE]
#
# The mock upstream answers every request with ten sentences, nine of them stated by the
# request's context and one not (10% of the sentences in the judge's band [0.5, 1]). Both routes
# verify with semantic_pieces in the given hold mode (default stream_first); `judged` also puts
# the sentences in its band to a judge model (label method) on a mock of its own that answers
# after --judge-ms (default 300). The figures that count are the ratios judged / guard of the
# per-event latency the proxy adds (client arrival − mock stamp, minus the direct path's), and
# the judge's own counters: calls by outcome, sentences skipped over a bound (max_in_flight),
# side requests failed, calls in flight (sampled once a second: the bound holds, no queue).
#
# Builds nothing: needs BUILD_DIR/proxy/cli/groundgate and BUILD_DIR/bench/load/gg_load_client.
set -euo pipefail

usage() {
  sed -n '6,8p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

[[ $# -ge 1 ]] || usage
build=$(cd "$1" && pwd)
shift
streams=1000 rate=50 duration=15 ramp=2 judge_ms=300 hold=stream_first
out="$build/bench/load/judge_load_results.txt"
while [[ $# -gt 0 ]]; do
  [[ $# -ge 2 ]] || usage
  case $1 in
    --streams) streams=$2 ;;
    --rate) rate=$2 ;;
    --duration) duration=$2 ;;
    --ramp) ramp=$2 ;;
    --judge-ms) judge_ms=$2 ;;
    --hold) hold=$2 ;;
    --out) out=$2 ;;
    *) usage ;;
  esac
  shift 2
done
case $hold in stream_first | sentence) ;; *) usage ;; esac

gg=$build/proxy/cli/groundgate
client=$build/bench/load/gg_load_client
for bin in "$gg" "$client"; do
  [[ -x $bin ]] || { echo "run_judge_load.sh: missing $bin (build it first)" >&2; exit 1; }
done
command -v jq >/dev/null || { echo "run_judge_load.sh: needs jq" >&2; exit 1; }

# Every stream holds a client socket, a proxy socket on each side, a mock socket and a judge
# call's two.
want_fds=$((6 * streams + 1024))
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
if [[ $(ulimit -n) != unlimited && $(ulimit -n) -lt $want_fds ]]; then
  echo "run_judge_load.sh: need ulimit -n ≥ $want_fds, have $(ulimit -n)" >&2
  exit 1
fi

work=$(mktemp -d /tmp/gg-judge-load.XXXXXX)
script=run_judge_load.sh
source "$(dirname "$0")/processes.sh"

facts=(
  "Acme Cloud was founded in 2011 in Oslo."
  "Its chief executive is Maria Jensen."
  "Refunds are issued within 14 days of a cancellation."
  "The Pro plan costs \$12 per month and includes 2 TB of storage."
  "Support answers by email and chat on every day of the week."
  "The Team plan costs \$30 per month for five users."
  "Acme Cloud has data centres in Oslo and Frankfurt."
  "Backups are kept for 30 days."
  "Accounts can be deleted from the settings page."
)
context="${facts[*]} The free plan includes 5 GB of storage."
answer="${facts[*]} The company also runs a coffee roastery in Bergen."
printf -- '- match: "summarise"\n  answer: "%s"\n' "$answer" >"$work/script.yaml"
printf -- '- first_byte_delay_ms: %s\n  answer: "VERDICT: UNSUPPORTED\\nQUOTE: none"\n' \
  "$judge_ms" >"$work/judge.yaml"
for model in gg-direct gg-guard gg-judged; do
  jq -cn --arg model "$model" --arg context "$context" '{model: $model, stream: true,
    context: $context, messages: [{role: "system", content: "Answer from the context only."},
    {role: "user", content: "Summarise the retrieved passages in a few sentences."}]}' \
    >"$work/body-$model.json"
done

load_at_start=$(cut -d' ' -f1-3 /proc/loadavg)
mock_port=$(free_port) judge_port=$(free_port) gg_port=$(free_port) admin_port=$(free_port)
"$gg" mock-upstream --listen "127.0.0.1:$mock_port" --tokens-per-second "$rate" --stamp \
  --script "$work/script.yaml" >"$work/mock.log" 2>&1 &
mock_pid=$!
pids+=("$mock_pid")
"$gg" mock-upstream --listen "127.0.0.1:$judge_port" --script "$work/judge.yaml" \
  >"$work/judge.log" 2>&1 &
pids+=($!)
wait_port "$mock_port" mock "$mock_pid"
wait_port "$judge_port" judge "${pids[-1]}"

cat >"$work/groundgate.yaml" <<EOF
listen: 127.0.0.1:$gg_port
admin_listen: 127.0.0.1:$admin_port
upstreams:
  mock: {url: "http://127.0.0.1:$mock_port"}
  judge: {url: "http://127.0.0.1:$judge_port"}
policies:
  guard: {verifiers: [semantic_pieces], hold: $hold}
  judged:
    verifiers: [semantic_pieces]
    hold: $hold
    judge: {model: bench-judge, upstream: judge, auth: none, band: [0.5, 1],
            max_in_flight: $((streams * 2)), timeout: 10s, cache_bytes: 0}
routes:
  - {name: guard, match: {path_prefix: /v1, model: gg-guard}, upstream: mock, policy: guard}
  - {name: judged, match: {path_prefix: /v1, model: gg-judged}, upstream: mock, policy: judged}
  - {name: all, match: {path_prefix: /v1}, upstream: mock}
logging: {access_log: false, level: warn}
limits: {max_connections: $((streams * 2 + 1000))}
EOF
"$gg" serve -c "$work/groundgate.yaml" >"$work/groundgate.log" 2>&1 &
gg_pid=$!
pids+=("$gg_pid")
wait_port "$gg_port" groundgate "$gg_pid"
wait_port "$admin_port" groundgate-admin "$gg_pid"

# One answer through the judged route must carry the judge's summary: the path works.
curl -sN --max-time 20 "http://127.0.0.1:$gg_port/v1/chat/completions" \
  -H 'Content-Type: application/json' -d @"$work/body-gg-judged.json" >"$work/check.txt"
grep -q '"judge":{"asked":1,"decided":1' "$work/check.txt" || {
  echo "run_judge_load.sh: the judged route did not judge its sentence, see $work/check.txt" >&2
  exit 1
}

metric() {  # FILE NAME_PREFIX → the sum of the matching series
  awk -v p="$2" 'index($0, p) == 1 {s += $NF} END {printf "%d\n", s}' "$1"
}

# Runs the client on one route; samples the judge's calls in flight once a second.
run_path() {  # LABEL MODEL PORT
  local label=$1 model=$2 port=$3 peak=0 now
  curl -s "http://127.0.0.1:$admin_port/metrics" >"$work/$label.before"
  timeout $((${ramp%.*} + ${duration%.*} + 60)) "$client" --target "127.0.0.1:$port" \
    --streams "$streams" --duration "$duration" --ramp "$ramp" --label "$label" \
    --body-file "$work/body-$model.json" >"$work/$label.json" 2>"$work/$label.err" &
  local client_pid=$!
  while kill -0 "$client_pid" 2>/dev/null; do
    sleep 1
    now=$(curl -s --max-time 2 "http://127.0.0.1:$admin_port/metrics" |
      awk '/^groundgate_judge_calls_in_flight/ {s += $NF} END {print s + 0}' || echo 0)
    ((now > peak)) && peak=$now
  done
  wait "$client_pid" || { echo "run_judge_load.sh: client failed on $label, see $work" >&2; exit 1; }
  sleep 1  # the last answers' judge calls end
  curl -s "http://127.0.0.1:$admin_port/metrics" >"$work/$label.after"
  echo "$peak" >"$work/$label.peak"
}

echo "# $streams streams, $rate tokens/s, ${ramp}s ramp + ${duration}s per path, hold $hold," \
  "judge ${judge_ms} ms" >&2
run_path direct gg-direct "$mock_port"
sleep 2
run_path guard gg-guard "$gg_port"
sleep 2
run_path judged gg-judged "$gg_port"
sleep 2
run_path judged-b gg-judged "$gg_port"
sleep 2
run_path guard-b gg-guard "$gg_port"

read -r d50 d99 < <(jq -r '"\(.p50_us) \(.p99_us)"' "$work/direct.json")
{
  echo "groundgate judge load benchmark $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  echo "load: $streams streams, $rate tokens/s per stream, ${ramp}s ramp, ${duration}s measured;" \
    "hold $hold; judge answers after ${judge_ms} ms; 1 sentence in 10 in its band"
  echo "load average at start: $load_at_start, at end: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  printf '%-9s %9s %9s %8s %8s %9s %9s %7s %7s %7s %8s %8s %8s %8s\n' path events/s events \
    p50_us p99_us add_p50 add_p99 errors answers j_calls j_ok j_skip j_fail inflight
  for label in direct guard judged judged-b guard-b; do
    json=$work/$label.json
    add50=- add99=- calls=- ok=- skip=- fail=- peak=-
    if [[ $label != direct ]]; then
      add50=$(jq -r --argjson d "$d50" '.p50_us - $d | . * 10 | round / 10' "$json")
      add99=$(jq -r --argjson d "$d99" '.p99_us - $d | . * 10 | round / 10' "$json")
      calls=$(($(metric "$work/$label.after" groundgate_judge_calls_total) -
        $(metric "$work/$label.before" groundgate_judge_calls_total)))
      ok=$(($(metric "$work/$label.after" 'groundgate_judge_calls_total{route="judged",method="label",outcome="ok"') -
        $(metric "$work/$label.before" 'groundgate_judge_calls_total{route="judged",method="label",outcome="ok"')))
      skip=$(($(metric "$work/$label.after" groundgate_judge_skipped_total) -
        $(metric "$work/$label.before" groundgate_judge_skipped_total)))
      fail=$(($(metric "$work/$label.after" 'groundgate_side_requests_total{route="judged",outcome="failed"') -
        $(metric "$work/$label.before" 'groundgate_side_requests_total{route="judged",outcome="failed"')))
      peak=$(cat "$work/$label.peak")
    fi
    jq -r --arg l "$label" --arg a50 "$add50" --arg a99 "$add99" --arg c "$calls" --arg o "$ok" \
      --arg s "$skip" --arg f "$fail" --arg p "$peak" \
      '[$l, (.events_per_s|floor), .events, .p50_us, .p99_us, $a50, $a99, .errors,
        .done_events, $c, $o, $s, $f, $p] | @tsv' "$json" |
      awk -F'\t' '{ printf "%-9s %9s %9s %8s %8s %9s %9s %7s %7s %7s %8s %8s %8s %8s\n",
                    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14 }'
  done
  echo
  echo "latency = client read time − mock write stamp per SSE event (µs); add_* = path − direct;"
  echo "answers = answers finished ([DONE] seen); j_calls, j_ok = judge calls (all, answered ok),"
  echo "j_skip = sentences in the band not asked (a bound), j_fail = side requests failed, from"
  echo "/metrics over the path's window; inflight = most judge calls out at a once-a-second sample"
  # The ratios that count: judged over guard, each the mean of its two interleaved rounds.
  stat() {  # FIELD LABEL... → the mean of FIELD over the labels' results
    local field=$1
    shift
    for label in "$@"; do jq -r ".$field" "$work/$label.json"; done |
      awk '{ s += $1; n++ } END { print s / n }'
  }
  awk -v g50="$(stat p50_us guard guard-b)" -v g99="$(stat p99_us guard guard-b)"     -v j50="$(stat p50_us judged judged-b)" -v j99="$(stat p99_us judged judged-b)"     -v ge="$(stat events_per_s guard guard-b)" -v je="$(stat events_per_s judged judged-b)"     -v d50="$d50" -v d99="$d99" 'BEGIN {
      a = g50 - d50; b = j50 - d50; c = g99 - d99; e = j99 - d99
      printf "judged / guard, added latency per event: p50 %.1f / %.1f µs = %s, p99 %.1f / %.1f µs = %s; events/s %.0f / %.0f = %.2fx\n",
        b, a, (a > 0 && b > 0 ? sprintf("%.2fx", b / a) : "-"), e, c,
        (c > 0 && e > 0 ? sprintf("%.2fx", e / c) : "-"),
        je, ge, (ge > 0 ? je / ge : 0)
      # An added p99 at or below zero is noise (the direct path had the worse tail): the
      # latencies themselves, then.
      printf "judged / guard, latency per event as measured: p50 %.1f / %.1f µs = %.2fx, p99 %.1f / %.1f µs = %.2fx\n",
        j50, g50, (g50 > 0 ? j50 / g50 : 0), j99, g99, (g99 > 0 ? j99 / g99 : 0) }'
  grep -E '^groundgate_judge_seconds_(count|sum)\{route="judged"' "$work/judged-b.after" || true
  grep -E '^groundgate_judge_(calls|skipped|sentences)_total\{route="judged"' \
    "$work/judged-b.after" || true
  echo "(side requests failed at a window's end are the judge calls of answers the client cut off"
  echo "when its window closed: cancelled with their streams, never a verdict)"
  for label in direct guard judged judged-b guard-b; do
    jq -r 'select(.first_error != "") | "\(.label) first error: \(.first_error)"' \
      "$work/$label.json"
  done
  echo
  echo "raw:"
  for label in direct guard judged judged-b guard-b; do cat "$work/$label.json"; done
} | tee "$out"
echo "written to $out" >&2
