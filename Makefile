# The commands people type. `make run` serves the app; `make test` runs every test, installing what they need.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
GO ?= go
export DEBIAN_FRONTEND := noninteractive

.PHONY: run build web test test-go test-rest deps check compose gotest fuzz webtest e2e mcptest later openapi codegen keygen

## BUILD_ENV, BUILD_FLAGS: how bookingd is built to ship: static (SQLite's driver is pure Go, and the image
## has no libc), with no local paths or symbol tables. The Dockerfile's build line says the same words, the
## process tests in cmd/bookingd build with that line, and TestTheDockerfileBuildsBookingdAsTheMakefileDoes
## checks the two agree
BUILD_ENV := CGO_ENABLED=0
BUILD_FLAGS := -trimpath -ldflags="-s -w"

## run: build the web app, then serve the API and the app on 127.0.0.1:8080, this machine only, with a random per-process key (dev mode)
run: web
	$(GO) run ./cmd/bookingd -dev -addr 127.0.0.1:8080

## build: the web app, then a static bookingd that embeds it, in ./bin
build: web
	$(BUILD_ENV) $(GO) build $(BUILD_FLAGS) -o bin/bookingd ./cmd/bookingd

## web: install the web app's packages and build it into web/dist (embedded by bookingd)
web: web/node_modules/.package-lock.json
	cd web && npm run build

## The packages of the web app and of the MCP client, installed with npm ci again only when their lock file changed.
web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund
mcp-e2e/node_modules/.package-lock.json: mcp-e2e/package-lock.json
	cd mcp-e2e && npm ci --no-audit --no-fund

## test: every check and test: gofmt, go vet, the fleet's compose file, Go tests under the race detector (with a
## real Redis and PostgreSQL), every fuzz target for a bounded time, the web app's tests and contract check, and
## the end-to-end test in headless Chromium, then the MCP endpoint with the official TypeScript client and conformance tool.
## First the Debian packages install beside the one build of the app and bookingd. Then two lanes that share
## nothing run side by side, every process test on that one binary (BOOKINGD_BIN): the Go checks and tests, whose
## timings matter, then the web app's tests, the browser and MCP, in one; the compose file and the fuzzers, niced,
## whose instrumented builds take longest, in the other. Each part's output shows when it ends, with how long it took.
test:
	@$(MAKE) --no-print-directory -j2 --output-sync=target timed-deps timed-build
	@BOOKINGD_BIN="$(CURDIR)/bin/bookingd" $(MAKE) --no-print-directory -j2 --output-sync=recurse test-go test-rest

## test-go, test-rest: make test's two lanes, each a part after another; the second niced below the first
test-go:
	@for part in check gotest webtest e2e mcptest; do $(MAKE) --no-print-directory timed-$$part; done
test-rest:
	@for part in compose fuzz; do nice -n 10 $(MAKE) --no-print-directory timed-$$part; done

## timed-PART: make PART, then how long it took
timed-%:
	@start=$$SECONDS; $(MAKE) --no-print-directory $*; echo "make test: $* took $$((SECONDS - start)) s"

## deps: the Debian packages the tests use, installed where missing, and stripe-mock
deps: bin/stripe-mock
	@missing=""; \
	command -v redis-server >/dev/null || missing="$$missing redis-server"; \
	compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || missing="$$missing postgresql"; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	command -v docker-compose >/dev/null || missing="$$missing docker-compose"; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; apt-get update -q && apt-get install -y -q --no-install-recommends $$missing; \
	fi

check:
	@unformatted="$$(gofmt -l $$(find . -name '*.go' -not -path './web/node_modules/*'))"; \
	if [ -n "$$unformatted" ]; then echo "gofmt would change:"; echo "$$unformatted"; exit 1; fi
	@# A file's own comment set apart from the package clause, so go doc shows the package's alone.
	@glued="$$(git ls-files '*.go' | xargs awk 'FNR == 2 && /^package / && prev ~ /^\/\/ This file/ {print FILENAME} {prev = $$0}')"; \
	if [ -n "$$glued" ]; then echo "a file comment sits on the package clause (add a blank line):"; echo "$$glued"; exit 1; fi
	@# vet builds what it checks as the build target does, so after it vet compiles almost nothing anew.
	$(BUILD_ENV) $(GO) vet -trimpath ./...

## compose: docker-compose validates deploy/compose.yaml, with the example's values standing in for deploy/.env
compose:
	docker-compose --env-file deploy/.env.example -f deploy/compose.yaml config -q

## RACE: the race detector, with the SQLite driver's pointer checks off. -race also turns on checkptr, which checks
## each unsafe.Pointer conversion; modernc.org/sqlite is C translated to Go, made of them, and checking them took a
## quarter of the scenarios' time. The module has no unsafe of its own, and races are detected everywhere still.
RACE := -race -gcflags=modernc.org/...=-d=checkptr=0

