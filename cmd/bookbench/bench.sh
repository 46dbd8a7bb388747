#!/usr/bin/env bash
# Measures bookingd in memory and with Redis against the bare Echo baseline, all on loopback: the README's Performance figures.
# Usage: cmd/bookbench/bench.sh [bookbench flags], e.g. -runs 5 -d 5s (the defaults below). Needs Go and redis-server.
set -euo pipefail
cd "$(dirname "$0")/../.."

# shellcheck source=build.sh
source cmd/bookbench/build.sh

# Loopback ports; set them in the environment when these are taken.
redis_port=${BENCH_REDIS_PORT:-16379} mem_port=${BENCH_MEM_PORT:-18081} redis_app_port=${BENCH_REDIS_APP_PORT:-18082}

redis-server --port "$redis_port" --bind 127.0.0.1 --save "" --appendonly no --loglevel warning >/dev/null &
pids+=($!)

export BOOKING_SIGNING_KEY
BOOKING_SIGNING_KEY=$("$bin/bookingd" keygen)
# The request log is written as in production, to a sink that costs nothing to read.
"$bin/bookingd" -addr "127.0.0.1:$mem_port" -rate 0 2>/dev/null &
mem_pid=$!
pids+=("$mem_pid")
"$bin/bookingd" -addr "127.0.0.1:$redis_app_port" -rate 0 -redis-url "redis://127.0.0.1:$redis_port/0" 2>/dev/null &
redis_pid=$!
pids+=("$redis_pid")

wait_healthy "$mem_port" "$redis_app_port"

echo "# $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'); $(go version)"
"$bin/bookbench" -c 32 -d 5s -runs 5 \
	-url "mem=http://127.0.0.1:$mem_port,redis=http://127.0.0.1:$redis_app_port" \
	-pid "mem=$mem_pid,redis=$redis_pid" "$@"
