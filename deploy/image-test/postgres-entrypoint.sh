#!/bin/bash
# The stand-in PostgreSQL image's entry point (postgres.Containerfile). It keeps the contract of
# the public image's documentation that compose.yaml relies on: on an empty PGDATA
# (/var/lib/postgresql/data) it runs initdb with POSTGRES_USER (default postgres) as the superuser
# and POSTGRES_PASSWORD as its password (required, as there), creates POSTGRES_DB (default: the
# user's name), listens on every address and asks connections from other hosts for the password
# (scram-sha-256, the public image's default); then it runs the server as the postgres user in the
# foreground. A data folder that holds a cluster is used as it is. Not kept: initdb scripts
# (/docker-entrypoint-initdb.d), POSTGRES_INITDB_ARGS, POSTGRES_HOST_AUTH_METHOD and the *_FILE
# variants, which compose.yaml does not use.
set -euo pipefail

if [ "${1:-postgres}" != postgres ]; then exec "$@"; fi

if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo 'Error: the database is uninitialized and POSTGRES_PASSWORD is not set' >&2
    exit 1
  fi
  user=${POSTGRES_USER:-postgres}
  db=${POSTGRES_DB:-$user}
  pwfile=$(mktemp)
  printf '%s' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --encoding=UTF8 --locale=C.UTF-8 --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  printf 'host all all all scram-sha-256\n' >> "$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    # Started on the socket only, so no one connects before the database exists.
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    psql -v ON_ERROR_STOP=1 --username="$user" --dbname=postgres -q -c "CREATE DATABASE \"$db\"" >/dev/null
    pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  fi
  echo "PostgreSQL init process complete; ready for start up."
fi

exec postgres -c listen_addresses='*' "${@:2}"
