# Sourced by bench.sh and wrk.sh: builds bookingd and bookbench into $bin, a fresh directory, and
# on exit stops every process whose pid the script appended to pids, then removes $bin.
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
