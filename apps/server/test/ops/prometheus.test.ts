import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readiness, startOpsServer, type OpsServer } from '../../src/http/ops-server';
import { DEMO_ACCOUNTS, cookieHeader, signIn } from '../support/auth';
import { createTestApp, type TestApp } from '../support/test-app';
import { freePort, httpGet } from './ops-helper';

/**
 * A real Prometheus (Debian's package: .ci/run installs it) scrapes a running server every second
 * during a short journey; its HTTP API then answers PromQL over what it scraped. The alert rules are
 * checked by promtool and loaded by that Prometheus.
 */
const RULES_DIR = fileURLToPath(new URL('../../ops/prometheus/', import.meta.url));
const PROMETHEUS = '/usr/bin/prometheus';
const PROMTOOL = '/usr/bin/promtool';

describe('alert rules', () => {
  it('pass promtool check rules', () => {
    const run = spawnSync(PROMTOOL, ['check', 'rules', path.join(RULES_DIR, 'alerts.yml')], { encoding: 'utf8' });
    expect(run.status, run.stderr + run.stdout).toBe(0);
    expect(run.stdout).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('fire on the series they watch, and only there (promtool test rules)', () => {
    const run = spawnSync(PROMTOOL, ['test', 'rules', 'alerts.test.yml'], { cwd: RULES_DIR, encoding: 'utf8' });
    expect(run.status, run.stderr + run.stdout).toBe(0);
    expect(run.stdout).toContain('SUCCESS');
  });
});

describe('a real Prometheus scraping a running server', () => {
  let t: TestApp;
  let ops: OpsServer;
  let appPort: number;
  let promUrl: string;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mutua-prometheus-'));
  let stopPrometheus: () => Promise<void> = async () => {};

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    appPort = (t.app.server.address() as { port: number }).port;
    const readiness = new Readiness();
    readiness.set('serving');
    ops = await startOpsServer({ host: '127.0.0.1', port: 0, readiness });

    const promPort = await freePort();
    promUrl = `http://127.0.0.1:${promPort}`;
    writeFileSync(
      path.join(dir, 'prometheus.yml'),
      [
        'global:',
        '  scrape_interval: 1s',
        '  evaluation_interval: 1s',
        'rule_files:',
        `  - ${path.join(RULES_DIR, 'alerts.yml')}`,
        'scrape_configs:',
        '  - job_name: mutua',
        '    static_configs:',
        `      - targets: ['127.0.0.1:${ops.port}']`,
        '',
      ].join('\n'),
    );
    const child = spawn(
      PROMETHEUS,
      [`--config.file=${path.join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${path.join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${promPort}`],
      { stdio: 'ignore' },
    );
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    stopPrometheus = async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    };
    // Ready is not enough: target discovery hands its first targets to the scrapers about five seconds
    // later. The journey starts once a scrape has reached this server.
    for (let i = 0; i < 150; i++) {
      const up = await httpGet(`${promUrl}/api/v1/query?query=${encodeURIComponent('up{job="mutua"}')}`).catch(() => null);
      if (up?.status === 200 && (JSON.parse(up.body) as { data: { result: unknown[] } }).data.result.length) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('Prometheus did not scrape the server within 30 s');
  }, 60_000);

  afterAll(async () => {
    await stopPrometheus();
    await ops?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const query = async (promql: string) => {
    const answer = await httpGet(`${promUrl}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const body = JSON.parse(answer.body) as { status: string; data: { result: { metric: Record<string, string>; value: [number, string] }[] } };
    expect(body.status).toBe('success');
    return body.data.result;
  };

  it('answers the 99th percentile of /api/all-info after a short journey', async () => {
    const member = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
    const headers = { host: 'localhost', cookie: cookieHeader(member) };
    // A few seconds of a member's reads over the network: several scrapes see the counters grow.
    const until = Date.now() + 5_000;
    while (Date.now() < until) {
      const answer = await httpGet(`http://127.0.0.1:${appPort}/api/all-info`, headers);
      expect(answer.status).toBe(200);
      await new Promise((r) => setTimeout(r, 250));
    }
    const p99 = 'histogram_quantile(0.99, sum by (le) (rate(mutua_http_request_duration_seconds_bucket{route="/api/all-info"}[1m])))';
    let result: Awaited<ReturnType<typeof query>> = [];
    for (let i = 0; i < 40 && !result.length; i++) {
      result = (await query(p99)).filter((r) => Number.isFinite(Number(r.value[1])));
      if (!result.length) await new Promise((r) => setTimeout(r, 500));
    }
    expect(result).toHaveLength(1);
    const seconds = Number(result[0]!.value[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(10);

    // The target is up, and the other families are there to alert on.
    expect((await query('up{job="mutua"}'))[0]?.value[1]).toBe('1');
    expect((await query('sum(mutua_http_requests_total{route="/api/all-info", status="200"})'))[0]?.value[1]).not.toBe('0');
    expect(await query('mutua_job_queue_oldest_waiting_seconds{queue="deliver"}')).toHaveLength(1);
    expect(await query('mutua_db_pool_waiting')).toHaveLength(1);
    const rules = JSON.parse((await httpGet(`${promUrl}/api/v1/rules`)).body) as { data: { groups: { rules: unknown[] }[] } };
    expect(rules.data.groups[0]?.rules.length).toBeGreaterThanOrEqual(8);
  }, 60_000);
});
