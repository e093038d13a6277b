#!/usr/bin/env sh
# A keyless demo of `gardener chat`: the project's fake Messages API replays examples/demo-chat.json
# (a read of examples/build.log, then an answer) instead of a model. Run from a checkout, after
# `npm install`:   sh examples/demo.sh        (print mode)
#                  sh examples/demo.sh --tui  (the TUI; type a prompt, Enter, then Ctrl+C to quit)
# Nothing leaves the machine; the demo's database is a temporary file, removed at the end.
set -eu
cd "$(dirname "$0")/.."
work=$(mktemp -d "${TMPDIR:-/tmp}/gardener-demo-XXXXXX")
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM
node --import tsx test/support/fake-anthropic/serve.ts --script examples/demo-chat.json > "$work/url" &
server=$!
while [ ! -s "$work/url" ]; do
  kill -0 "$server" 2>/dev/null || { echo "demo: the fake Messages API did not start" >&2; exit 1; }
  sleep 0.2
done
url=$(head -n 1 "$work/url")
export ANTHROPIC_BASE_URL="$url" ANTHROPIC_API_KEY=demo-key-not-sent-anywhere ANTHROPIC_MODEL=claude-sonnet-4-6
if [ "${1:-}" = "--tui" ]; then
  node bin/gardener chat --db "$work/demo.db" --project demo
else
  node bin/gardener chat -p "batch 1612 fails its VAT check; why?" --db "$work/demo.db" --project demo
fi
