#!/usr/bin/env bash
# The image's command run in the image: called by test_image.sh inside new network, mount and
# PID namespaces (everything started here ends with it).
#   run_image.sh ROOTFS UID:GID WORKDIR N ENTRYPOINT(N words) CMD...
set -euo pipefail
rootfs=$1 user=$2 work=$3 n=$4
shift 4
entrypoint=("${@:1:n}")
cmd=("${@:n+1}")
uid=${user%%:*} gid=${user##*:}

# Loopback only; the image's root read-only, with /proc and /dev as a container runtime gives.
ip link set lo up
mount --make-rprivate /
mount --bind "$rootfs" "$rootfs"
mount -t proc proc "$rootfs/proc"
mount --rbind /dev "$rootfs/dev"
mount -o remount,bind,ro "$rootfs"

# As the image's USER, with no capabilities and no way to gain any (the manifests'
# securityContext: runAsNonRoot, capabilities drop ALL, allowPrivilegeEscalation false).
# (An array, not a function: `$!` of a command started with it is the command's own PID.)
in_image=(chroot "$rootfs" /usr/bin/setpriv --reuid="$uid" --regid="$gid" --clear-groups
          --inh-caps=-all --bounding-set=-all --no-new-privs)
fail() {
  echo "image: $1" >&2
  for log in "$work"/*.log; do
    [ -f "$log" ] && { echo "--- $(basename "$log")" >&2; tail -20 "$log" >&2; }
  done
  exit 1
}
# The value after `-c` in the image's command: its config file.
config=""
for ((i = 0; i < ${#cmd[@]}; i++)); do
  [ "${cmd[$i]}" = -c ] && config=${cmd[$((i + 1))]}
done
[ -n "$config" ] || fail "the image's command names no config (-c FILE): ${cmd[*]}"
admin_port=$(sed -nE 's/^admin_listen:.*:([0-9]+)\s*$/\1/p' "$rootfs$config")
proxy_port=$(sed -nE 's/^listen:.*:([0-9]+)\s*$/\1/p' "$rootfs$config")

wait_ready() {  # PID: /readyz answers 200 within 15 s, while the process lives
  for _ in $(seq 150); do
    kill -0 "$1" 2>/dev/null || fail "the image's command exited before it was ready"
    curl -fsS --max-time 2 "http://127.0.0.1:$admin_port/readyz" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  fail "no answer on /readyz (port $admin_port)"
}
stop() {  # PID: SIGTERM drains; the command exits 0
  kill -TERM "$1"
  local code=0
  wait "$1" || code=$?
  [ "$code" = 0 ] || fail "the image's command exited $code after SIGTERM"
}

# 1. validate the image's own config.
"${in_image[@]}" "${entrypoint[@]}" validate -c "$config" > "$work/validate.log" 2>&1 ||
  fail "validate -c $config failed"
echo "image: validate -c $config: ok"

# 2. the image's own command, as shipped.
"${in_image[@]}" "${entrypoint[@]}" "${cmd[@]}" > "$work/serve.log" 2>&1 &
serve=$!
wait_ready "$serve"
stop "$serve"
echo "image: ${entrypoint[*]} ${cmd[*]}: /readyz answered"

# 3. a config mounted over the image's config directory, as the README tells users to; its
# upstream is the mock upstream, run from the same image.
mkdir "$work/config"
sed -E 's#^(\s*url:).*#\1 http://127.0.0.1:8081#' "$rootfs$config" > "$work/config/$(basename "$config")"
cat > "$work/config/mock.yaml" <<'YAML'
- match: "refund"
  answer: "Refunds are issued within 30 days of a cancellation."
YAML
chmod -R a+rX "$work/config"
mount --bind "$work/config" "$rootfs$(dirname "$config")"
"${in_image[@]}" "${entrypoint[@]}" mock-upstream --listen 127.0.0.1:8081 \
  --script "$(dirname "$config")/mock.yaml" > "$work/mock.log" 2>&1 &
"${in_image[@]}" "${entrypoint[@]}" "${cmd[@]}" > "$work/serve-guarded.log" 2>&1 &
serve=$!
wait_ready "$serve"
body='{"model":"gpt-4o-mini","stream":true,
  "documents":["Refunds are issued within 14 days of a cancellation."],
  "messages":[{"role":"user","content":"How long do refunds take?"}]}'
curl -sS --max-time 20 -D "$work/headers.txt" -o "$work/answer.txt" \
  "http://127.0.0.1:$proxy_port/v1/chat/completions" -H 'content-type: application/json' \
  -d "$body" || fail "the guarded request failed"
grep -q '"type":"summary"' "$work/answer.txt" || fail "no summary in the answer: $(cat "$work/answer.txt")"
grep -q '"checked":1' "$work/answer.txt" || fail "the sentence was not checked: $(cat "$work/answer.txt")"
grep -q '"verdict":"hallucinated"' "$work/answer.txt" ||
  fail "30 days against 14 days not flagged: $(cat "$work/answer.txt")"
id=$(sed -nE 's/^x-groundgate-id: *([^[:space:]]+).*/\1/ip' "$work/headers.txt")
[ -n "$id" ] || fail "no x-groundgate-id header: $(cat "$work/headers.txt")"
curl -fsS --max-time 5 "http://127.0.0.1:$admin_port/verdicts/$id" > "$work/verdicts.json" ||
  fail "no verdicts for $id on the admin listener"
grep -q '"verdict":"hallucinated"' "$work/verdicts.json" ||
  fail "the look-up does not say what the answer said: $(cat "$work/verdicts.json")"
stop "$serve"
echo "image: a guarded chat completion on loopback: checked, flagged, its verdicts looked up"
