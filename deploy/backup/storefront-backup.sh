#!/bin/bash
# The storefront's database backup (compose.yaml's backup service; restore: docs/operations.md,
# "Backups"). pg_dump in PostgreSQL's custom format into /backups/storefront-<date>.dump, written
# to a .part file first so a dump cut short never passes for one; dumps older than 14 days are
# removed. The connection comes from the environment (PGHOST, PGUSER, PGDATABASE, PGPASSWORD).
#
#   storefront-backup nightly   every night at 02:30 of the container's clock (the service's command)
#   storefront-backup once      one dump now (a manual backup; the image test runs this)
set -euo pipefail

backup() {
  local file
  file=/backups/storefront-$(date +%F).dump
  pg_dump --format=custom --file="$file.part"
  mv "$file.part" "$file"
  echo "backup: $file"
  find /backups -name 'storefront-*.dump' -mtime +14 -delete
}

case "${1:-}" in
  once) backup ;;
  nightly)
    # A stop (SIGTERM) ends the wait at once; a dump under way is not waited for (its .part stays).
    trap 'exit 0' TERM INT
    while true; do
      now=$(date +%s)
      next=$(date -d 'tomorrow 02:30' +%s)
      [ "$(date +%H%M)" -lt 0230 ] && next=$(date -d 'today 02:30' +%s)
      sleep $((next - now)) &
      wait $!
      # A failed night is logged and retried the next night; the loop keeps running.
      backup || echo "backup failed (exit $?)" >&2
    done
    ;;
  *)
    echo "usage: storefront-backup once|nightly" >&2
    exit 2
    ;;
esac
