import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scanRunLogs } from './support/log-scan';
import { startMailReceiver } from './support/mail-receiver';
import { CHROMIUM, E2E_DATA_ROOT, SERVER_DIST, SERVER_SOURCES, WEB_DIST } from './support/paths';
import { freePort } from './support/ports';
import { startServer } from './support/server-instance';
import { ENV_KEYS, SHARED_MAIL_SOURCE, withSmtpUser, type E2eState } from './support/state';

/**
 * Before any test: a real SMTP receiver and the real server (built web app, fresh embedded database in
 * .e2e-data/<run>/server, SMTP_URL → the receiver). What the workers need goes into the environment
 * they inherit. Returns the teardown.
 */
export default async function globalSetup() {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium (never \`npx playwright install\`)`);
  if (!existsSync(path.join(WEB_DIST, 'index.html')))
    throw new Error(`No built web app in ${WEB_DIST}: run \`npm run build\` first (\`npm run test:e2e\` does)`);
  expectFreshServerBundle();

  removeStaleRuns();
  removeStaleOutputs();
  const runDir = path.join(E2E_DATA_ROOT, `run-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
  mkdirSync(runDir, { recursive: true });

  const webDist = await snapshotWebApp(path.join(runDir, 'web'));
  // Every instance of the run (here and in the workers, which inherit the environment) starts this copy.
  process.env[ENV_KEYS.serverEntry] = snapshotServerBundle(path.join(runDir, 'server-app'));
  const templatePgdata = path.join(runDir, 'template', 'pgdata');
  const mail = await startMailReceiverOnFreePorts();
  let server;
  try {
    const port = await freePort(Number(process.env.E2E_PORT ?? 18380));
    // The template builder gets a port of its own: the shared server's stays taken from now on.
    await buildTemplateDatabase(await freePort(port + 1), templatePgdata);
    cpSync(templatePgdata, path.join(runDir, 'server', 'pgdata'), { recursive: true });
    // The data keys in the template are wrapped by the template's master key: the copy needs that key.
    cpSync(path.join(path.dirname(templatePgdata), 'master-keys'), path.join(runDir, 'server', 'master-keys'));
    server = await startServer({
      port,
      dataDir: path.join(runDir, 'server'),
      // Authenticated as `shared`: its mails carry that source (isolated instances use their own).
      smtpUrl: withSmtpUser(mail.smtpUrl, SHARED_MAIL_SOURCE),
      // Every request is logged (info): the teardown scans what the whole run wrote for personal data.
      env: { WEB_DIST: webDist, LOG_LEVEL: 'info' },
    });
  } catch (error) {
    await mail.stop();
    throw error;
  }

  const state: E2eState = {
    runDir,
    server: { port: server.port, dataDir: server.dataDir, env: server.env, logFile: server.logFile },
    mailApi: mail.apiUrl,
    smtpUrl: mail.smtpUrl,
    webDist,
    templatePgdata,
  };
  process.env[ENV_KEYS.state] = JSON.stringify(state);
  writeFileSync(path.join(runDir, 'state.json'), JSON.stringify(state, null, 2));
  console.log(
    `[e2e] server http://localhost:${server.port} (log ${path.relative(process.cwd(), server.logFile)}), SMTP ${mail.smtpUrl}, mails ${mail.apiUrl}/messages`,
  );

  return async () => {
    await server.stop();
    const secrets = mail.secrets();
    await mail.stop();
    killRecordedServers(runDir);
    const findings = scanRunLogs(runDir, secrets);
    if (!process.env.E2E_KEEP_DATA && !findings.length) rmSync(runDir, { recursive: true, force: true });
    if (findings.length) {
      // The values stay masked: this report is read in CI logs too. The run folder is kept to look.
      const report = findings.map((f) => `  ${f.where}: ${f.kind} (${f.masked})`).join('\n');
      throw new Error(`Personal data in the server logs of the run (${runDir}):\n${report}`);
    }
  };
}

/** The SMTP receiver on free ports, trying again when another run takes one first. */
async function startMailReceiverOnFreePorts() {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startMailReceiver({ smtpPort: await freePort(18381), apiPort: await freePort(18382) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 5) throw error;
    }
  }
}

/**
 * A fresh embedded database costs seconds (initdb, migrations, demo data with argon2 hashes). It is
 * made once: the real server starts on a scratch data dir, is stopped cleanly, and its pgdata is
 * copied for the shared server and for every isolated instance on the embedded database.
 */
