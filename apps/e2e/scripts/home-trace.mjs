// /home's main-thread work, measured without Lighthouse's simulation: the demo member signed in, the HTTP
// cache emptied, the CPU slowed down 4× (Chromium's own throttling, as DevTools does), a phone's window;
// a performance trace of the load, its long tasks (≥ 50 ms) read from the renderer's main thread.
//
//   npm run build && node apps/e2e/scripts/home-trace.mjs [--runs 3] [--functions] [--url http://localhost:8080]
//
// Prints per run: the JavaScript received (files, raw bytes — what the engine parses — and gzip), the
// long tasks after the first contentful paint (count, longest, the blocking time: the part of each
// beyond 50 ms, summed) with what each was made of; --functions adds the functions that ran longest
// inside them (sampled). Deterministic enough to compare two builds on a loaded machine: the bytes
// are exact, the tasks move by a few milliseconds; Lighthouse's score moves by much more.
//
//   node apps/e2e/scripts/home-trace.mjs --cpu-index 1500 [--runs 3]
//
// instead loads the page unthrottled and estimates the Total Blocking Time Lighthouse would simulate on
// a machine of that CPU index, from what the load moves least: each main-thread task's CPU time (not its
// wall time, which grows whenever another process takes the core) and this machine's best benchmark
// index of several (Lighthouse's own measure, wall-clock, so the best is the least disturbed). As
// Lighthouse's simulation does, a task under 10 ms is dropped, a longer one weighs its time × 4 × the
// machine's index / the target's (half that when it lays out), and what exceeds 50 ms after the first
// contentful paint is blocking. An estimate to compare builds with, not Lighthouse's figure.
import { gzipSync } from 'node:zlib';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer from 'puppeteer-core';
import { CHROME_FLAGS, CHROME_PATH, serverFromArgs, signIn } from './portal-session.mjs';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt === -1 ? 1 : Math.max(1, Number(args[runsAt + 1]) || 1);
const withFunctions = args.includes('--functions');
const indexAt = args.indexOf('--cpu-index');
const targetIndex = indexAt === -1 ? undefined : Number(args[indexAt + 1]);
if (targetIndex !== undefined && !(targetIndex > 0)) throw new Error('--cpu-index: a positive number, e.g. 1500');
const LONG_TASK_MS = 50;
const SIGNIFICANT_TASK_MS = 10;
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'v8.execute', 'toplevel'];

/** What a task's time went to: its nested trace events, by name, in ms (a nested event counts once, in its outermost kind). */
const KINDS = {
  EvaluateScript: 'script evaluation',
  'v8.evaluateModule': 'script evaluation',
  FunctionCall: 'script',
  TimerFire: 'script',
  EventDispatch: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  ParseHTML: 'HTML parsing',
  ParseAuthorStyleSheet: 'CSS parsing',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  MajorGC: 'GC',
  MinorGC: 'GC',
};

