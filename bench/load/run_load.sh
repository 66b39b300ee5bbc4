#!/usr/bin/env bash
# Load benchmark: mock upstream → {direct | groundgate | nginx} → gg_load_client over loopback,
# N concurrent streams at a set token rate, the three paths one after another in one run.
#
#   bench/load/run_load.sh BUILD_DIR [--streams N] [--rate TOKENS_PER_S] [--duration S]
#                          [--ramp S] [--threads N] [--out FILE] [--guard sentence|stream_first]
#                          [--syscalls 1] [--tracing SAMPLE_RATIO] [--api chat|responses]
#                          [--nginx 1]
#
# --guard: inline guarding instead of nginx. Requests carry a retrieved context ("context"
# field) that supports the mock's scripted answer; the paths are direct, groundgate (a route
# with no policy) and guard (a route whose policy runs semantic_pieces with that hold mode and
# default actions). Also reports groundgate_hold_delay_seconds{route="guard"}.
# --nginx 1 (with --guard): nginx too, relaying the guard route's request (the same answer), so
# that both groundgate routes' CPU per event are set against nginx's in the same run.
# --tracing RATIO: what tracing costs, instead of nginx. A second groundgate ("traced") runs the
# same config plus `tracing:` with that sample ratio, exporting to a collector stub (nginx
# answering 200 to every OTLP POST); the paths are direct, groundgate (tracing off) and traced.
# With --guard both groundgate paths use the guard route. Also reports the spans exported and
# dropped.
# --syscalls 1: also counts each proxy's system calls over the measured window (perf stat on
# the syscall tracepoints; needs perf) and prints them per event received.
# --api responses: after the chat completions paths, the same paths through the Responses API
# (POST /v1/responses; labels with -r, nginx left out), and what each API's path adds per event
# next to the other's, in the same run. Not with --tracing.
#
# Builds nothing: needs BUILD_DIR/proxy/cli/groundgate and BUILD_DIR/bench/load/gg_load_client.
# Latency per event = client arrival − mock send stamp (both CLOCK_MONOTONIC); a proxy's added
# latency = its percentile − the direct path's percentile.
set -euo pipefail
source "$(dirname "$0")/nginx_conf.sh"

usage() {
  sed -n '4,7p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

[[ $# -ge 1 ]] || usage
build=$(cd "$1" && pwd)
shift
streams=1000 rate=50 duration=20 ramp=2 threads=1 guard="" syscalls=0 tracing="" api=chat
with_nginx=0
out="$build/bench/load/load_results.txt"
while [[ $# -gt 0 ]]; do
  [[ $# -ge 2 ]] || usage
  case $1 in
    --streams) streams=$2 ;;
    --rate) rate=$2 ;;
    --duration) duration=$2 ;;
    --ramp) ramp=$2 ;;
    --threads) threads=$2 ;;
    --out) out=$2 ;;
    --guard) guard=$2 ;;
    --syscalls) syscalls=$2 ;;
    --tracing) tracing=$2 ;;
    --api) api=$2 ;;
    --nginx) with_nginx=$2 ;;
    *) usage ;;
  esac
  shift 2
done

case $guard in
  "" | sentence | stream_first) ;;
  *) usage ;;
esac
case $api in chat | responses) ;; *) usage ;; esac
if [[ $api == responses && -n $tracing ]]; then usage; fi
if [[ $with_nginx == 1 && -z $guard ]]; then usage; fi  # without --guard nginx runs anyway

gg=$build/proxy/cli/groundgate
client=$build/bench/load/gg_load_client
syscall_events=""
if [[ $syscalls == 1 ]]; then
  command -v perf >/dev/null || { echo "run_load.sh: --syscalls needs perf (linux-perf)" >&2; exit 1; }
  for call in read readv recvfrom recvmsg write writev sendto sendmsg epoll_wait epoll_ctl \
    timerfd_settime futex accept4 close; do
    syscall_events+="${syscall_events:+,}syscalls:sys_enter_$call"
  done
