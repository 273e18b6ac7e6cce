#!/usr/bin/env bash
# Property-based API testing with schemathesis against the server's own
# OpenAPI document: a debug server on a fresh home, the admin token sent.
#   scripts/schemathesis.sh [max-examples]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v st >/dev/null || python3 -m pip install -q schemathesis
cargo build -q -p hivegate
home=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
./target/debug/hivegate serve --home "$home" --addr 127.0.0.1:$port 2>"$home/serve.log" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$home"' EXIT
until curl -sf "http://127.0.0.1:$port/health" >/dev/null; do sleep 0.05; done
st run "http://127.0.0.1:$port/api/openapi.json" -H "Authorization: Bearer $(cat "$home/admin.token")" --max-examples "${1:-150}"
