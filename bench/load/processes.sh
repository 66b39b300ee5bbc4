# The load scripts' child processes and ports. Sourced, not run; the caller sets `script` (its
# name, for messages) and `work` (its scratch directory, kept when the script fails) first and
# appends each child's pid to `pids`.
#
#   free_port                       prints a free TCP port on 127.0.0.1
#   wait_port PORT NAME PID [TRIES]  waits until PORT listens (TRIES × 0.1 s, default 100), or
#                                    fails when NAME (PID) exits
pids=()
cleanup() {
  local status=$?
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [[ $status -eq 0 ]]; then rm -rf "$work"; else echo "$script: logs kept in $work" >&2; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

wait_port() {  # PORT NAME PID [TRIES]
  for _ in $(seq "${4:-100}"); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
    kill -0 "$3" 2>/dev/null || { echo "$script: $2 exited, see $work" >&2; exit 1; }
    sleep 0.1
  done
  echo "$script: $2 does not listen on $1" >&2
  exit 1
}
