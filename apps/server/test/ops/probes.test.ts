import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { Readiness, startOpsServer, type OpsServer } from '../../src/http/ops-server';
import { startInstance } from '../../src/instance';
import { freshDatabase } from '../support/database';
import { createTestApp, OPERATOR_TOKEN, testConfig } from '../support/test-app';
import { freePort, httpGet } from './ops-helper';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mutua-probes-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const readyz = async (ops: OpsServer) => {
  const answer = await httpGet(`http://127.0.0.1:${ops.port}/readyz`);
  return { status: answer.status, report: JSON.parse(answer.body) as { ready: boolean; phase: string; database: string; jobQueue: string } };
};

describe('health probes on the metrics port', () => {
  it('says « not ready » while the database migrates, ready once serving, then not ready when the database is gone', async () => {
    const pglite = await PGlite.create();
    const config = testConfig({
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      METRICS_PORT: String(await freePort()),
    });
    const starting = startInstance(config, { seedSteps: [], pglite });
    const seen = new Set<string>();
    let failed: unknown = null;
    void starting.catch((error: unknown) => (failed = error));
    // The metrics port answers from the start: liveness yes, readiness no, until the migrations are done.
    const ops = `http://127.0.0.1:${config.METRICS_PORT}`;
    for (let i = 0; i < 4_000 && !seen.has('serving') && !failed; i++) {
      const answer = await httpGet(`${ops}/readyz`).catch(() => null);
      if (answer) {
        const report = JSON.parse(answer.body) as { ready: boolean; phase: string };
        seen.add(report.phase);
        if (report.phase === 'migrating') {
          expect(answer.status).toBe(503);
          expect(report.ready).toBe(false);
          expect((await httpGet(`${ops}/healthz`)).status).toBe(200);
        }
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    const instance = await starting;
    expect([...seen]).toContain('migrating');

    const ready = await readyz(instance.ops!);
    expect(ready).toEqual({ status: 200, report: { ready: true, phase: 'serving', database: 'up', jobQueue: 'running' } });
    expect((await httpGet(`${ops}/readyz`)).headers['cache-control']).toBe('no-store');

    // The database stops answering: readiness drops, liveness stays (restarting would not bring it back).
    await pglite.close();
    expect(await readyz(instance.ops!)).toMatchObject({ status: 503, report: { ready: false, database: 'down' } });
    expect((await httpGet(`${ops}/healthz`)).status).toBe(200);

    await instance.stop().catch(() => {});
    await expect(httpGet(`${ops}/healthz`)).rejects.toThrow();
    // A fresh database migrates for a while (~100 files): the probes are polled all along.
  }, 180_000);

  it('says « not ready » until the job queue has started, and again once it stopped', async () => {
    const { database, drop } = await freshDatabase();
    const config = testConfig({
      DATA_DIR: dataDir,
    });
    const readiness = new Readiness();
    const ops = await startOpsServer({ host: '127.0.0.1', port: 0, readiness });
    try {
      const app = await buildApp({ config, database, operatorToken: OPERATOR_TOKEN, readiness });
      readiness.set('serving');
      // Built, not started: the queue's workers do not run, the mail it would accept would wait.
      expect(await readyz(ops)).toEqual({ status: 503, report: { ready: false, phase: 'serving', database: 'up', jobQueue: 'stopped' } });
      await app.ready();
      expect(await readyz(ops)).toMatchObject({ status: 200, report: { ready: true, jobQueue: 'running' } });
      readiness.set('stopping');
      expect(await readyz(ops)).toMatchObject({ status: 503, report: { ready: false, phase: 'stopping' } });
      await app.close();
      expect(await readyz(ops)).toMatchObject({ status: 503, report: { ready: false, jobQueue: 'unknown' } });
    } finally {
      await ops.close();
      await drop();
    }
  });

  it('answers only GET on its three paths', async () => {
    const ops = await startOpsServer({ host: '127.0.0.1', port: 0, readiness: new Readiness() });
    try {
      expect((await httpGet(`http://127.0.0.1:${ops.port}/`)).status).toBe(404);
      expect((await httpGet(`http://127.0.0.1:${ops.port}/api/all-info`)).status).toBe(404);
      expect((await httpGet(`http://127.0.0.1:${ops.port}/healthz`)).body).toBe('{"status":"alive"}');
    } finally {
      await ops.close();
    }
  });
});

describe('the member and staff hosts', () => {
  it('never serve the metrics nor the probes', async () => {
    const t = await createTestApp();
    try {
      for (const host of ['localhost', 'gestion.localhost']) {
        for (const url of ['/metrics', '/healthz', '/readyz', '/metrics?x=1']) {
          const res = await t.app.inject({ method: 'GET', url, headers: { host } });
          expect(res.statusCode, `${host}${url}`).toBe(404);
          expect(res.body).not.toContain('mutua_http_requests_total');
        }
      }
    } finally {
      await t.close();
    }
  });
});
