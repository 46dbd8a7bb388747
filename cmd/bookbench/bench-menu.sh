#!/usr/bin/env bash
# Measures what a full calendar costs, all on loopback against bookingd on SQLite (and in memory):
# a menu salon's open times at 0, 5,000 and 20,000 live bookings against the bare baseline, and a
# two-service visit's against one service's at a salon with resources; round
# two at menu salons on SQLite against round two in memory, and the floor of SQLite's durable
# writes under it; and a simple salon's page, round one
# and round two at 20,000 future bookings against an empty salon's; and both rounds and a salon's
# read at a salon speaking German against an English one. The figures of docs/performance-menu.md.
# Usage: cmd/bookbench/bench-menu.sh [bookbench flags], e.g. -runs 5 -d 3s (the defaults below).
# The filled salons are filled over HTTP, as customers book, before each command's first run.
set -euo pipefail
cd "$(dirname "$0")/../.."

# shellcheck source=build.sh
source cmd/bookbench/build.sh

# Loopback ports; set them in the environment when these are taken.
mem_port=${BENCH_MEM_PORT:-18191} sqlite_port=${BENCH_SQLITE_PORT:-18192}

export BOOKING_SIGNING_KEY BOOKING_OWNER_TOKEN
BOOKING_SIGNING_KEY=$("$bin/bookingd" keygen)
BOOKING_OWNER_TOKEN=$("$bin/bookingd" keygen)
# The request log is written as in production, to a sink that costs nothing to read.
# Every customer of the load comes from loopback, and a salon is filled thousands a minute: no quota
# per address, and every salon's pace lifted (its count still read).
start() { "$bin/bookingd" -addr "127.0.0.1:$1" -rate 0 -unpaced "${@:2}" 2>/dev/null & }
start "$mem_port"
mem_pid=$!
start "$sqlite_port" -db "sqlite:$bin/calendar.db"
sqlite_pid=$!
pids+=("$mem_pid" "$sqlite_pid")
wait_healthy "$mem_port" "$sqlite_port"
mem="http://127.0.0.1:$mem_port" sqlite="http://127.0.0.1:$sqlite_port"

echo "# $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'); $(go version); load:$(uptime | sed 's/.*load average//')"
echo "## GET /salons/{salon}/availability at menu salons of 0, 5,000 and 20,000 live bookings, against the baseline's"
"$bin/bookbench" -c 32 -d 3s -runs 5 -menu -mode avail -salons 1 -calendar empty,b5k,b20k -fill empty=0,b5k=5000,b20k=20000 \
	-url "empty=$sqlite,b5k=$sqlite,b20k=$sqlite" -pid "empty=$sqlite_pid,b5k=$sqlite_pid,b20k=$sqlite_pid" "$@"
echo "## GET /salons/{salon}/availability of a cut and a colour as one visit against a cut alone, at menu salons with 3 resources and 5,000 live bookings"
"$bin/bookbench" -c 32 -d 3s -runs 5 -menu -resources -mode avail -salons 1 -calendar one,visit -fill one=5000,visit=5000 -visit visit \
	-url "one=$sqlite,visit=$sqlite" -pid "one=$sqlite_pid,visit=$sqlite_pid" "$@"
echo "## round two at menu salons on SQLite against round two in memory"
"$bin/bookbench" -c 32 -d 3s -runs 5 -menu -calendar sqlite \
	-url "mem=$mem,sqlite=$sqlite" -pid "mem=$mem_pid,sqlite=$sqlite_pid" "$@"
echo "## the floor: one booking's rows in one durable transaction, through the same driver and settings"
mkdir -p "$bin/floor" && rm -f "$bin"/floor/floor-*.db*
"$bin/bookbench" -floor "$bin/floor" -c 32 -d 3s -runs 5
echo "## GET /salons/{salon} at a simple salon of 20,000 future bookings against an empty one"
"$bin/bookbench" -c 32 -d 3s -runs 5 -mode read -salons 1 -calendar empty,b20k -fill empty=0,b20k=20000 \
	-url "empty=$sqlite,b20k=$sqlite" -pid "empty=$sqlite_pid,b20k=$sqlite_pid" "$@"
echo "## GET /salons/{salon} at a simple salon whose first 10,000 slots are booked against an empty one"
"$bin/bookbench" -c 32 -d 3s -runs 5 -mode read -salons 1 -calendar empty,packed -fill empty=0,packed=10000 -packed \
	-url "empty=$sqlite,packed=$sqlite" -pid "empty=$sqlite_pid,packed=$sqlite_pid" "$@"
# A simple salon of 20,000 bookings keeps 5,920 of its 25,920 slots free: five runs of 1,000 round
# twos fit in them, so every phase here is bounded by -n rather than by time.
echo "## round one and round two at a simple salon of 20,000 future bookings against an empty one"
"$bin/bookbench" -c 32 -n 1000 -d 0 -runs 5 -salons 1 -calendar empty,b20k -fill empty=0,b20k=20000 \
	-url "empty=$sqlite,b20k=$sqlite" -pid "empty=$sqlite_pid,b20k=$sqlite_pid" "$@"
echo "## round one and round two at menu salons speaking German against English ones, on SQLite"
"$bin/bookbench" -c 32 -d 3s -runs 5 -menu -calendar en,de -language de=de \
	-url "en=$sqlite,de=$sqlite" -pid "en=$sqlite_pid,de=$sqlite_pid" "$@"
echo "## GET /salons/{salon} at a menu salon speaking German against an English one"
"$bin/bookbench" -c 32 -d 3s -runs 5 -menu -mode read -salons 1 -calendar en,de -language de=de \
	-url "en=$sqlite,de=$sqlite" -pid "en=$sqlite_pid,de=$sqlite_pid" "$@"
echo "# load at the end:$(uptime | sed 's/.*load average//')"
