# Sourced by scripts/schemathesis and Benchmarks/server.sh: runs `nibscan serve` on a free
# loopback port in the background and stops it again.
#   start_server BINARY LOGFILE [SERVE FLAGS...]  sets server_pid and port (waits for /readyz)
#   stop_server                                    SIGTERM, then SIGKILL after 10 s

start_server() {
  local binary=$1 log=$2
  shift 2
  "$binary" serve --host 127.0.0.1 --port 0 "$@" 2> "$log" &
  server_pid=$!
  port=""
  for _ in $(seq 1 100); do
    port=$(sed -n 's/.*"event":"listening".*"port":\([0-9]*\).*/\1/p' "$log" | head -n1)
    [ -n "$port" ] && break
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  if [ -z "$port" ]; then
    cat "$log" >&2
    echo "nibscan serve did not start" >&2
    return 1
  fi
  for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "nibscan serve on port $port never became ready" >&2
  return 1
}

stop_server() {
  if [ -n "${server_pid:-}" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$server_pid" 2>/dev/null || return 0; sleep 0.1; done
    kill -KILL "$server_pid" 2>/dev/null || true
  fi
}
