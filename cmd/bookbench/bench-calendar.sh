#!/usr/bin/env bash
# Measures bookingd with a calendar against bookingd in memory and the bare Echo baseline, all on
# loopback: round two on SQLite and on PostgreSQL (two instances), then GET /salons/{salon}; the
# figures of docs/performance-calendar.md.
# Usage: cmd/bookbench/bench-calendar.sh [bookbench flags], e.g. -runs 5 -d 3s (the defaults below).
# Needs Go and PostgreSQL (Debian's postgresql package); as root, PostgreSQL runs as the postgres user.
set -euo pipefail
cd "$(dirname "$0")/../.."

# shellcheck source=build.sh
source cmd/bookbench/build.sh

# Loopback ports; set them in the environment when these are taken.
pg_port=${BENCH_PG_PORT:-15432} mem_port=${BENCH_MEM_PORT:-18181} sqlite_port=${BENCH_SQLITE_PORT:-18182}
pg_a_port=${BENCH_PG_A_PORT:-18183} pg_b_port=${BENCH_PG_B_PORT:-18184}

# PostgreSQL with its default durability (fsync and synchronous commit on), as SQLite's FULL sync
# is on: each booking's commit reaches the disk in both.
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as_pg=()
if [ "$(id -u)" = 0 ]; then
	chown postgres "$bin"
	as_pg=(setpriv --reuid=postgres --regid=postgres --init-groups) # execs, so the pid is postgres's own
fi
"${as_pg[@]}" "$pg_bin/initdb" -D "$bin/pg" -U postgres --auth=trust -E UTF8 --locale=C >/dev/null
"${as_pg[@]}" "$pg_bin/postgres" -D "$bin/pg" -p "$pg_port" -c listen_addresses=127.0.0.1 \
	-c unix_socket_directories="$bin" >"$bin/pg.log" 2>&1 &
pg_pid=$!
pids+=("$pg_pid")
for _ in $(seq 100); do
	"$pg_bin/pg_isready" -q -h 127.0.0.1 -p "$pg_port" && break
	sleep 0.1
done
"$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U postgres bench
pg_url="postgres://postgres@127.0.0.1:$pg_port/bench?sslmode=disable"

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
start "$pg_a_port" -db "$pg_url"
pg_a_pid=$!
start "$pg_b_port" -db "$pg_url"
pg_b_pid=$!
pids+=("$mem_pid" "$sqlite_pid" "$pg_a_pid" "$pg_b_pid")

wait_healthy "$mem_port" "$sqlite_port" "$pg_a_port" "$pg_b_port"

sqlite="http://127.0.0.1:$sqlite_port" pg="http://127.0.0.1:$pg_a_port|http://127.0.0.1:$pg_b_port"

# The pg target's CPU is both bookingd and PostgreSQL: the server and every backend. An unmeasured
# warm-up first opens each instance's pool, so the backends are there to be counted; one that
# comes or goes later shows as "-" rather than a wrong figure.
"$bin/bookbench" -c 32 -d 2s -warmup 0 -mode interleaved -baseline=false -calendar pg -url "pg=$pg" >/dev/null
pg_cpu="$pg_a_pid|$pg_b_pid|$pg_pid$(ps -o pid= --ppid "$pg_pid" | tr -d ' ' | sed 's/^/|/' | tr -d '\n')"
echo "# $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'); $(go version); $("$pg_bin/postgres" --version)"
echo "## round two with a calendar against round two in memory"
"$bin/bookbench" -c 32 -d 3s -runs 5 -calendar sqlite,pg \
	-url "mem=http://127.0.0.1:$mem_port,sqlite=$sqlite,pg=$pg" \
	-pid "mem=$mem_pid,sqlite=$sqlite_pid,pg=$pg_cpu" "$@"
echo "## GET /salons/{salon} against the baseline's"
"$bin/bookbench" -c 32 -d 3s -runs 5 -mode read -calendar sqlite,pg \
	-url "sqlite=$sqlite,pg=$pg" -pid "sqlite=$sqlite_pid,pg=$pg_cpu" "$@"
