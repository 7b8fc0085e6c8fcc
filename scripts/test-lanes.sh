#!/usr/bin/env bash
# `npm test`: the whole suite in four lanes at once, then each step's wall and CPU time and the slowest
# spec files. With TEST_PG_URL (a PostgreSQL server's URL; CI sets it) the server suite runs on that
# server, its engine-specific files on PGlite too, and the journeys' database-down case uses it
# (E2E_DATABASE_URL); without it, all on PGlite. docs/testing.md says why lanes.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
step() { echo; echo "=== $* ($(( SECONDS - started )) s)"; }

steps=$(mktemp)
e2e_report=$(mktemp --suffix=.json)

# run_step <lane> <name> <command…>: the command's output goes through; its times go to $steps.
run_step() {
  local lane=$1 name=$2 times rc=0
  shift 2
  echo "=== $name ($(( SECONDS - started )) s)"
  times=$(mktemp)
  { TIMEFORMAT='%R %U %S'; time "$@" 2>&1; } 2>"$times" || rc=$?
  printf '%s|%s|%s|%s\n' "$lane" "$name" "$(tail -1 "$times")" "$rc" >>"$steps"
  rm -f "$times"
  return "$rc"
}

# Four lanes at once; every check runs whatever fails, the journeys need their build; the run fails at
# the end if any step failed. Each lane alone leaves cores idle (lint and the type-check use about one
# core, the server suite waits on its database, the journeys on pages, mails and timers), so they run
# side by side and the machine stays busy until the last one ends (docs/testing.md, the figures in
# docs/decisions/060-ci-in-fifteen-minutes.md):
#   lint:   ESLint and Prettier's check
#   checks: type-check, then the unit tests
#   server: the server suite: with TEST_PG_URL whole on PostgreSQL and on PGlite only the files whose
#           behaviour depends on the engine (the list and its why: apps/server/test/support/engine-specific.ts),
#           without it whole on PGlite; two workers, one engine after the other
#   e2e:    the build first (once: the journeys' servers run its bundle), then Playwright
# Each step's wall and CPU time (user + system of the step's processes; PostgreSQL's own work is not
# counted) is printed at the end, with the memory in use at the peak and the slowest spec files.
# Playwright workers: a journey's worker keeps about a quarter of a core busy (the rest of its time it
# waits on its page, the mails, the servers), so two a core and one more nearly fill the cores once the
# other lanes are done; not more, because they all start at once, each with a server instance that has
# 90 s to answer. Each takes up to 2.5 GB at its peak (its Chromium, the server instances its specs
# start), so no more than the memory holds beside the other lanes (4 GB).
mem_gb=$(awk '/^MemTotal:/ { print int($2 / 1048576) }' /proc/meminfo)
by_memory=$(( (mem_gb - 4) * 2 / 5 ))
by_cores=$(( $(nproc) * 2 + 1 ))
E2E_WORKERS=${E2E_WORKERS:-$(( by_cores < by_memory ? by_cores : (by_memory > 1 ? by_memory : 1) ))}
# Seconds the journeys run before the type-check, unit and server lanes start: their start (the template
# database, the shared server, an instance per worker, each with a deadline) is the one moment when
# waiting for a core fails tests; the other lanes have slack, and the lint keeps the second core busy.
E2E_HEAD_START=${E2E_HEAD_START:-60}

lint() { run_step lint "lint" npm run lint; }

checks() {
  local rc=0
  run_step checks "type-check" npm run typecheck || rc=1
  run_step checks "unit tests" npm run test:unit || rc=1
  return "$rc"
}

server() {
  local rc=0
  if [ -n "${TEST_PG_URL:-}" ]; then
    run_step server "server suite on PostgreSQL" env DATABASE_URL="$TEST_PG_URL" TEST_TEMPLATE_DB="${TEST_TEMPLATE_DB:-mutua_ci_template}" npm run test:server || rc=1
    run_step server "server suite on PGlite, engine-specific files" env SERVER_TESTS=engine-specific npm run test:server || rc=1
  else
    run_step server "server suite on PGlite" npm run test:server || rc=1
  fi
  return "$rc"
}

build() { run_step e2e "build" npm run build; }

e2e() {
  run_step e2e "end-to-end, ${E2E_WORKERS} workers" \
    env E2E_WORKERS="$E2E_WORKERS" ${TEST_PG_URL:+E2E_DATABASE_URL="$TEST_PG_URL"} E2E_REPORT="$e2e_report" npm test -w @mutua/e2e
}

# The least memory available during the run (sampled every 2 s), to size the journeys' workers.
min_available=$(mktemp)
(
  least=
  while :; do
    now=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo)
    if [ -z "$least" ] || [ "$now" -lt "$least" ]; then least=$now && echo "$least" >"$min_available"; fi
    sleep 2
  done
) &
memory_pid=$!

step "four lanes at once (lines prefixed by their lane)"
# The journeys are the longest lane: their build (a core for seconds) runs first, beside the lint only,
# then their start-up (E2E_HEAD_START); the other lanes do not wait for the build's result.
pids=()
failed=0
(lint 2>&1 | sed -u "s/^/[lint] /") &
pids+=($!)
built=0
(build 2>&1 | sed -u "s/^/[e2e] /") || built=$?
if [ "$built" = 0 ]; then
  (e2e 2>&1 | sed -u "s/^/[e2e] /") &
  pids+=($!)
  for _ in $(seq 1 "$E2E_HEAD_START"); do kill -0 "${pids[-1]}" 2>/dev/null && sleep 1 || break; done
else
  failed=1
fi
for lane in checks server; do
  ("$lane" 2>&1 | sed -u "s/^/[$lane] /") &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
kill "$memory_pid" 2>/dev/null || true

step "where the time went"
printf '%-8s %-70s %8s %8s %8s  %s\n' lane step wall user system result
while IFS='|' read -r lane name t rc; do
  read -r real user sys <<<"$t"
  printf '%-8s %-70s %7.0fs %7.0fs %7.0fs  %s\n' "$lane" "$name" "${real:-0}" "${user:-0}" "${sys:-0}" "$([ "$rc" = 0 ] && echo ok || echo "FAILED ($rc)")"
done <"$steps"
awk -F'|' -v wall=$(( SECONDS - started )) '{ split($3, t, " "); cpu += t[2] + t[3] }
  END { printf "all steps: %.0f s of CPU in %d s of wall, %.2f cores busy on average\n", cpu, wall, cpu / wall }' "$steps"
awk -v least="$(cat "$min_available")" '/^MemTotal:/ { printf "memory in use at the peak (the whole machine): %.1f GB of %.1f GB\n", ($2 - least) / 1048576, $2 / 1048576 }' /proc/meminfo
if [ -s "$e2e_report" ]; then node apps/e2e/scripts/durations.mjs "$e2e_report" | head -25 || true; fi
[ "$failed" = 0 ] || { echo; echo "Tests failed: see the FAILED step above"; exit 1; }
step "all tests passed"