function analyse(events, withFunctionsToo) {
  const complete = events.filter((e) => e.ph === 'X' || e.ph === 'B' || e.ph === 'E' || e.ph === 'I' || e.ph === 'R' || e.ph === 'n');
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.includes('/home'));
  if (!navigation) return undefined;
  const { pid, tid } = navigation;
  const onMain = complete.filter((e) => e.pid === pid && e.tid === tid);
  const fcp = onMain.find((e) => e.name === 'firstContentfulPaint' && e.ts > navigation.ts);
  const tasks = onMain.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.ts >= navigation.ts).sort((a, b) => a.ts - b.ts);
  const nested = onMain.filter((e) => e.ph === 'X' && KINDS[e.name]).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const since = fcp?.ts ?? navigation.ts;
  // Unthrottled (--cpu-index), the tasks Lighthouse's simulation keeps: 10 ms of CPU or more, after the paint.
  const long =
    targetIndex === undefined
      ? tasks.filter((t) => t.dur / 1000 >= LONG_TASK_MS)
      : tasks.filter((t) => t.ts + t.dur > since && (t.tdur ?? t.dur) >= SIGNIFICANT_TASK_MS * 1000);
  const blocking = long.filter((t) => t.ts + t.dur > since).reduce((sum, t) => sum + t.dur / 1000 - LONG_TASK_MS, 0);
  const simulated = targetIndex === undefined ? undefined : simulateBlocking(long, onMain);
  if (simulated) {
    // Shorter tasks Lighthouse keeps when they link requests together (it drops the others): an upper bound.
    const shorter = tasks.filter((t) => t.ts + t.dur > since && !long.includes(t));
    simulated.upTo = simulated.blocking + simulateBlocking(shorter, onMain).blocking;
    simulated.shorter = simulateBlocking(shorter, onMain).tasks.filter((t) => t.ms > LONG_TASK_MS).length;
  }
  const described = long.map((task) => {
    const inside = nested.filter((e) => e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
    const parts = {};
    let coveredUntil = 0;
    for (const e of inside) {
      if (e.ts < coveredUntil) continue;
      coveredUntil = e.ts + e.dur;
      parts[KINDS[e.name]] = (parts[KINDS[e.name]] ?? 0) + e.dur / 1000;
    }
    const script = inside.find((e) => e.args?.data?.url);
    return {
      start: Math.round((task.ts - navigation.ts) / 1000),
      ms: Math.round(task.dur / 1000),
      url: script?.args.data.url.replace(/^https?:\/\/[^/]+/, '') ?? '',
      parts: Object.entries(parts)
        .sort((a, b) => b[1] - a[1])
        .filter(([, ms]) => ms >= 1)
        .map(([kind, ms]) => `${kind} ${Math.round(ms)}`)
        .join(', '),
    };
  });
  return {
    fcp: fcp ? Math.round((fcp.ts - navigation.ts) / 1000) : undefined,
    tasks: described,
    blocking: Math.round(blocking),
    simulated,
    functions: withFunctionsToo ? sampledFunctions(events, pid, tid, long) : long.map(() => ''),
  };
}

/** Lighthouse's simulated blocking time, from the tasks' CPU time (see the head of this file); `slowdown` is set per run. */
let slowdown = 4;
function simulateBlocking(counted, onMain) {
  const layouts = onMain.filter((e) => e.ph === 'X' && e.name === 'Layout');
  const weighed = counted.map((t) => {
    const laysOut = layouts.some((l) => l.ts >= t.ts && l.ts < t.ts + t.dur);
    return { cpu: Math.round((t.tdur ?? t.dur) / 1000), ms: Math.round(((t.tdur ?? t.dur) / 1000) * slowdown * (laysOut ? 0.5 : 1)), laysOut };
  });
  return { tasks: weighed, blocking: Math.round(weighed.reduce((sum, t) => sum + Math.max(0, t.ms - LONG_TASK_MS), 0)) };
}

/**
 * Lighthouse's benchmark index of this machine as it would be quiet: its loop counts iterations per
 * second of wall time, which another process on the core steals; scaled here by the loop's wall time
 * over its CPU time (from a trace of it), it counts them per second of CPU. The best of three.
 */
async function machineIndex(page) {
  let best = 0;
  for (let i = 0; i < 3; i++) {
    await page.tracing.start({ categories: ['toplevel', 'disabled-by-default-devtools.timeline'] });
    const index = await page.evaluate(pageFunctions.computeBenchmarkIndex);
    const { traceEvents } = JSON.parse(Buffer.from(await page.tracing.stop()).toString('utf8'));
    const renderers = new Set(traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
    const task = traceEvents
      .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.tdur && renderers.has(`${e.pid}:${e.tid}`))
      .sort((a, b) => b.dur - a.dur)[0];
    best = Math.max(best, task ? Math.round((index * task.dur) / task.tdur) : index);
  }
  return best;
}

