#!/usr/bin/env bash
# User-space instructions per relayed SSE event of one route, under callgrind: repeatable even
# when the machine is busy (wall-clock load runs are not).
#
#   bench/load/callgrind_route.sh BUILD_DIR [--route guard|plain|nginx] [--hold stream_first|sentence]
#                                 [--streams N] [--rate TOKENS_PER_S] [--duration S] [--out DIR]
#                                 [--answer long|short] [--api chat|responses] [--tracing SAMPLE_RATIO]
#
# Same setup as run_load.sh --guard: the mock streams a scripted answer that the request's
# context supports; route "guard" runs semantic_pieces with the hold mode, "plain" has no policy;
# "nginx" profiles nginx instead of groundgate (one worker, run_load.sh's streaming proxy
# config), for the same count on the proxy we compare against.
# The counters are zeroed after a warm-up (context index built, every stream open), dumped after
# the measured window; events = groundgate_added_latency_seconds_count over the same window
# (nginx: the events the load client counted in its window, aligned with the profile's).
# Prints "events requests Ir Ir/event" and keeps the callgrind profile in DIR (default: a new
# /tmp/gg-callgrind-out.* directory; callgrind_annotate it). The scratch directory is removed on
# success and kept, with its logs, on failure.
# --answer short: a one-sentence answer (about 11 events, not 61) from the same context: with a
# run of each length, Ir = per_event * events + per_request * requests splits the two costs.
# --api responses: the same answer through the Responses API (POST /v1/responses): its stream
# has more events per answer (lifecycle events, and the ones that repeat the text).
# --tracing RATIO: groundgate also traces (tracing: with that sample ratio) to a collector stub
# (nginx answering 200, not profiled); the exporter's thread is counted with the rest.
set -euo pipefail
source "$(dirname "$0")/nginx_conf.sh"

usage() {
  sed -n '5,8p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

[[ $# -ge 1 ]] || usage
build=$(cd "$1" && pwd)
shift
route=guard hold=stream_first streams=20 rate=20 duration=20 out="" answer=long api=chat tracing=""
while [[ $# -gt 0 ]]; do
  [[ $# -ge 2 ]] || usage
  case $1 in
    --route) route=$2 ;;
    --hold) hold=$2 ;;
    --streams) streams=$2 ;;
    --rate) rate=$2 ;;
    --duration) duration=$2 ;;
    --out) out=$2 ;;
    --answer) answer=$2 ;;
    --api) api=$2 ;;
    --tracing) tracing=$2 ;;
    *) usage ;;
  esac
  shift 2
done
case $route in guard | plain | nginx) ;; *) usage ;; esac
case $answer in long | short) ;; *) usage ;; esac
case $api in chat | responses) ;; *) usage ;; esac
[[ $route == nginx && $api == responses ]] && usage

gg=$build/proxy/cli/groundgate
client=$build/bench/load/gg_load_client
for bin in "$gg" "$client"; do
  [[ -x $bin ]] || { echo "callgrind_route.sh: missing $bin" >&2; exit 1; }
done

script=callgrind_route.sh
work=$(mktemp -d /tmp/gg-callgrind.XXXXXX)
out=${out:-$(mktemp -d /tmp/gg-callgrind-out.XXXXXX)}
mkdir -p "$out"
source "$(dirname "$0")/processes.sh"
# Under valgrind a server takes seconds to listen.
slow_start=600

event_count() {  # ADMIN_PORT
  curl -s "http://127.0.0.1:$1/metrics" |
    awk '/^groundgate_added_latency_seconds_count/ {n = $NF} END {print n + 0}'
}

request_count() {  # ADMIN_PORT
  curl -s "http://127.0.0.1:$1/metrics" |
    awk '/^groundgate_requests_total/ {n += $NF} END {print n + 0}'
}

facts=(
  "Acme Cloud was founded in 2011 in Oslo."
  "Its chief executive is Maria Jensen."
  "Refunds are issued within 14 days of a cancellation."
  "The Pro plan costs \$12 per month and includes 2 TB of storage."
  "Support answers by email and chat on every day of the week."
)
said="${facts[*]}"
[[ $answer == short ]] && said=${facts[0]}
printf -- '- match: "summarise"\n  answer: "%s"\n' "$said" >"$work/script.yaml"
model=gg-bench
[[ $route == guard ]] && model=gg-guard
if [[ $api == responses ]]; then
  jq -cn --arg model "$model" --arg context "${facts[*]}" '{model: $model, stream: true,
    context: $context, instructions: "Answer from the context only.",
    input: "Summarise the retrieved passages in a few sentences."}' >"$work/body.json"
else
  jq -cn --arg model "$model" --arg context "${facts[*]}" '{model: $model, stream: true,
    context: $context, messages: [{role: "system", content: "Answer from the context only."},
    {role: "user", content: "Summarise the retrieved passages in a few sentences."}]}' \
    >"$work/body.json"
fi

mock_port=$(free_port) gg_port=$(free_port) admin_port=$(free_port)
"$gg" mock-upstream --listen "127.0.0.1:$mock_port" --tokens-per-second "$rate" --stamp \
  --script "$work/script.yaml" >"$work/mock.log" 2>&1 &
pids+=($!)
wait_port "$mock_port" mock "${pids[-1]}" "$slow_start"

