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
minutes=$(mktemp)
cores=$(nproc)

# The whole machine's busy and total CPU ticks since boot (/proc/stat): a step's `time` misses what its
# processes do not wait for (PostgreSQL's backends, a browser a worker left behind) and what other runs
# on the machine take; the machine's ticks count everything, so a step's line says how busy the cores
# were while it ran, and the minute lines where they sat idle.
machine_ticks() {
  local _ user nice system idle iowait irq softirq steal
  read -r _ user nice system idle iowait irq softirq steal _ </proc/stat
  echo "$(( user + nice + system + irq + softirq + steal )) $(( idle + iowait ))"
}
# busy_cores <busy0> <idle0> <busy1> <idle1>: the cores busy on average between the two readings.
busy_cores() { awk -v b="$(( $3 - $1 ))" -v i="$(( $4 - $2 ))" -v n="$cores" 'BEGIN { printf "%.2f", (b + i) ? n * b / (b + i) : 0 }'; }

# Every minute: the cores busy during it and the load average, to $minutes (printed at the end).
sample_minutes() {
  local minute=0 b0 i0 b1 i1 load
  read -r b0 i0 < <(machine_ticks)
  while sleep 60; do
    minute=$(( minute + 1 ))
    read -r b1 i1 < <(machine_ticks)
    read -r load _ </proc/loadavg
    printf '%3d  %s of %s cores busy, load %s\n' "$minute" "$(busy_cores "$b0" "$i0" "$b1" "$i1")" "$cores" "$load" >>"$minutes"
    b0=$b1 i0=$i1
  done
}

# run_step <lane> <name> <command…>: the command's output goes through; its times, and how busy the
# machine's cores were meanwhile, go to $steps.
run_step() {
  local lane=$1 name=$2 times rc=0 b0 i0 b1 i1
  shift 2
  echo "=== $name ($(( SECONDS - started )) s)"
  times=$(mktemp)
  read -r b0 i0 < <(machine_ticks)
  { TIMEFORMAT='%R %U %S'; time "$@" 2>&1; } 2>"$times" || rc=$?
  read -r b1 i1 < <(machine_ticks)
  printf '%s|%s|%s|%s|%s\n' "$lane" "$name" "$(tail -1 "$times")" "$rc" "$(busy_cores "$b0" "$i0" "$b1" "$i1")" >>"$steps"
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

sample_minutes &
sampler_pid=$!
trap 'kill "$sampler_pid" 2>/dev/null || true' EXIT
read -r run_b0 run_i0 < <(machine_ticks)

step "checks and e2e lanes at once (lines prefixed by their lane)"
(checks 2>&1 | sed -u 's/^/[checks] /') &
checks_pid=$!
(e2e 2>&1 | sed -u 's/^/[e2e] /') &
e2e_pid=$!
failed=0
wait "$checks_pid" || failed=1
wait "$e2e_pid" || failed=1

read -r run_b1 run_i1 < <(machine_ticks)
kill "$sampler_pid" 2>/dev/null || true

step "where the time went"
# machine: the cores of the whole machine busy on average while the step ran (every lane, PostgreSQL,
# the browsers and anything else on the machine), out of $cores.
printf '%-8s %-62s %8s %8s %8s %8s  %s\n' lane step wall user system machine result
while IFS='|' read -r lane name t rc busy; do
  read -r real user sys <<<"$t"
  printf '%-8s %-62s %7.0fs %7.0fs %7.0fs %8s  %s\n' "$lane" "$name" "${real:-0}" "${user:-0}" "${sys:-0}" "$busy" "$([ "$rc" = 0 ] && echo ok || echo "FAILED ($rc)")"
done <"$steps"
awk -F'|' -v wall=$(( SECONDS - started )) -v machine="$(busy_cores "$run_b0" "$run_i0" "$run_b1" "$run_i1")" -v n="$cores" '{ split($3, t, " "); cpu += t[2] + t[3] }
  END { printf "all steps: %.0f s of CPU in %d s of wall, %.2f cores busy on average; the machine: %s of %d cores busy\n", cpu, wall, cpu / wall, machine, n }' "$steps"
if [ -s "$minutes" ]; then echo "minute by minute (the whole machine):"; cat "$minutes"; fi
if [ -s "$e2e_report" ]; then node apps/e2e/scripts/durations.mjs "$e2e_report" | head -25 || true; fi
[ "$failed" = 0 ] || { echo; echo "Tests failed: see the FAILED step above"; exit 1; }
step "all tests passed"