/** The functions that ran longest (self time) inside each long task, from the V8 sampling profile in the trace. */
function sampledFunctions(events, pid, tid, long) {
  const nodes = new Map();
  const perTask = long.map(() => new Map());
  let time;
  for (const e of events) {
    if (e.pid !== pid || (e.name !== 'Profile' && e.name !== 'ProfileChunk')) continue;
    if (e.name === 'Profile') time = e.args.data.startTime;
    const profile = e.args.data.cpuProfile ?? {};
    for (const node of profile.nodes ?? []) nodes.set(node.id, node.callFrame);
    const deltas = e.args.data.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      time += deltas[i] ?? 0;
      const at = long.findIndex((t) => time >= t.ts && time <= t.ts + t.dur);
      const frame = nodes.get(id);
      if (at === -1 || !frame) return;
      const where = frame.url ? ` ${frame.url.replace(/^https?:\/\/[^/]+\/(assets\/)?/, '')}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : '';
      const key = `${frame.functionName || '(anonymous)'}${where}`;
      const self = (deltas[i + 1] ?? deltas[i] ?? 0) / 1000;
      perTask[at].set(key, (perTask[at].get(key) ?? 0) + self);
    });
  }
  return perTask.map((selfMs) =>
    [...selfMs]
      .filter(([fn]) => fn !== '(program)' && fn !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([fn, ms]) => `${fn} ${Math.round(ms)}`)
      .join(', '),
  );
}

const server = await serverFromArgs(args);
const browser = await puppeteer.launch({ executablePath: CHROME_PATH, headless: true, args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')) });
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  await signIn(page, server.base);
  const cdp = await page.createCDPSession();
  for (let run = 1; run <= runs; run++) {
    await page.goto('about:blank');
    await cdp.send('Network.clearBrowserCache');
    const scripts = new Map();
    const pending = [];
    const onResponse = (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.buffer().then(
          (body) => scripts.set(response.url(), { raw: body.length, gzip: gzipSync(body).length }),
          () => {},
        ),
      );
    };
    page.on('response', onResponse);
    if (targetIndex !== undefined) {
      const index = await machineIndex(page);
      slowdown = (4 * index) / targetIndex;
      console.log(`machine index ${index} (from CPU time, best of 3), slowdown ${slowdown.toFixed(2)} as at CPU index ${targetIndex}`);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: targetIndex === undefined ? 4 : 1 });
    await page.tracing.start({ categories: withFunctions ? [...CATEGORIES, 'disabled-by-default-v8.cpu_profiler'] : CATEGORIES });
    await page.goto(`${server.base}/home`, { waitUntil: 'networkidle0', timeout: 120_000 });
    // What the hydration leaves for later (effects, idle work) runs within this.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const trace = JSON.parse(Buffer.from(await page.tracing.stop()).toString('utf8'));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    page.off('response', onResponse);
    await Promise.all(pending);
    if (new URL(page.url()).pathname !== '/home') throw new Error(`ended on ${page.url()}, not /home`);
    const painted = await page.evaluate(() => globalThis.document.getElementById('root')?.dataset.rendered === 'server');
    const result = analyse(trace.traceEvents, withFunctions);
    if (!result) {
      console.log(`run ${run}: the trace holds no navigationStart for /home (the browser dropped it): not counted`);
      continue;
    }
    const raw = [...scripts.values()].reduce((sum, s) => sum + s.raw, 0);
    const gzip = [...scripts.values()].reduce((sum, s) => sum + s.gzip, 0);
    const throttled = targetIndex === undefined ? 'CPU 4× slower' : 'CPU unthrottled';
    console.log(`run ${run}: /home ${painted ? 'painted by the server' : 'rendered in the browser'}, ${throttled}, FCP ${result.fcp} ms`);
    console.log(`  JavaScript: ${scripts.size} files, ${kb(raw)} raw, ${kb(gzip)} gzip`);
    const longest = Math.max(0, ...result.tasks.map((t) => t.ms));
    if (result.simulated) {
      const { tasks, blocking } = result.simulated;
      console.log(`  as simulated at CPU index ${targetIndex}: ${tasks.length} tasks of ≥ ${SIGNIFICANT_TASK_MS} ms CPU after FCP, TBT ≈ ${blocking} ms`);
      console.log(
        `    (≤ ${result.simulated.upTo} ms if Lighthouse also keeps the ${result.simulated.shorter} shorter tasks it would weigh over ${LONG_TASK_MS} ms)`,
      );
    } else {
      console.log(`  long tasks (≥ ${LONG_TASK_MS} ms): ${result.tasks.length}, longest ${longest} ms, blocking time after FCP ${result.blocking} ms`);
    }
    result.tasks.forEach((t, i) => {
      const weighed = result.simulated?.tasks[i];
      const time = weighed
        ? `CPU ${String(weighed.cpu).padStart(3)} ms → ${String(weighed.ms).padStart(4)} ms${weighed.laysOut ? ' (lays out)' : ''}`
        : `${String(t.ms).padStart(4)} ms`;
      console.log(`    at ${String(t.start).padStart(5)} ms  ${time}  ${t.url}  (${t.parts})`);
      if (result.functions[i]) console.log(`                         longest functions (ms): ${result.functions[i]}`);
    });
  }
} finally {
  await browser.close();
  await server.stop();
}