fi
for bin in "$gg" "$client" /usr/sbin/nginx; do
  [[ -x $bin ]] || { echo "run_load.sh: missing $bin (build it first)" >&2; exit 1; }
done

# Every stream holds a client socket, a proxy socket on each side and a mock socket.
want_fds=$((4 * streams + 1024))
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
if [[ $(ulimit -n) != unlimited && $(ulimit -n) -lt $want_fds ]]; then
  ulimit -n "$want_fds" 2>/dev/null || {
    echo "run_load.sh: need ulimit -n ≥ $want_fds, have $(ulimit -n)" >&2
    exit 1
  }
fi

work=$(mktemp -d /tmp/gg-load.XXXXXX)
chmod 755 "$work"  # nginx workers run as an unprivileged user when started by root
script=run_load.sh
source "$(dirname "$0")/processes.sh"

rss_kib() {  # PID... → summed VmRSS in KiB
  local total=0 kib
  for pid in "$@"; do
    kib=$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
    total=$((total + ${kib:-0}))
  done
  echo "$total"
}

cpu_ticks() {  # PID... → summed "utime stime" in clock ticks
  local user=0 system=0 u st
  for pid in "$@"; do
    read -r u st < <(awk '{print $14, $15}' "/proc/$pid/stat" 2>/dev/null || echo "0 0")
    user=$((user + ${u:-0}))
    system=$((system + ${st:-0}))
  done
  echo "$user $system"
}

# One streamed answer through PORT must carry the mock's stamp: the path works end to end.
check_path() {  # PORT NAME [BODY_FILE]
  local body='{"model":"gg-bench","stream":true,"messages":[{"role":"user","content":"check"}]}'
  local path=/v1/chat/completions stamp='"system_fingerprint":"gg-ts-' end='^data: \[DONE\]'
  if [[ $2 == *-r ]]; then
    body='{"model":"gg-bench","stream":true,"input":"check"}'
    path=/v1/responses stamp='"obfuscation":"gg-ts-' end='^event: response.completed'
  fi
  if [[ -n ${3:-} ]]; then body=$(cat "$3"); fi
  if ! curl -sN --max-time 10 "http://127.0.0.1:$1$path" \
    -H 'Content-Type: application/json' -d "$body" >"$work/check-$2.txt" ||
    ! grep -q "$stamp" "$work/check-$2.txt" || ! grep -q "$end" "$work/check-$2.txt"; then
    echo "run_load.sh: a streamed answer through $2 failed, see $work/check-$2.txt" >&2
    exit 1
  fi
}

# A histogram's buckets (the lines that start with PREFIX) → "count p50_us p99_us" (linear
# inside a bucket, as Prometheus' histogram_quantile does).
metric_quantiles() {  # METRICS_FILE_BEFORE METRICS_FILE_AFTER [PREFIX]
  awk -v prefix="${3:-groundgate_added_latency_seconds_bucket}" '
    index($0, prefix) == 1 {
      match($0, /le="[^"]*"/)
      le = substr($0, RSTART + 4, RLENGTH - 5)
      if (FILENAME == ARGV[1]) before[le] = $NF; else { after[le] = $NF; order[n++] = le }
    }
    function quantile(q,    i, rank, prev_le, prev_c, c, le) {
      rank = q * total; prev_le = 0; prev_c = 0
      for (i = 0; i < n; i++) {
        le = order[i]; c = after[le] - before[le]
        if (c >= rank) {
          if (le == "+Inf") return prev_le
          return prev_le + (le - prev_le) * (c == prev_c ? 0 : (rank - prev_c) / (c - prev_c))
        }
        prev_le = le; prev_c = c
      }
      return prev_le
    }
    END {
      total = after["+Inf"] - before["+Inf"]
      if (total <= 0) { print "0 - -"; exit }
      printf "%d %.1f %.1f\n", total, quantile(0.5) * 1e6, quantile(0.99) * 1e6
    }' "$1" "$2"
}

