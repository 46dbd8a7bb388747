# A small non-root image that serves a salon out of the box: the booking API, the pages, and each
# salon's calendar in SQLite on the volume /data. Give it BOOKING_SIGNING_KEY and BOOKING_OWNER_TOKEN
# in the environment, or files holding them in BOOKING_SIGNING_KEY_FILE and BOOKING_OWNER_TOKEN_FILE.
# Stage 1 builds the web app, stage 2 a static bookingd that embeds it, stage 3 holds only the binary.
# Base images are pinned by digest; the comment above each names its tag and when the digest was
# taken (docs/decisions.md says where the digests come from and how to renew them).

# node:22-bookworm-slim (Node.js 22.23.2, LTS), as of 2026-09-19
FROM node:22-bookworm-slim@sha256:48e4b67d85f87bd551df43704e24d252f56cc5f8e9718841aace50f19948f0f9 AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY openapi.json /src/openapi.json
COPY web/ ./
RUN npm run build

# golang:1.26-bookworm (Go 1.26.7), as of 2026-08-25
FROM golang:1.26-bookworm@sha256:38f30937ff0751bd8c202e53556168b9093302ee6d591e7e65a9d1b84a9d360c AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/web/dist ./web/dist
# The Makefile's BUILD_ENV and BUILD_FLAGS, word for word: a test in cmd/bookingd checks it.
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/bookingd ./cmd/bookingd
# The volume's mount point, to be owned by the user bookingd runs as: a fresh named volume takes it.
RUN mkdir -p /out/volume/data

# gcr.io/distroless/static-debian12:nonroot, as of 2026-08-26
FROM gcr.io/distroless/static-debian12:nonroot@sha256:afa5c872c891853ca7fcf1f12c3edb23f7eeef36189728842dd51042ff57f7ab
COPY --from=build /out/bookingd /bookingd
COPY --from=build --chown=65532:65532 /out/volume/ /
# distroless's nonroot, by number so a runtime can tell it isn't root.
USER 65532:65532
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["/bookingd", "healthcheck", "-url", "http://127.0.0.1:8080/healthz"]
ENTRYPOINT ["/bookingd"]
CMD ["-addr", ":8080", "-db", "sqlite:/data/bookings.db"]
