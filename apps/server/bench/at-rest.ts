/**
 * What encryption at rest costs a member, before and after in one run:
 *   BENCH_BEFORE_ROOT=<a checkout from before it> npx tsx bench/at-rest.ts   (from apps/server)
 * Each tree's own app (its bench/targets.ts: production settings, a fresh embedded database, the demo
 * family signed in) with the read cache off, so that every read decrypts what it shows. Cases:
 *   - GET /api/all-info, GET /api/refunds, a stored document downloaded (autocannon, 10 connections),
 *     each as a ratio to the bare Fastify baseline measured right before it;
 *   - a sign-in (password and, on the after tree, the keyed-hash look-up) and a message sent with a 1 MB
 *     PDF (stored encrypted after), one at a time under the per-address limits: mean ms, the two trees
 *     interleaved so that the machine's load falls on both alike.
 * Prints after / before for each case (target: within 10 %). Without BENCH_BEFORE_ROOT only the current
 * tree runs. The per-MB cost of the cipher itself: bench/encryption.ts.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SESSION_COOKIE } from '@mutua/contracts/auth';
import { IDEMPOTENCY_HEADER } from '@mutua/contracts/platform';
import { createCanvas } from '@napi-rs/canvas';
import autocannon from 'autocannon';
import { PDFDocument } from 'pdf-lib';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/modules/auth/seed';
import { xsrfHeaders } from './guarantees';
import { freePort, messageBody } from './support';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const AFTER_ROOT = path.resolve(HERE, '../../..');
const BEFORE_ROOT = process.env.BENCH_BEFORE_ROOT ? path.resolve(process.env.BENCH_BEFORE_ROOT) : null;
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
/** Under the sign-in limit (60 a minute per address) and the write limit (20 a minute) of each app. */
const SIGN_INS = 20;
const UPLOADS = 8;

type SignedIn = { cookie: string; refundId: string };
type Target = { label: string; port: number; child: ChildProcess; signedIn?: SignedIn };

const children: ChildProcess[] = [];
/** Both trees on a fresh embedded database each: the environment without a PostgreSQL server's URL. */
const embedded = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL' && name !== 'BENCH_DATABASE_URL'));
const keyDir = mkdtempSync(path.join(os.tmpdir(), 'mutua-at-rest-'));

/** A tree's bench/targets.ts, run with that tree's own tsx and modules. */
async function startTarget(label: string, root: string, role: 'baseline' | 'app'): Promise<Target> {
  const port = await freePort();
  const child = fork(path.join(root, 'apps/server/bench/targets.ts'), [role, String(port)], {
    cwd: path.join(root, 'apps/server'),
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...embedded,
      BENCH_READ_CACHE: 'off',
      BENCH_SESSION_SECRET: randomBytes(32).toString('base64url'),
      BENCH_MASTER_KEY_FILE: path.join(keyDir, `${label}-master-keys`),
      METRICS_PORT: '0',
    },
  });
  children.push(child);
  const ready = await new Promise<{ signedIn?: SignedIn }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start within 180 s`)), 180_000);
    child.once('message', (m) => (clearTimeout(timer), resolve(m as { signedIn?: SignedIn })));
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`${label} exited (${code}) before listening`))));
  });
  return { label, port, child, ...(ready.signedIn ? { signedIn: ready.signedIn } : {}) };
}

const throughput = async (port: number, urlPath: string, headers: Record<string, string> = {}) => {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    connections: 10,
    duration: DURATION,
    headers: { host: 'localhost', ...headers },
  });
  if (result.non2xx || result.errors) throw new Error(`${urlPath}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
};

async function mean(times: number, run: () => Promise<void>): Promise<number> {
  await run();
  const started = performance.now();
  for (let i = 0; i < times; i++) await run();
  return (performance.now() - started) / times;
}

/** fetch, asked again after Retry-After while the instance sheds (503): on a loaded machine a warming instance does. */
async function patientFetch(url: string, init: RequestInit): Promise<Response> {
  let res = await fetch(url, init);
  for (let tries = 0; res.status === 503 && tries < 10; tries++) {
    await res.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(res.headers.get('retry-after') ?? 1)));
    res = await fetch(url, init);
  }
  return res;
}

async function expectOk(res: Response, what: string): Promise<void> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

/** A one-page PDF of about 1 MB: a photo-like page (noise does not compress), as a scanned invoice is. */
async function megabytePdf(): Promise<Buffer> {
  const canvas = createCanvas(1100, 1100);
  const context = canvas.getContext('2d');
  const image = context.createImageData(1100, 1100);
  const noise = randomBytes(image.data.length);
  for (let i = 0; i < image.data.length; i++) image.data[i] = i % 4 === 3 ? 255 : noise[i]!;
  context.putImageData(image, 0, 0);
  const doc = await PDFDocument.create();
  const jpg = await doc.embedJpg(await canvas.encode('jpeg', 80));
  doc.addPage([595, 842]).drawImage(jpg, { x: 0, y: 0, width: 595, height: 842 });
  return Buffer.from(await doc.save());
}

type Figures = Record<string, number>;

const sessionCookie = (app: Target) => `${SESSION_COOKIE}=${app.signedIn!.cookie}`;