# Guard mode: a scripted answer that the request's context supports sentence by sentence.
if [[ -n $guard ]]; then
  facts=(
    "Acme Cloud was founded in 2011 in Oslo."
    "Its chief executive is Maria Jensen."
    "Refunds are issued within 14 days of a cancellation."
    "The Pro plan costs \$12 per month and includes 2 TB of storage."
    "Support answers by email and chat on every day of the week."
  )
  printf -- '- match: "summarise"\n  answer: "%s"\n' "${facts[*]}" >"$work/script.yaml"
  for model in gg-bench gg-guard; do
    jq -cn --arg model "$model" --arg context "${facts[*]}" '{model: $model, stream: true,
      context: $context, messages: [{role: "system", content: "Answer from the context only."},
      {role: "user", content: "Summarise the retrieved passages in a few sentences."}]}' \
      >"$work/body-$model.json"
    # The same request through the Responses API.
    jq -cn --arg model "$model" --arg context "${facts[*]}" '{model: $model, stream: true,
      context: $context, instructions: "Answer from the context only.",
      input: "Summarise the retrieved passages in a few sentences."}' \
      >"$work/body-$model-r.json"
  done
fi

load_at_start=$(cut -d' ' -f1-3 /proc/loadavg)
mock_port=$(free_port)
gg_port=$(free_port)
admin_port=$(free_port)
nginx_port=$(free_port)
traced_port=$(free_port)
traced_admin_port=$(free_port)

mock_args=()
if [[ -n $guard ]]; then mock_args=(--script "$work/script.yaml"); fi
"$gg" mock-upstream --listen "127.0.0.1:$mock_port" --tokens-per-second "$rate" --stamp \
  "${mock_args[@]}" >"$work/mock.log" 2>&1 &
mock_pid=$!
pids+=("$mock_pid")
wait_port "$mock_port" mock "$mock_pid"

cat >"$work/groundgate.yaml" <<EOF
listen: 127.0.0.1:$gg_port
admin_listen: 127.0.0.1:$admin_port
upstreams:
  mock: {url: "http://127.0.0.1:$mock_port"}
routes:
  - {name: all, match: {path_prefix: /v1}, upstream: mock}
logging: {access_log: false, level: warn}
limits: {max_connections: $((streams * 2 + 1000))}
EOF
if [[ -n $guard ]]; then
  # The guard route goes first: it takes the requests for model gg-guard.
  cat >"$work/groundgate.yaml" <<EOF
listen: 127.0.0.1:$gg_port
admin_listen: 127.0.0.1:$admin_port
upstreams:
  mock: {url: "http://127.0.0.1:$mock_port"}
policies:
  guard: {verifiers: [semantic_pieces], hold: $guard}
routes:
  - {name: guard, match: {path_prefix: /v1, model: gg-guard}, upstream: mock, policy: guard}
  - {name: all, match: {path_prefix: /v1}, upstream: mock}
logging: {access_log: false, level: warn}
limits: {max_connections: $((streams * 2 + 1000))}
EOF
fi
"$gg" serve -c "$work/groundgate.yaml" >"$work/groundgate.log" 2>&1 &
gg_pid=$!
pids+=("$gg_pid")
wait_port "$gg_port" groundgate "$gg_pid"
wait_port "$admin_port" groundgate-admin "$gg_pid"

# Tracing: the collector stub (on nginx's port) and the traced groundgate.
if [[ -n $tracing ]]; then
  write_collector_conf "$work/collector" "$nginx_port"
  /usr/sbin/nginx -p "$work/collector" -c "$work/collector/nginx.conf" \
    -e "$work/collector/error.log" -g 'daemon off;' >"$work/collector.log" 2>&1 &
  collector_pid=$!
  pids+=("$collector_pid")
  wait_port "$nginx_port" collector "$collector_pid"
  sed -e "s/^listen: .*/listen: 127.0.0.1:$traced_port/" \
    -e "s/^admin_listen: .*/admin_listen: 127.0.0.1:$traced_admin_port/" \
    "$work/groundgate.yaml" >"$work/traced.yaml"
  printf 'tracing: {endpoint: "http://127.0.0.1:%s/v1/traces", sample_ratio: %s}\n' \
    "$nginx_port" "$tracing" >>"$work/traced.yaml"
  "$gg" serve -c "$work/traced.yaml" >"$work/traced.log" 2>&1 &
  traced_pid=$!
  pids+=("$traced_pid")
  wait_port "$traced_port" traced "$traced_pid"
