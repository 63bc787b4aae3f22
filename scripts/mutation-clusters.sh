#!/usr/bin/env bash
# The throw-away PostgreSQL clusters of the server's tests (tests/server/postgres.ts, folders /tmp/pg-*) that a
# mutation run leaves behind. A file's cluster stops in its afterAll; when vitest ends a test worker in the middle
# of a file (a bail, a time-out), that never runs, and the cluster lives until the run ends: 45 in the first 20
# minutes of a run (2026-12-01). scripts/mutation.sh runs `watch` beside StrykerJS and `after` once it ends.
#   mutation-clusters.sh watch           every minute, stop the clusters running for over 20 minutes
#   mutation-clusters.sh after SECONDS   stop the clusters started in the last SECONDS (the run's own)
set -uo pipefail
OLDEST_SECONDS=1200 # no test file runs this long; a cluster this old is one whose file ended without it

# Prints "pid age folder" for each test cluster's postmaster.
clusters() {
  ps -eo pid=,etimes=,args= | awk '$3 ~ /\/bin\/postgres$/ && $4 == "-D" && $5 ~ /^\/tmp\/pg-/ { print $1, $2, $5 }'
}

stop_cluster() {
  kill -QUIT "$1" 2>/dev/null # an immediate shutdown: nothing in a throw-away cluster is worth a checkpoint
  for _ in 1 2 3 4 5; do kill -0 "$1" 2>/dev/null || break; sleep 1; done
  rm -rf "$2"
}

case "${1:-}" in
  watch)
    while sleep 60; do
      clusters | while read -r pid age dir; do
        if [ "$age" -gt "$OLDEST_SECONDS" ]; then stop_cluster "$pid" "$dir"; fi
      done
    done
    ;;
  after)
    clusters | while read -r pid age dir; do
      if [ "$age" -le "${2:?after needs how many seconds the run took}" ]; then stop_cluster "$pid" "$dir"; fi
    done
    ;;
  *)
    echo "usage: $0 watch | after SECONDS" >&2
    exit 2
    ;;
esac