## gotest: every Go test under the race detector. The process tests wait on child processes more than they
## compute, so more of them run at once than there are cores (-parallel).
gotest: bin/stripe-mock
	STRIPE_MOCK_BIN="$(CURDIR)/bin/stripe-mock" $(GO) test $(RACE) -count=1 -parallel 8 ./...

## bin/stripe-mock: Stripe's own stand-in, which the payments' tests send every request to Stripe through
## (internal/teststripe), built from the module proxy at the version that package names
STRIPE_MOCK_VERSION := $(shell sed -n 's/^const MockVersion = "\(.*\)"/\1/p' internal/teststripe/mock.go)
bin/stripe-mock:
	GOBIN="$(CURDIR)/bin" $(GO) install github.com/stripe/stripe-mock@$(STRIPE_MOCK_VERSION)

## fuzz: every fuzz target in the module (each `func Fuzz…` in a _test.go file), one after another,
## each for FUZZTIME after its committed seed corpus under testdata/fuzz; a failing input is written there.
## Go 1.26's fuzzing coordinator can report a bare "context deadline exceeded" as FUZZTIME ends, with
## no input failing (go.dev/issue/75804, fixed in Go 1.27): such a run, and only such a run, goes
## once more. Any other failure, and a second one, fails. FUZZWORKERS is how many processes fuzz at once: one,
## as make test's fuzz lane has a core and the Go tests' lane the other.
FUZZTIME ?= 10s
FUZZWORKERS ?= 1
fuzz:
	@targets="$$(grep -r -o --include='*_test.go' --exclude-dir=node_modules '^func Fuzz[A-Za-z0-9_]*' . | sed 's/:func /:/' | sort -u)"; \
	if [ -z "$$targets" ]; then echo "no fuzz targets found"; exit 1; fi; \
	for target in $$targets; do \
	  file="$${target%%:*}"; name="$${target##*:}"; dir="$$(dirname "$$file")"; \
	  for attempt in 1 2; do \
	    echo "fuzz: $$name in $$dir for $(FUZZTIME)"; \
	    status=0; out="$$($(GO) test -run '^$$' -fuzz "^$${name}\$$" -fuzztime $(FUZZTIME) -parallel $(FUZZWORKERS) "$$dir" 2>&1)" || status=$$?; \
	    printf '%s\n' "$$out"; \
	    if [ "$$status" -eq 0 ]; then break; fi; \
	    if [ "$$attempt" -eq 1 ] && grep -q 'context deadline exceeded' <<<"$$out" && ! grep -q -e 'Failing input written' -e 'panic:' <<<"$$out"; then \
	      echo "fuzz: $$name stopped on the coordinator's deadline race, no input failing: once more"; continue; \
	    fi; \
	    exit "$$status"; \
	  done; \
	done

webtest: web/node_modules/.package-lock.json
	cd web && npm test && npm run --silent contract && npm run --silent lint:openapi

e2e: web/node_modules/.package-lock.json
	cd web && npm run e2e

## mcptest: the official TypeScript MCP client books through /mcp of a bookingd the test builds and runs,
## then the official conformance tool runs, in server mode, every scenario that applies (README, "MCP")
mcptest: mcp-e2e/node_modules/.package-lock.json
	cd mcp-e2e && npm test && npm run --silent conformance

## later: the suites that fix dates, in a process whose wall clock reads LATER_DAYS days ahead (a year), so a
## test whose fixed date doesn't reach everything it exercises fails today rather than on that day. The clock is
## moved by building package time from a copy of this Go's own src/time/time.go with Now shifted (go's -overlay);
## testkit checks the shift took. LATER_PACKAGES are the suites run.
LATER_DAYS ?= 365
LATER_PACKAGES ?= ./internal/testkit ./internal/store ./internal/booking ./internal/api ./internal/server ./internal/notify ./features
later:
	@dir="$$(mktemp -d)"; trap 'rm -rf "$$dir"' EXIT; \
	src="$$($(GO) env GOROOT)/src/time/time.go"; \
	sed 's/^\tsec, nsec, mono := runtimeNow()$$/&\n\tsec += $(LATER_DAYS) * 86400 \/\/ make later/' "$$src" > "$$dir/time.go"; \
	if [ "$$(grep -c '// make later$$' "$$dir/time.go")" != 1 ]; then echo "later: $$src has no line to shift time.Now at; update the Makefile's sed"; exit 1; fi; \
	printf '{"Replace":{"%s":"%s"}}' "$$src" "$$dir/time.go" > "$$dir/overlay.json"; \
	echo "later: the tests' process clock reads $(LATER_DAYS) days ahead"; \
	TEST_CLOCK_AHEAD_DAYS=$(LATER_DAYS) STRIPE_MOCK_BIN="$(CURDIR)/bin/stripe-mock" $(GO) test $(RACE) -count=1 -overlay "$$dir/overlay.json" $(LATER_PACKAGES)

## openapi: regenerate openapi.json from the wire types, then the web client's endpoint from it
openapi:
	$(GO) test ./internal/api -run TestCommittedDocument -update
	cd web && npm run codegen

keygen:
	@$(GO) run ./cmd/bookingd keygen