fi

start_nginx() {
write_nginx_conf "$work/nginx" "$nginx_port" "$mock_port" "$streams" \
  "worker_processes 2; worker_rlimit_nofile $want_fds;"
/usr/sbin/nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" \
  -g 'daemon off;' >"$work/nginx.log" 2>&1 &
nginx_pid=$!
pids+=("$nginx_pid")
wait_port "$nginx_port" nginx "$nginx_pid"
}

if [[ -n $tracing ]]; then
  body=()
  if [[ -n $guard ]]; then body=("$work/body-gg-guard.json"); fi
  check_path "$mock_port" direct "${body[@]}"
  check_path "$gg_port" groundgate "${body[@]}"
  check_path "$traced_port" traced "${body[@]}"
elif [[ -z $guard ]]; then
  start_nginx
  check_path "$mock_port" direct
  check_path "$gg_port" groundgate
  check_path "$nginx_port" nginx
else
  check_path "$mock_port" direct "$work/body-gg-bench.json"
  check_path "$gg_port" groundgate "$work/body-gg-bench.json"
  check_path "$gg_port" guard "$work/body-gg-guard.json"
  grep -q '"groundgate"' "$work/check-guard.txt" || {
    echo "run_load.sh: the guard route added no annotation, see $work/check-guard.txt" >&2
    exit 1
  }
  if [[ $with_nginx == 1 ]]; then
    start_nginx
    check_path "$nginx_port" nginx "$work/body-gg-guard.json"
  fi
fi
if [[ $api == responses ]]; then
  if [[ -z $guard ]]; then
    check_path "$mock_port" direct-r
    check_path "$gg_port" groundgate-r
  else
    check_path "$mock_port" direct-r "$work/body-gg-bench-r.json"
    check_path "$gg_port" groundgate-r "$work/body-gg-bench-r.json"
    check_path "$gg_port" guard-r "$work/body-gg-guard-r.json"
    grep -q '"groundgate"' "$work/check-guard-r.txt" || {
      echo "run_load.sh: the guard route added no annotation, see $work/check-guard-r.txt" >&2
      exit 1
    }
  fi
fi

