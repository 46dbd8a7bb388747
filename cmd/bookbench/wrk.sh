#!/usr/bin/env bash
# Checks bookbench's figures with another load generator: wrk against bookingd (in memory) and
# against the bare Echo baseline, alternating (every other pair bookingd first), in one run; prints
# each pair's ratio and the median.
# Usage: cmd/bookbench/wrk.sh [pairs] [seconds] [round], e.g. cmd/bookbench/wrk.sh 5 5 one (the
# defaults); round "both" mixes round ones with the round twos their states allow. Needs Go and wrk.
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-5} seconds=${2:-5} round=${3:-one}
case "$round" in
one) script=cmd/bookbench/round-one.lua ;;
both) script=cmd/bookbench/both-rounds.lua ;;
*) echo "round must be one or both, got $round" >&2; exit 2 ;;
esac

# shellcheck source=build.sh
source cmd/bookbench/build.sh

app_port=${WRK_APP_PORT:-18091} base_port=${WRK_BASE_PORT:-18092}
export BOOKING_SIGNING_KEY
BOOKING_SIGNING_KEY=$("$bin/bookingd" keygen)
"$bin/bookingd" -addr "127.0.0.1:$app_port" -rate 0 2>/dev/null &
pids+=($!)
"$bin/bookbench" -serve-baseline "127.0.0.1:$base_port" >/dev/null &
pids+=($!)
for port in "$app_port" "$base_port"; do
	for _ in $(seq 100); do
		curl -fs -o /dev/null -H 'Content-Type: application/json' \
			-d '{"arguments":{"message":"","openSlots":[]}}' "http://127.0.0.1:$port/salons/studio-nine/book" && break
		sleep 0.1
	done
done

rps() { wrk -t1 -c32 -d"${seconds}s" -s "$script" "http://127.0.0.1:$1/salons/studio-nine/book" | awk '/Requests\/sec/ {print $2}'; }
echo "# $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'); $(go version); wrk -t1 -c32 -d${seconds}s, round $round"
echo "pair baseline_rps bookingd_rps ratio"
ratios=()
for i in $(seq "$pairs"); do
	# Every other pair runs bookingd first, so a drift in the machine's load favours neither side.
	if ((i % 2)); then
		base=$(rps "$base_port")
		app=$(rps "$app_port")
	else
		app=$(rps "$app_port")
		base=$(rps "$base_port")
	fi
	ratio=$(awk -v a="$app" -v b="$base" 'BEGIN { printf "%.3f", a / b }')
	ratios+=("$ratio")
	echo "$i $base $app $ratio"
done
printf '%s\n' "${ratios[@]}" | sort -n | awk '{ r[NR] = $1 } END { printf "# median ratio of %d pairs: %s\n", NR, (NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2) }'
