#!/usr/bin/env bash
# `npm test`: the whole suite in two lanes at once, then each step's wall and CPU time and the slowest
# spec files. With TEST_PG_URL (a PostgreSQL server's URL; CI sets it) the server suite runs on that
# server, its engine-specific files on PGlite too, and the journeys' database-down case uses it
# (E2E_DATABASE_URL); without it, all on PGlite. docs/testing.md says why two lanes.
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

# Two lanes at once; the checks all run whatever fails, the journeys need their build; the run fails at
# the end if any step failed. On two cores neither lane alone keeps both busy: lint and the type-check use one
# core, and the journeys wait on the browser, the network and the mails a good part of the time.
#   checks: lint, type-check, unit tests, then the server suite: with TEST_PG_URL whole on PostgreSQL and
#           on PGlite only the files whose behaviour depends on the engine (the list and its why:
#           apps/server/test/support/engine-specific.ts), without it whole on PGlite. Each with two
#           workers, one after the other: the two at once would only fight over the cores the journeys need
#   e2e:    the build (once: the journeys' servers run its bundle), then Playwright
# Each step's wall and CPU time (user + system of the step's processes; PostgreSQL's own work is not
# counted) is printed at the end, with the spec files that took longest.
# Four lanes at once with five journey workers were tried (decision 060): on two cores the type-check
# took 631 s instead of 222 and journeys timed out — the steps fight for the cores instead of filling
# the idle ones. Two lanes keep every test's timing honest.
# Playwright workers: memory holds many more (about 2.5 GB a worker at its peak: its Chromium and the
# server instances its specs start, beside the shared server), the cores are the limit; one more worker
# than cores keeps them busy while a worker waits on a page.
E2E_WORKERS=${E2E_WORKERS:-$(( $(nproc) + 1 ))}

# Every check runs even after one failed: a red lint must not hide what the server suites say.
checks() {
  local rc=0
  run_step checks "lint" npm run lint || rc=1
  run_step checks "type-check" npm run typecheck || rc=1
  run_step checks "unit tests" npm run test:unit || rc=1
  if [ -n "${TEST_PG_URL:-}" ]; then
    run_step checks "server suite on PostgreSQL" env DATABASE_URL="$TEST_PG_URL" TEST_TEMPLATE_DB="${TEST_TEMPLATE_DB:-mutua_ci_template}" npm run test:server || rc=1
    run_step checks "server suite on PGlite, engine-specific files" env SERVER_TESTS=engine-specific npm run test:server || rc=1
  else
    run_step checks "server suite on PGlite" npm run test:server || rc=1
  fi
  return "$rc"
}

e2e() {
  run_step e2e "build" npm run build &&
    run_step e2e "end-to-end, ${E2E_WORKERS} workers" \
      env E2E_WORKERS="$E2E_WORKERS" ${TEST_PG_URL:+E2E_DATABASE_URL="$TEST_PG_URL"} E2E_REPORT="$e2e_report" npm test -w @mutua/e2e
}

step "checks and e2e lanes at once (lines prefixed by their lane)"
(checks 2>&1 | sed -u 's/^/[checks] /') &
checks_pid=$!
(e2e 2>&1 | sed -u 's/^/[e2e] /') &
e2e_pid=$!
failed=0
wait "$checks_pid" || failed=1
wait "$e2e_pid" || failed=1

step "where the time went"
printf '%-8s %-70s %8s %8s %8s  %s\n' lane step wall user system result
while IFS='|' read -r lane name t rc; do
  read -r real user sys <<<"$t"
  printf '%-8s %-70s %7.0fs %7.0fs %7.0fs  %s\n' "$lane" "$name" "${real:-0}" "${user:-0}" "${sys:-0}" "$([ "$rc" = 0 ] && echo ok || echo "FAILED ($rc)")"
done <"$steps"
awk -F'|' -v wall=$(( SECONDS - started )) '{ split($3, t, " "); cpu += t[2] + t[3] }
  END { printf "all steps: %.0f s of CPU in %d s of wall, %.2f cores busy on average\n", cpu, wall, cpu / wall }' "$steps"
if [ -s "$e2e_report" ]; then node apps/e2e/scripts/durations.mjs "$e2e_report" | head -25 || true; fi
[ "$failed" = 0 ] || { echo; echo "Tests failed: see the FAILED step above"; exit 1; }
step "all tests passed"