/** The autocannon cases of one app, each with its baseline measured right before it. */
async function readRatios(app: Target, baseline: Target): Promise<Figures> {
  const session = { cookie: sessionCookie(app) };
  const res = await patientFetch(`http://127.0.0.1:${app.port}/api/documents?tab=shared`, { headers: { host: 'localhost', ...session } });
  const document = res.ok ? ((await res.json()) as { data: { id: string }[] }).data[0] : undefined;
  if (!document) throw new Error(`${app.label}: no shared document of the demo family (${res.status})`);
  const cases: [string, string][] = [
    ['all-info', '/api/all-info'],
    ['refunds', '/api/refunds'],
    ['document download', `/api/documents/${document.id}/file`],
  ];
  const figures: Figures = {};
  for (const [name, urlPath] of cases) {
    const base = await throughput(baseline.port, '/');
    figures[name] = (await throughput(app.port, urlPath, session)) / base;
  }
  return figures;
}

async function signInMs(app: Target): Promise<number> {
  const anonymous = await xsrfHeaders(app.port, '');
  const body = JSON.stringify({ grant_type: 'PASSWORD', login: DEMO_ACCOUNTS.camille.loginEmail, password: DEMO_PASSWORD });
  return mean(SIGN_INS, async () => {
    const res = await patientFetch(`http://127.0.0.1:${app.port}/api/auth/login`, { method: 'POST', headers: { host: 'localhost', ...anonymous }, body });
    // The bench's production settings have no mail server: the answer is MAIL_SEND_FAILED once the
    // password is checked and the one-time code made, which is all a sign-in computes.
    if (res.status === 502 && ((await res.json()) as { error?: { code?: string } }).error?.code === 'MAIL_SEND_FAILED') return;
    await expectOk(res, `${app.label} sign-in`);
  });
}

async function uploadMs(app: Target, pdf: Buffer): Promise<number> {
  const headers = await xsrfHeaders(app.port, sessionCookie(app));
  return mean(UPLOADS, async () => {
    const boundary = `----mutua${randomBytes(8).toString('hex')}`;
    const body = messageBody(boundary, pdf, { object: 'Facture de mon opticien', message: 'Bonjour, je joins la facture de mon opticien.' });
    const res = await patientFetch(`http://127.0.0.1:${app.port}/api/requests/messages`, {
      method: 'POST',
      headers: { ...headers, host: 'localhost', [IDEMPOTENCY_HEADER]: randomUUID(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    await expectOk(res, `${app.label} message with a 1 MB PDF`);
  });
}

const pct = (n: number) => `${(n * 100).toFixed(2)} %`;

async function main() {
  if (BEFORE_ROOT && !existsSync(path.join(BEFORE_ROOT, 'apps/server/bench/targets.ts')))
    throw new Error(`BENCH_BEFORE_ROOT ${BEFORE_ROOT} has no apps/server/bench/targets.ts`);
  const trees = [...(BEFORE_ROOT ? [['before', BEFORE_ROOT] as const] : []), ['after', AFTER_ROOT] as const];
  console.log(`--- encryption at rest, ${trees.map(([l, r]) => `${l}: ${r}`).join(', ')}; read cache off`);
  const baseline = await startTarget('baseline', AFTER_ROOT, 'baseline');
  const apps = new Map<string, Target>();
  for (const [label, root] of trees) apps.set(label, await startTarget(label, root, 'app'));
  const pdf = await megabytePdf();

  const reads = new Map<string, Figures>();
  for (const [label] of trees) reads.set(label, await readRatios(apps.get(label)!, baseline));
  // One at a time, the trees interleaved twice: A B B A.
  const sequential = new Map<string, Figures>(trees.map(([l]) => [l, { 'sign-in ms': 0, 'message with a 1 MB PDF ms': 0 }]));
  const order = [...trees, ...[...trees].reverse()].map(([l]) => l);
  for (const label of order) {
    const f = sequential.get(label)!;
    f['sign-in ms']! += (await signInMs(apps.get(label)!)) / 2;
    f['message with a 1 MB PDF ms']! += (await uploadMs(apps.get(label)!, pdf)) / 2;
  }

  const rows = [...Object.keys(reads.get('after')!), ...Object.keys(sequential.get('after')!)].map((name) => {
    const of = (label: string) => reads.get(label)?.[name] ?? sequential.get(label)?.[name];
    const before = of('before');
    const after = of('after')!;
    const isRatio = reads.get('after')![name] !== undefined;
    const show = (n: number | undefined) => (n === undefined ? '' : isRatio ? `${pct(n)} of baseline` : `${n.toFixed(1)} ms`);
    // For a ratio, more is faster; for a time, less is.
    const change =
      before === undefined ? '' : isRatio ? `${((after / before - 1) * 100).toFixed(1)} % throughput` : `${((after / before - 1) * 100).toFixed(1)} % time`;
    return { case: name, before: show(before), after: show(after), 'after vs before': change };
  });
  console.table(rows);
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} CPUs; ${DURATION} s per read case, ${SIGN_INS} sign-ins and ${UPLOADS} messages per tree and pass.`,
  );
}

try {
  await main();
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(keyDir, { recursive: true, force: true });
}
