#!/usr/bin/env bash
# Load test of POST /api/gate/decide on loopback with wrk (a separate
# process), against the release binary on a fresh home. Prints wrk's
# summary with latency percentiles, and the time from start to ready.
#   scripts/load-decide.sh [seconds] [connections] [threads]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-15}; conns=${2:-32}; threads=${3:-1}
command -v wrk >/dev/null || { echo "error: wrk is not installed (apt-get install wrk)" >&2; exit 2; }
cargo build --release -q -p hivegate
home=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
lua=$(mktemp --suffix=.lua)
cat > "$lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local bodies = {
  '{"tool":"bash","args":{"command":"ls -la src | wc -l"},"session":"load"}',
  '{"tool":"read_file","args":{"path":"src/lib.rs"},"session":"load"}',
  '{"tool":"connector_github_list_issues","args":{"repo":"a/b"},"session":"load"}',
  '{"tool":"bash","args":{"command":"git status && git log --oneline -5"},"session":"load"}',
}
local i = 0
request = function()
  i = i + 1
  return wrk.format(nil, "/api/gate/decide", nil, bodies[(i % #bodies) + 1])
end
LUA
trap 'kill $pid 2>/dev/null; rm -rf "$home" "$lua"' EXIT
start=$(date +%s%N)
./target/release/hivegate serve --home "$home" --addr 127.0.0.1:$port 2>"$home/serve.log" &
pid=$!
until curl -sf "http://127.0.0.1:$port/health" >/dev/null; do sleep 0.002; done
ready=$(( ($(date +%s%N) - start) / 1000000 ))
echo "start to ready (fresh home, incl. process start and first /health): ${ready} ms"
head -1 "$home/serve.log"
wrk -t"$threads" -c"$conns" -d"${secs}s" --latency -s "$lua" "http://127.0.0.1:$port/api/gate/decide"
echo "audit rows written: $(./target/release/hivegate audit verify --home "$home" --json)"
