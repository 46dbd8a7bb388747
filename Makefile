# The commands people type. `make run` serves the app; `make test` runs every test, installing what they need.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
GO ?= go

.PHONY: run build test check gotest openapi keygen

## run: serve the API and the app on :8080 with a random per-process key (dev mode)
run:
	$(GO) run ./cmd/bookingd -dev

## build: a static bookingd in ./bin
build:
	CGO_ENABLED=0 $(GO) build -trimpath -o bin/bookingd ./cmd/bookingd

## test: formatting, vet, and every Go test under the race detector
test: check gotest

check:
	@unformatted="$$(gofmt -l $$(find . -name '*.go' -not -path './web/node_modules/*'))"; \
	if [ -n "$$unformatted" ]; then echo "gofmt would change:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...

gotest:
	$(GO) test -race -count=1 ./...

## openapi: regenerate openapi.json from the wire types
openapi:
	$(GO) test ./internal/api -run TestCommittedDocument -update

keygen:
	@$(GO) run ./cmd/bookingd keygen
