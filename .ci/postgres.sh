#!/usr/bin/env bash
# Start a throw-away PostgreSQL server for the test suite (installing Debian's postgresql
# package when no server binaries exist) and print the JUDGE_TEST_DATABASE_URL to use.
# Running it again while the server is up only prints the URL. Stop it with:
#   .ci/postgres.sh stop
# Everything lives under $JUDGE_PG_DIR (default /tmp/judge-test-pg); it listens on a free
# port on 127.0.0.1 only, with trust authentication, so it must never hold real data.
# The URL is the last (and only) line on stdout; everything else goes to stderr.
# Tried on a fresh Debian 12 (debootstrap minbase chroot, as root): installs the packages
# without creating or starting their "main" cluster, leaves policy-rc.d as it found it.
set -euo pipefail

PGDIR="$(realpath -m "${JUDGE_PG_DIR:-/tmp/judge-test-pg}")"
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

# install_server: Debian's packages, without the cluster they would create and start on
# port 5432 (this script runs its own server under $PGDIR instead). Any policy-rc.d the
# machine already has is put back afterwards, whatever happens.
POLICY=/usr/sbin/policy-rc.d
POLICY_SAVED=""
restore_policy() {
    if [ -n "$POLICY_SAVED" ]; then
        mv -f "$POLICY_SAVED" "$POLICY"
        POLICY_SAVED=""
    else
        rm -f "$POLICY"
    fi
}

install_server() {
    if [ "$(id -u)" -ne 0 ]; then
        log "no PostgreSQL server binaries found, and only root can install them"
        exit 1
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        log "no PostgreSQL server binaries found, and no apt-get to install them"
        exit 1
    fi
    log "installing Debian's postgresql package"
    export DEBIAN_FRONTEND=noninteractive
    # Wait for a dpkg lock held by e.g. unattended-upgrades on a fresh machine; never
    # stop to ask about configuration files.
    local apt=(apt-get -y -q -o DPkg::Lock::Timeout=600
               -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)
    # No service may start during the installation: policy-rc.d answering 101 is what
    # invoke-rc.d and deb-systemd-invoke ask.
    if [ -e "$POLICY" ]; then
        POLICY_SAVED="$(mktemp "${TMPDIR:-/tmp}/policy-rc.d.XXXXXX")"
        cp -p "$POLICY" "$POLICY_SAVED"
    fi
    trap restore_policy EXIT
    trap 'exit 1' INT TERM HUP
    printf '#!/bin/sh\nexit 101\n' >"$POLICY"
    chmod 0755 "$POLICY"
    "${apt[@]}" update >&2
    # postgresql-common first, so its createcluster.conf can say not to create the
    # package's own "main" cluster when the server package is installed next.
    "${apt[@]}" install --no-install-recommends postgresql-common >&2
    sed -ri 's/^#?[[:space:]]*create_main_cluster[[:space:]]*=.*/create_main_cluster = false/' \
        /etc/postgresql-common/createcluster.conf
    grep -q '^create_main_cluster = false' /etc/postgresql-common/createcluster.conf \
        || echo 'create_main_cluster = false' >>/etc/postgresql-common/createcluster.conf
    "${apt[@]}" install --no-install-recommends postgresql >&2
    restore_policy
    trap - EXIT INT TERM HUP
}

# as_owner CMD...: run as the unprivileged owner of the data directory (initdb and the
# server refuse to run as root), from a directory that owner can read.
as_owner() {
    if [ "$(id -u)" -ne 0 ]; then
        "$@"
    elif command -v runuser >/dev/null 2>&1; then
        (cd / && runuser -u "$OWNER" -- "$@")
    else
        (cd / && su -s /bin/sh "$OWNER" -c "$(printf '%q ' "$@")")
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
