#!/usr/bin/env bash
# Counts the instructions one request costs in process, which no other load on the machine changes:
# BenchmarkRoundTrip under valgrind's callgrind, 3000 requests minus 1000, divided by 2000.
# Usage: cmd/bookbench/icount.sh [benchmark regexp], e.g. 'RoundTrip/server=app/round=one' (the default). Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")/../.."
bench=${1:-RoundTrip/server=app/round=one}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go test -c -o "$dir/bookbench.test" ./cmd/bookbench
count() {
	# Go's asynchronous preemption signals upset callgrind; one P keeps the count repeatable.
	GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind --callgrind-out-file="$dir/callgrind.$1" \
		"$dir/bookbench.test" -test.run '^$' -test.bench "$bench" -test.benchtime "${1}x" 2>&1 | awk '/Collected/ {print $4}'
}
few=$(count 1000)
many=$(count 3000)
echo "$bench: $(((many - few) / 2000)) instructions per request"