# Runs the client against one path while sampling the proxy's RSS once a second after the ramp.
# Writes $work/<label>.json, .rss (idle, peak loaded, after) and .cpu (the proxy's and the
# mock's user and system CPU ticks before and after).
# The request body is $work/body-$path_model.json when guarding (-r: the Responses API's).
path_model=gg-bench
run_path() {  # LABEL PORT PROXY_PIDS...
  local label=$1 port=$2
  shift 2
  local proxy_pids=("$@")
  local idle=0 peak=0 rss ticks_before ticks_after mock_before mock_after gauge=""
  if [[ ${#proxy_pids[@]} -gt 0 ]]; then idle=$(rss_kib "${proxy_pids[@]}"); fi
  ticks_before=$(cpu_ticks "${proxy_pids[@]}")
  mock_before=$(cpu_ticks "$mock_pid")
  local body_args=() suffix=""
  if [[ $label == *-r ]]; then body_args=(--api responses) suffix=-r; fi
  if [[ -n $guard ]]; then body_args+=(--body-file "$work/body-$path_model$suffix.json"); fi
  timeout $((${ramp%.*} + ${duration%.*} + 60)) "$client" --target "127.0.0.1:$port" \
    --streams "$streams" --duration "$duration" --ramp "$ramp" --threads "$threads" \
    --label "$label" "${body_args[@]}" >"$work/$label.json" 2>"$work/$label.err" &
  local client_pid=$!
  sleep "$ramp"
  local perf_pid=""
  if [[ $syscalls == 1 && ${#proxy_pids[@]} -gt 0 ]]; then
    local IFS=,
    perf stat -x, -e "$syscall_events" -p "${proxy_pids[*]}" -o "$work/$label.sys" \
      -- sleep "$duration" >/dev/null 2>&1 &
    perf_pid=$!
    unset IFS
  fi
  while kill -0 "$client_pid" 2>/dev/null; do
    sleep 1
    if [[ ${#proxy_pids[@]} -gt 0 ]] && kill -0 "$client_pid" 2>/dev/null; then
      rss=$(rss_kib "${proxy_pids[@]}")
      ((rss > peak)) && peak=$rss
      if [[ $label != nginx && -z $gauge ]]; then
        gauge=$(curl -s --max-time 2 "http://127.0.0.1:$admin_port/metrics" |
          awk '/^groundgate_streams_in_flight/ {s = $NF} /^groundgate_connections_open/ {c = $NF}
               END {print s "/" c}' || true)
      fi
    fi
  done
  wait "$client_pid" || { echo "run_load.sh: client failed on $label, see $work" >&2; exit 1; }
  if [[ -n $perf_pid ]]; then wait "$perf_pid" || true; fi
  ticks_after=$(cpu_ticks "${proxy_pids[@]}")
  mock_after=$(cpu_ticks "$mock_pid")
  local after=0
  if [[ ${#proxy_pids[@]} -gt 0 ]]; then after=$(rss_kib "${proxy_pids[@]}"); fi
  echo "$idle $peak $after ${gauge:--}" >"$work/$label.rss"
  echo "$ticks_before $ticks_after $mock_before $mock_after" >"$work/$label.cpu"  # u s pairs
  cat "$work/$label.json"
}

echo "# $streams streams, $rate tokens/s, ${ramp}s ramp + ${duration}s measured per path" >&2
if [[ -n $tracing && -n $guard ]]; then path_model=gg-guard; fi
run_path direct "$mock_port"
sleep 2
curl -s "http://127.0.0.1:$admin_port/metrics" >"$work/metrics-before.txt"
run_path groundgate "$gg_port" "$gg_pid"
curl -s "http://127.0.0.1:$admin_port/metrics" >"$work/metrics-after.txt"
sleep 2
if [[ -n $tracing ]]; then
  run_path traced "$traced_port" "$traced_pid"
  sleep 3  # the last batch leaves after the flush interval
  curl -s "http://127.0.0.1:$traced_admin_port/metrics" >"$work/metrics-traced.txt"
  paths=(direct groundgate traced)
elif [[ -z $guard ]]; then
  mapfile -t nginx_workers < <(pgrep -P "$nginx_pid" || true)
  run_path nginx "$nginx_port" "$nginx_pid" "${nginx_workers[@]}"
  paths=(direct groundgate nginx)
else
  path_model=gg-guard
  curl -s "http://127.0.0.1:$admin_port/metrics" >"$work/metrics-guard-before.txt"
  run_path guard "$gg_port" "$gg_pid"
  curl -s "http://127.0.0.1:$admin_port/metrics" >"$work/metrics-guard-after.txt"
  paths=(direct groundgate guard)
  if [[ $with_nginx == 1 ]]; then
    sleep 2
    mapfile -t nginx_workers < <(pgrep -P "$nginx_pid" || true)
    run_path nginx "$nginx_port" "$nginx_pid" "${nginx_workers[@]}"
    paths+=(nginx)
  fi
fi
if [[ $api == responses ]]; then
  # The same paths through the Responses API, in the same run.
  sleep 2
  path_model=gg-bench
  run_path direct-r "$mock_port"
  sleep 2
  curl -s "http://127.0.0.1:$admin_port/metrics" >"$work/metrics-r-before.txt"
  run_path groundgate-r "$gg_port" "$gg_pid"
  curl -s "http://127.0.0.1:$admin_port/metrics" >"$work/metrics-r-after.txt"
  paths+=(direct-r groundgate-r)
  if [[ -n $guard ]]; then
    sleep 2
    path_model=gg-guard
    curl -s "http://127.0.0.1:$admin_port/metrics" >"$work/metrics-guard-r-before.txt"
    run_path guard-r "$gg_port" "$gg_pid"
    curl -s "http://127.0.0.1:$admin_port/metrics" >"$work/metrics-guard-r-after.txt"
    paths+=(guard-r)
  fi
fi

tick=$(getconf CLK_TCK)
cpu_per_event() {  # LABEL → the proxy's CPU time per event received, in µs
  local u0 s0 u1 s1 rest
  read -r u0 s0 u1 s1 rest <"$work/$1.cpu"
  awk -v t=$((u1 - u0 + s1 - s0)) -v hz="$tick" -v e="$(jq -r .events "$work/$1.json")" \
    'BEGIN { printf "%.3f", e ? t / hz * 1e6 / e : 0 }'
}
cpu_split=""
read -r gm_count gm_p50 gm_p99 < <(metric_quantiles "$work/metrics-before.txt" "$work/metrics-after.txt")
read -r d50 d99 < <(jq -r '"\(.p50_us) \(.p99_us)"' "$work/direct.json")
if [[ $api == responses ]]; then
  read -r dr50 dr99 < <(jq -r '"\(.p50_us) \(.p99_us)"' "$work/direct-r.json")
fi

{
  echo "groundgate load benchmark $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  echo "load: $streams streams, $rate tokens/s per stream, ${ramp}s ramp, ${duration}s measured," \
    "client threads $threads${guard:+, guard: semantic_pieces with hold $guard}"
  echo "load average at start: $load_at_start, at end: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  printf '%-10s %9s %9s %8s %8s %8s %9s %9s %9s %7s %7s %9s %9s %8s %8s\n' \
    path events/s events p50_us p90_us p99_us max_us add_p50 add_p99 errors open \
    rss_idle rss_load KiB/strm cpu_us/ev
  for label in "${paths[@]}"; do
    json=$work/$label.json
    read -r idle peak after gauge <"$work/$label.rss"
    read -r u0 s0 u1 s1 mu0 ms0 mu1 ms1 <"$work/$label.cpu"
    events=$(jq -r .events "$json")
    # The proxy's CPU (direct: the mock's), user and system.
    user=$((u1 - u0)) system=$((s1 - s0))
    if [[ $label == direct* ]]; then user=$((mu1 - mu0)) system=$((ms1 - ms0)); fi
    split=$(awk -v u=$user -v s=$system -v hz="$tick" -v e="$events" \
      'BEGIN { printf "%.1f + %.1f", e ? u / hz * 1e6 / e : 0, e ? s / hz * 1e6 / e : 0 }')
    cpu_split+="${cpu_split:+, }$label $split"
    cpu=$(awk -v t=$((user + system)) -v hz="$tick" -v e="$events" \
      'BEGIN { printf "%.1f", e ? t / hz * 1e6 / e : 0 }')
    if [[ $label == direct* ]]; then
      add50=- add99=- ri=- rl=- per=-
    else
      # Each API's paths against its own direct path.
      base50=$d50 base99=$d99
      if [[ $label == *-r ]]; then base50=$dr50 base99=$dr99; fi
      add50=$(jq -r --argjson d "$base50" '.p50_us - $d | . * 10 | round / 10' "$json")
      add99=$(jq -r --argjson d "$base99" '.p99_us - $d | . * 10 | round / 10' "$json")
      ri=$((idle / 1024))M rl=$((peak / 1024))M
      per=$(awk -v a="$idle" -v b="$peak" -v n="$streams" 'BEGIN { printf "%.1f", (b - a) / n }')
    fi
    jq -r --arg l "$label" --arg a50 "$add50" --arg a99 "$add99" --arg ri "$ri" --arg rl "$rl" \
      --arg per "$per" --arg cpu "$cpu" \
      '[$l, (.events_per_s|floor), .events, .p50_us, .p90_us, .p99_us, .max_us, $a50, $a99,
        .errors, .open_at_end, $ri, $rl, $per, $cpu] | @tsv' "$json" |
      awk -F'\t' '{ printf "%-10s %9s %9s %8s %8s %8s %9s %9s %9s %7s %7s %9s %9s %8s %8s\n",
                    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15 }'
  done
  echo
  echo "latency = client read time − mock write stamp per SSE event (µs); add_* = path − direct"
  echo "open = streams inside an answer when the window closed; rss_load = peak VmRSS after the"
  echo "ramp (nginx: master + workers); KiB/strm = (rss_load − rss_idle) / streams;"
  echo "cpu_us/ev = CPU time of the proxy (direct: of the mock) per event received by the client"
  echo "cpu_us/ev as user + system: $cpu_split"
  if [[ " ${paths[*]} " == *" nginx "* ]]; then
    # Each groundgate path's CPU per event over nginx's, in this run.
    ratios=""
    for label in "${paths[@]}"; do
      [[ $label == direct* || $label == nginx ]] && continue
      ratios+="${ratios:+, }$label $(awk -v a="$(cpu_per_event "$label")" \
        -v b="$(cpu_per_event nginx)" 'BEGIN { printf "%.3f", b ? a / b : 0 }')"
    done
    echo "cpu_us/ev over nginx's: $ratios"
  fi
  read -r _ _ _ gauge <"$work/groundgate.rss"
  echo "groundgate /metrics: added_latency over $gm_count events: p50 ${gm_p50} µs, p99 ${gm_p99} µs" \
    "(bucket interpolation); streams_in_flight/connections_open at the first sample after the ramp:" \
    "$gauge"
  read -r _ _ after _ <"$work/groundgate.rss"
  echo "groundgate RSS after the load: $((after / 1024)) MiB"
  if [[ $syscalls == 1 ]]; then
    for label in "${paths[@]}"; do
      [[ -f $work/$label.sys ]] || continue
      # perf -x, lines: count,,event,...; per event received in the window.
      awk -F, -v e="$(jq -r .events "$work/$label.json")" -v l="$label" '
        $3 ~ /^syscalls:sys_enter_/ && $1 + 0 > 0 {
          name = substr($3, 20); n[name] = $1; total += $1 }
        END { printf "%s syscalls per event: %.2f (", l, total / e
              sep = ""; for (k in n) { printf "%s%s %.2f", sep, k, n[k] / e; sep = ", " }
              print ")" }' "$work/$label.sys"
    done
  fi
  if [[ -n $tracing ]]; then
    read -r ga50 ga99 < <(jq -r '"\(.p50_us) \(.p99_us)"' "$work/groundgate.json")
    jq -r --argjson a "$ga50" --argjson b "$ga99" --arg r "$tracing" \
      '"traced − groundgate (what tracing at sample ratio \($r) adds per event): p50 \((.p50_us - $a) * 10 | round / 10) µs, p99 \((.p99_us - $b) * 10 | round / 10) µs"' \
      "$work/traced.json"
    grep -E '^groundgate_trace_spans_(exported|dropped)_total' "$work/metrics-traced.txt" || true
    awk '/^groundgate_requests_total/ {n += $NF} END {print "traced requests: " n}' \
      "$work/metrics-traced.txt"
  elif [[ -n $guard ]]; then
    read -r ga50 ga99 < <(jq -r '"\(.p50_us) \(.p99_us)"' "$work/groundgate.json")
    jq -r --argjson a "$ga50" --argjson b "$ga99" \
      '"guard − groundgate (what guarding adds per event): p50 \((.p50_us - $a) * 10 | round / 10) µs, p99 \((.p99_us - $b) * 10 | round / 10) µs"' \
      "$work/guard.json"
    jq -r '"guard annotation chunks (verdicts, summaries; not counted as events): \(.annotation_chunks), arriving after the mock sent the chunk they follow by p50 \(.annotation_p50_us) µs, p99 \(.annotation_p99_us) µs"' \
      "$work/guard.json"
    read -r gg_count gg50 gg99 < <(metric_quantiles "$work/metrics-guard-before.txt" \
      "$work/metrics-guard-after.txt" 'groundgate_added_latency_seconds_bucket')
    echo "guard /metrics: added_latency over $gg_count events: p50 ${gg50} µs, p99 ${gg99} µs"
    read -r hd_count hd50 hd99 < <(metric_quantiles "$work/metrics-guard-before.txt" \
      "$work/metrics-guard-after.txt" 'groundgate_hold_delay_seconds_bucket{route="guard"')
    echo "guard /metrics: hold_delay{route=\"guard\"} over $hd_count sentences: p50 ${hd50} µs," \
      "p99 ${hd99} µs (a held sentence's wait after its last byte arrived)"
    read -r vs_count vs50 vs99 < <(metric_quantiles "$work/metrics-guard-before.txt" \
      "$work/metrics-guard-after.txt" 'groundgate_verification_seconds_bucket{route="guard"')
    echo "guard /metrics: verification{route=\"guard\"} over $vs_count sentences: p50 ${vs50} µs," \
      "p99 ${vs99} µs"
    grep '^groundgate_verdicts_total{route="guard"' "$work/metrics-guard-after.txt" || true
  fi
  if [[ $api == responses ]]; then
    # What each API's path adds per event, client side (against its own direct path) and in
    # the proxy's own histogram; the Responses API's over the chat one's.
    compare() {  # LABEL METRICS_PREFIX
      local chat=$1 resp=$1-r c50 c99 r50 r99
      read -r c50 c99 < <(jq -r --argjson a "$d50" --argjson b "$d99" \
        '"\(.p50_us - $a) \(.p99_us - $b)"' "$work/$chat.json")
      read -r r50 r99 < <(jq -r --argjson a "$dr50" --argjson b "$dr99" \
        '"\(.p50_us - $a) \(.p99_us - $b)"' "$work/$resp.json")
      awk -v l="$chat" -v c50="$c50" -v c99="$c99" -v r50="$r50" -v r99="$r99" 'BEGIN {
        printf "responses vs chat, %s, added at the client: p50 %.1f vs %.1f µs (%+.0f%%), p99 %.1f vs %.1f µs (%+.0f%%)\n",
          l, r50, c50, c50 ? (r50 / c50 - 1) * 100 : 0, r99, c99, c99 ? (r99 / c99 - 1) * 100 : 0 }'
      local mc mc50 mc99 mr mr50 mr99
      read -r mc mc50 mc99 < <(metric_quantiles "$work/$2-before.txt" "$work/$2-after.txt")
      read -r mr mr50 mr99 < <(metric_quantiles "$work/$2-r-before.txt" "$work/$2-r-after.txt")
      awk -v l="$chat" -v mc="$mc" -v c50="$mc50" -v c99="$mc99" -v mr="$mr" -v r50="$mr50" \
        -v r99="$mr99" 'BEGIN {
        printf "responses vs chat, %s, added in the proxy (/metrics, %d vs %d events): p50 %.1f vs %.1f µs (%+.0f%%), p99 %.1f vs %.1f µs (%+.0f%%)\n",
          l, mr, mc, r50, c50, c50 ? (r50 / c50 - 1) * 100 : 0, r99, c99, c99 ? (r99 / c99 - 1) * 100 : 0 }'
    }
    compare groundgate metrics
    if [[ -n $guard ]]; then compare guard metrics-guard; fi
  fi
  for label in "${paths[@]}"; do
    jq -r 'select(.first_error != "") | "\(.label) first error: \(.first_error)"' \
      "$work/$label.json"
  done
  echo
  echo "raw:"
  for label in "${paths[@]}"; do cat "$work/$label.json"; done
} | tee "$out"
echo "written to $out" >&2
