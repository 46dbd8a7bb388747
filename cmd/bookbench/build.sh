# Sourced by bench.sh, bench-calendar.sh, bench-menu.sh and wrk.sh: builds bookingd and bookbench
# into $bin, a fresh directory, and on exit stops every process whose pid the script appended to
# pids, then removes $bin.
bin=$(mktemp -d)
pids=()
cleanup() {
	for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
	wait 2>/dev/null || true
	rm -rf "$bin"
}
trap cleanup EXIT

go build -o "$bin/bookingd" ./cmd/bookingd
go build -o "$bin/bookbench" ./cmd/bookbench

# wait_healthy waits, up to 10 s, for the bookingd on each loopback port given to answer /healthz.
wait_healthy() {
	local port
	for port in "$@"; do
		for _ in $(seq 100); do
			"$bin/bookingd" healthcheck -url "http://127.0.0.1:$port/healthz" 2>/dev/null && break
			sleep 0.1
		done
	done
}
