# syntax=docker/dockerfile:1
#
# Trigonal's container image: one `trigonal` binary (the browser front end is embedded in it)
# on a small Debian base, running as an unprivileged user. docs/operations.md says how to run it.
#
#   docker build -t trigonal .       (or: podman build --format docker -t trigonal .: Podman's
#                                     default OCI format drops the HEALTHCHECK below)
#   docker run -p 8080:8080 -v trigonal-data:/data trigonal
#
# Build arguments:
#   BUILD_JOBS   compiler jobs at once (default: one per core); 1 on a small or busy machine.
#
# The build uses cache mounts (BuildKit, the default builder of Docker 23 and later, and Podman /
# Buildah), so a rebuild recompiles only Trigonal's own crates, not its dependencies.

############################################################ build
FROM rust:1-bookworm AS builder

ARG BUILD_JOBS=

WORKDIR /src
COPY . .

# The registry and the target directory are cache mounts: they outlive this step, so the
# binary is copied out of target/ (stripped of its debug information, which keeps symbols for
# backtraces) within the same step.
RUN --mount=type=cache,target=/usr/local/cargo/registry,sharing=locked \
    --mount=type=cache,target=/src/target,sharing=locked \
    cargo build --release -p trigonal --locked ${BUILD_JOBS:+--jobs "$BUILD_JOBS"} \
 && mkdir -p /out \
 && objcopy --strip-debug target/release/trigonal /out/trigonal \
 && /out/trigonal --version

############################################################ run
FROM debian:bookworm-slim

# ca-certificates: for any TLS the process makes; postgresql-client: pg_dump and pg_restore,
# which `trigonal backup` and `trigonal restore` run for a PostgreSQL store. (Debian bookworm's
# client is PostgreSQL 15's: it can dump servers up to 15. See docs/operations.md, "Backups".)
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      ca-certificates postgresql-client \
 && apt-get clean \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin

# The unprivileged user the server runs as, with a fixed uid and gid so that volumes and
# Kubernetes' runAsUser can name them; /data is where a SQLite store and backups live.
RUN groupadd --gid 10001 trigonal \
 && useradd --uid 10001 --gid trigonal --home-dir /data --no-create-home \
      --shell /usr/sbin/nologin trigonal \
 && mkdir /data \
 && chown trigonal:trigonal /data

# trigonal-probe PATH [PORT]: exits 0 when GET PATH on 127.0.0.1:PORT (default: the port of
# TRIGONAL_ADDR) answers 200 within 2 s. Health checks use it: the image carries no curl.
RUN printf '%s\n' \
      '#!/bin/bash' \
      '# trigonal-probe PATH [PORT]: exit 0 when GET PATH on 127.0.0.1:PORT answers 200.' \
      'path=${1:-/healthz}' \
      'port=${2:-${TRIGONAL_ADDR##*:}}' \
      'exec 3<>"/dev/tcp/127.0.0.1/${port:-8080}" || exit 1' \
      'printf "GET %s HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n" "$path" >&3' \
      'IFS=" " read -r -t 2 _ status _ <&3 || exit 1' \
      '[[ $status == 200 ]]' \
      > /usr/local/bin/trigonal-probe \
 && chmod 755 /usr/local/bin/trigonal-probe

COPY --from=builder /out/trigonal /usr/local/bin/trigonal

USER 10001:10001
WORKDIR /data
VOLUME ["/data"]

# Listen on every interface of the container (the default, 127.0.0.1, is unreachable from
# outside it); keep a SQLite store on the volume unless TRIGONAL_DB names PostgreSQL.
ENV TRIGONAL_ADDR=0.0.0.0:8080 \
    TRIGONAL_DB=/data/trigonal.db

EXPOSE 8080

# SIGTERM starts a graceful shutdown (readiness off, WebSockets closed with 1012, requests in
# flight finished within --shutdown-grace): give the container longer than that to stop.
STOPSIGNAL SIGTERM

# Liveness: the process answers. (Load balancers should poll /readyz instead; a worker serves
# its checks only on --metrics-addr, so its health check is set where it runs: see
# deploy/compose.yaml.)
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
    CMD ["trigonal-probe", "/healthz"]

ENTRYPOINT ["trigonal"]
CMD ["serve"]