async function buildTemplateDatabase(port: number, pgdata: string) {
  // Initdb, the migrations and the demo data run before it answers: at CI's start the checks lane's lint
  // and type-check hold the cores, so this start gets more than an instance copied from the template.
  const builder = await startServer({ port, dataDir: path.dirname(pgdata), env: { LOG_LEVEL: 'error' }, timeoutMs: 300_000 });
  await builder.stop();
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) throw new Error(`No database in ${pgdata} after the template run`);
}

/**
 * The servers serve a copy of the built web app taken now, so that a rebuild of apps/web/dist during
 * the run (another terminal, `npm run dev`…) cannot pull assets from under the pages being tested.
 * A copy taken in the middle of a build (index.html naming assets not written yet) is taken again.
 */
async function snapshotWebApp(target: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    rmSync(target, { recursive: true, force: true });
    cpSync(WEB_DIST, target, { recursive: true, filter: (src) => !src.endsWith('.map') });
    const index = existsSync(path.join(target, 'index.html')) ? readFileSync(path.join(target, 'index.html'), 'utf8') : '';
    const assets = [...index.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
    if (index && assets.every((a) => existsSync(path.join(target, a)))) return target;
    if (attempt === 5) throw new Error(`${WEB_DIST} looks incomplete (index.html names missing assets): rebuild it with \`npm run build\``);
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

/**
 * The server bundle is what every instance runs: one older than a source file would test yesterday's
 * server, so the run stops and says to rebuild (`npm run test:e2e` always does).
 */
function expectFreshServerBundle() {
  const bundle = path.join(SERVER_DIST, 'main.js');
  const rebuild = '`npm run build` (or `npm run build -w @mutua/server`) first; `npm run test:e2e` does';
  if (!existsSync(bundle)) throw new Error(`No server bundle at ${bundle}: run ${rebuild}`);
  const built = statSync(bundle).mtimeMs;
  const newer = SERVER_SOURCES.flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f))).find(
    (f) => statSync(f).mtimeMs > built,
  );
  if (newer) throw new Error(`${path.relative(process.cwd(), newer)} is newer than the server bundle ${bundle}: run ${rebuild}`);
}

/**
 * The bundle with the files it reads beside itself (migrations, the FINESS sample), copied like the
 * web app so that a rebuild during the run (which empties apps/server/dist first) cannot pull it from
 * under an instance starting. The copy stays in the repository, where node_modules resolves.
 */
function snapshotServerBundle(target: string): string {
  cpSync(SERVER_DIST, target, { recursive: true });
  return path.join(target, 'main.js');
}

/**
 * A run killed before its teardown (Ctrl-C twice, a closed pipe) leaves its folder and maybe its
 * servers behind: when the runner that owned a folder is gone, stop the servers it recorded (by pid,
 * after checking the pid still runs our server) and drop the folder.
 */
function removeStaleRuns() {
  if (!existsSync(E2E_DATA_ROOT)) return;
  for (const name of readdirSync(E2E_DATA_ROOT)) {
    const owner = /^run-.*-(\d+)$/.exec(name)?.[1];
    if (!owner || isAlive(Number(owner))) continue;
    const dir = path.join(E2E_DATA_ROOT, name);
    killRecordedServers(dir);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Output folders (test-results/run-<pid>) of runs that are over; the current one stays. */
function removeStaleOutputs() {
  const root = path.join(import.meta.dirname, 'test-results');
  if (!existsSync(root)) return;
  for (const name of readdirSync(root)) {
    const owner = /^run-(\d+)$/.exec(name)?.[1];
    if (owner && Number(owner) !== process.pid && !isAlive(Number(owner))) rmSync(path.join(root, name), { recursive: true, force: true });
  }
}

/** Servers a run recorded (`<data dir>.pid`) that still run, e.g. left by a crashed worker. */
function killRecordedServers(runDir: string) {
  for (const file of readdirSync(runDir).filter((f) => f.endsWith('.pid'))) {
    const pid = Number(readFileSync(path.join(runDir, file), 'utf8'));
    if (isAlive(pid) && runsOurServer(pid)) process.kill(pid, 'SIGKILL');
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function runsOurServer(pid: number): boolean {
  try {
    // Our servers run the bundle copied into their run's folder.
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`${E2E_DATA_ROOT}${path.sep}`);
  } catch {
    return false;
  }
}