warmup=5
if [[ $route == nginx ]]; then
  write_nginx_conf "$work/nginx" "$gg_port" "$mock_port" "$streams" \
    "master_process off; daemon off; worker_processes 1;"
  chmod 755 "$work"  # as in run_load.sh
  valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out" \
    /usr/sbin/nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" \
    >"$work/nginx.log" 2>&1 &
  gg_pid=$!
  pids+=("$gg_pid")
  wait_port "$gg_port" nginx "$gg_pid" "$slow_start"
  # The client's window starts when its ramp ends, when the counters are zeroed.
  "$client" --target "127.0.0.1:$gg_port" --streams "$streams" --duration "$duration" \
    --ramp $((warmup + 1)) --body-file "$work/body.json" --label "$route" \
    >"$work/client.json" 2>"$work/client.err" &
  client_pid=$!
  pids+=("$client_pid")
  sleep $((warmup + 1))
  callgrind_control --zero "$gg_pid" >/dev/null 2>&1
  sleep "$duration"
  callgrind_control --dump "$gg_pid" >/dev/null 2>&1
  wait "$client_pid" || true
  before=0 requests_before=0
  after=$(jq '.events + .done_events' "$work/client.json")  # groundgate counts [DONE] too
  requests_after=$(jq .done_events "$work/client.json")
  kill "$gg_pid" 2>/dev/null || true
  wait "$gg_pid" 2>/dev/null || true
else
  cat >"$work/groundgate.yaml" <<EOF
listen: 127.0.0.1:$gg_port
admin_listen: 127.0.0.1:$admin_port
upstreams:
  mock: {url: "http://127.0.0.1:$mock_port"}
policies:
  guard: {verifiers: [semantic_pieces], hold: $hold}
routes:
  - {name: guard, match: {path_prefix: /v1, model: gg-guard}, upstream: mock, policy: guard}
  - {name: all, match: {path_prefix: /v1}, upstream: mock}
logging: {access_log: false, level: warn}
EOF
  if [[ -n $tracing ]]; then
    collector_port=$(free_port)
    write_collector_conf "$work/collector" "$collector_port"
    chmod 755 "$work"
    /usr/sbin/nginx -p "$work/collector" -c "$work/collector/nginx.conf" \
      -e "$work/collector/error.log" -g 'daemon off;' >"$work/collector.log" 2>&1 &
    pids+=($!)
    wait_port "$collector_port" collector "${pids[-1]}" "$slow_start"
    printf 'tracing: {endpoint: "http://127.0.0.1:%s/v1/traces", sample_ratio: %s}\n' \
      "$collector_port" "$tracing" >>"$work/groundgate.yaml"
  fi
  valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out" \
    "$gg" serve -c "$work/groundgate.yaml" >"$work/groundgate.log" 2>&1 &
  gg_pid=$!
  pids+=("$gg_pid")
  wait_port "$gg_port" groundgate "$gg_pid" "$slow_start"
  wait_port "$admin_port" groundgate-admin "$gg_pid" "$slow_start"

  "$client" --target "127.0.0.1:$gg_port" --streams "$streams" --duration $((duration + warmup + 5)) \
    --ramp 1 --body-file "$work/body.json" --api "$api" --label "$route" \
    >"$work/client.json" 2>"$work/client.err" &
  client_pid=$!
  pids+=("$client_pid")
  sleep $((warmup + 1))
  # The scrapes stay outside the profiled window: rendering /metrics is not relay work (and
  # nginx, counted from the client's side, makes none).
  before=$(event_count "$admin_port") requests_before=$(request_count "$admin_port")
  callgrind_control --zero "$gg_pid" >/dev/null 2>&1
  sleep "$duration"
  callgrind_control --dump "$gg_pid" >/dev/null 2>&1
  after=$(event_count "$admin_port") requests_after=$(request_count "$admin_port")
  wait "$client_pid" || true
  kill "$gg_pid" 2>/dev/null || true
  wait "$gg_pid" 2>/dev/null || true
fi

# The dump after the zero is the second profile file (the first is the final one at exit).
profile=$(ls -t "$out"/callgrind.out.* 2>/dev/null | tail -1)
[[ -n $profile ]] || { echo "callgrind_route.sh: no dump, see $work" >&2; exit 1; }
ir=$(callgrind_annotate "$profile" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
events=$((after - before))
echo "route=$route hold=$hold answer=$answer api=$api tracing=${tracing:-off} streams=$streams rate=$rate duration=$duration profile=$profile"
awk -v e="$events" -v r="$((requests_after - requests_before))" -v ir="$ir" \
  'BEGIN { printf "events %d requests %d Ir %d Ir/event %.0f\n", e, r, ir, e ? ir / e : 0 }'
# Per event, inclusive: the filtered path's work in its two steps, take (before the client write:
# SSE parse and, when the filters only report, the events as they are) and check (after it:
# decode, chain, annotations), and inside them the parse, the chunk decode and sentence
# verification; the rest is the relay, sockets and per-request set-up.
callgrind_annotate --inclusive=yes --threshold=100 --auto=no "$profile" 2>/dev/null |
  awk -v e="$events" '
    function ir() { x = $1; gsub(",", "", x); return x + 0 }
    /SseTransform::take\(/ && !take { take = ir() }
    /SseTransform::check\(/ && !check { check = ir() }
    /SentenceVerifier::verify\(/ && !verify { verify = ir() }
    /(ChunkDecoder|ResponsesEventDecoder)::decode\(/ && !decode { decode = ir() }
    /SseParser::feed\(/ && !parse { parse = ir() }
    END { if (e) printf "per event: transform %.0f = take %.0f + check %.0f (parse %.0f, decode %.0f, verify %.0f)\n",
                        (take + check) / e, take / e, check / e, parse / e, decode / e, verify / e }'
