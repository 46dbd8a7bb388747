# A small non-root image that serves the booking API and the customer's app.
# Stage 1 builds the web app, stage 2 a static bookingd that embeds it, stage 3 holds only the binary.
FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci
COPY openapi.json /src/openapi.json
COPY web/ ./
RUN npm run build

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/web/dist ./web/dist
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/bookingd ./cmd/bookingd

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/bookingd /bookingd
USER nonroot:nonroot
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["/bookingd", "healthcheck", "-url", "http://127.0.0.1:8080/healthz"]
ENTRYPOINT ["/bookingd"]
CMD ["-addr", ":8080"]
