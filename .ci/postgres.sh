#!/usr/bin/env bash
# Start a throw-away PostgreSQL server for the test suite (installing Debian's postgresql
# package when no server binaries exist) and print the JUDGE_TEST_DATABASE_URL to use.
# Running it again while the server is up only prints the URL. Stop it with:
#   .ci/postgres.sh stop
# Everything lives under $JUDGE_PG_DIR (default /tmp/judge-test-pg); it listens on a free
# port on 127.0.0.1 only, with trust authentication, so it must never hold real data.
set -euo pipefail

PGDIR="${JUDGE_PG_DIR:-/tmp/judge-test-pg}"
DATA="$PGDIR/data"
LOG="$PGDIR/server.log"
DB=judge_test
ROLE=judge

log() { echo "postgres.sh: $*" >&2; }

find_bindir() {
    local candidate
    if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
        dirname "$(readlink -f "$(command -v pg_ctl)")"
        return 0
    fi
    for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [ -x "$candidate/pg_ctl" ] && [ -x "$candidate/initdb" ]; then
            echo "$candidate"
            return 0
        fi
    done
    return 1
}

install_server() {
    if [ "$(id -u)" -ne 0 ]; then
        log "no PostgreSQL server binaries found, and only root can install them"
        exit 1
    fi
    log "installing Debian's postgresql package"
    export DEBIAN_FRONTEND=noninteractive
    # Keep the package's own cluster from starting: this script runs its own server.
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    apt-get update -qq >&2
    apt-get install -y -qq postgresql >&2 || { rm -f /usr/sbin/policy-rc.d; exit 1; }
    rm -f /usr/sbin/policy-rc.d
}

# as_owner CMD...: run as the unprivileged owner of the data directory (initdb and the
# server refuse to run as root).
as_owner() {
    if [ "$(id -u)" -ne 0 ]; then
        "$@"
    elif command -v runuser >/dev/null 2>&1; then
        runuser -u "$OWNER" -- "$@"
    else
        su -s /bin/sh "$OWNER" -c "$(printf '%q ' "$@")"
    fi
}

free_port() {
    if command -v python3 >/dev/null 2>&1; then
        python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
        return
    fi
    local port
    for _ in $(seq 1 200); do
        port=$((20000 + RANDOM % 30000))
        # Nothing answers on a free port, so the connection attempt fails.
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port"
            return
        fi
    done
    log "no free port found"
    exit 1
}

url() { echo "postgresql://$ROLE@127.0.0.1:$(cat "$PGDIR/port")/$DB"; }

BINDIR="$(find_bindir || true)"
if [ "${1:-}" = "stop" ]; then
    if [ -n "$BINDIR" ] && [ -f "$DATA/postmaster.pid" ]; then
        OWNER="$(stat -c %U "$DATA")"
        as_owner "$BINDIR/pg_ctl" -D "$DATA" -m fast stop >&2
    fi
    exit 0
fi
if [ -z "$BINDIR" ]; then
    install_server
    BINDIR="$(find_bindir)" || { log "postgresql installed but pg_ctl not found"; exit 1; }
fi

if [ "$(id -u)" -eq 0 ]; then
    OWNER=postgres
    if ! id "$OWNER" >/dev/null 2>&1; then
        useradd --system --home-dir "$PGDIR" --shell /bin/sh "$OWNER"
    fi
else
    OWNER="$(id -un)"
fi

mkdir -p "$PGDIR"
chmod 0755 "$PGDIR"
if [ "$(id -u)" -eq 0 ]; then chown "$OWNER" "$PGDIR"; fi

if [ -f "$DATA/postmaster.pid" ] && as_owner "$BINDIR/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
    url
    exit 0
fi

if [ ! -f "$DATA/PG_VERSION" ]; then
    rm -rf "$DATA"
    as_owner "$BINDIR/initdb" -D "$DATA" -U "$ROLE" -A trust -E UTF8 --no-locale >&2
fi

free_port >"$PGDIR/port"
chmod 0644 "$PGDIR/port"

as_owner "$BINDIR/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 \
    -o "-p $(cat "$PGDIR/port") -c listen_addresses=127.0.0.1 -k $PGDIR -c max_connections=200" \
    start >&2

if ! as_owner "$BINDIR/psql" -h 127.0.0.1 -p "$(cat "$PGDIR/port")" -U "$ROLE" -d postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1; then
    as_owner "$BINDIR/createdb" -h 127.0.0.1 -p "$(cat "$PGDIR/port")" -U "$ROLE" "$DB" >&2
fi
url
