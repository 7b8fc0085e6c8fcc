// `node apps/e2e/scripts/durations.mjs <report.json>`: where an end-to-end run spent its time, from
// Playwright's JSON report (E2E_REPORT=<file> in the environment of the run). Prints the spec files by
// the time their tests took (summed over workers), then the slowest tests: the ones to split first when
// a file holds one worker long after the others are done.
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node apps/e2e/scripts/durations.mjs <report.json>');
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8'));

/** Every test of the report with its spec file and the duration of its last attempt. */
function* tests(suite, specFile) {
  const fileOf = suite.file ?? specFile;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      const last = test.results.at(-1);
      if (last) yield { file: fileOf, title: spec.title, ms: last.duration, worker: last.parallelIndex };
    }
  }
  for (const child of suite.suites ?? []) yield* tests(child, fileOf);
}

const all = report.suites.flatMap((suite) => [...tests(suite, suite.file)]);
const byFile = new Map();
for (const t of all) {
  const entry = byFile.get(t.file) ?? { ms: 0, count: 0 };
  entry.ms += t.ms;
  entry.count += 1;
  byFile.set(t.file, entry);
}
const s = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
const total = all.reduce((sum, t) => sum + t.ms, 0);
const wall = report.stats?.duration ?? 0;
console.log(
  `${all.length} tests, ${s(total).trim()} of test time in ${s(wall).trim()} of wall time (${report.config?.metadata?.actualWorkers ?? '?'} workers)`,
);
const byWorker = new Map();
for (const t of all) byWorker.set(t.worker, (byWorker.get(t.worker) ?? 0) + t.ms);
// Far apart, these say one worker went on alone at the end: the file it held is the one to split.
console.log(
  `Busy time by worker: ${[...byWorker]
    .sort((a, b) => a[0] - b[0])
    .map(([w, ms]) => `#${w} ${s(ms).trim()}`)
    .join(', ')}`,
);
console.log('\nBy spec file:');
for (const [name, { ms, count }] of [...byFile].sort((a, b) => b[1].ms - a[1].ms)) console.log(`${s(ms)}  ${String(count).padStart(3)} tests  ${name}`);
console.log('\nSlowest tests:');
for (const t of all.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`${s(t.ms)}  ${t.file} › ${t.title}`);
