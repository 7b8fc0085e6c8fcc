/* What several benches share: a free port, a started server process and its heartbeat, percentiles, a message form. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A TCP port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Waits until the server process `child` answers its heartbeat on `port`; throws if it stops or stays silent 120 s. */
export async function waitForHeartbeat(child: ChildProcess, port: number, label: string): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label}: the server stopped (${child.exitCode})`);
    if (Date.now() - started > 120_000) throw new Error(`${label}: no heartbeat within 120 s`);
    const status = await new Promise<number>((resolve) => {
      http
        .get({ host: '127.0.0.1', port, path: '/api/heartbeat', headers: { host: 'localhost' } }, (res) => resolve(res.resume() && res.statusCode!))
        .on('error', () => resolve(0));
    });
    if (status === 200) return;
    await sleep(100);
  }
}

/**
 * A production server process started from `args` in `cwd` on a free port, with demo data, its own data
 * directory and no metrics listener (several instances may run); `env` adds or overrides. Pushed to
 * `children` at once, so that the caller's clean-up stops it even when it never answers; answers once
 * its heartbeat answers.
 */
export async function startServerProcess(opts: {
  label: string;
  args: string[];
  cwd: string;
  databaseUrl: string;
  env: Record<string, string>;
  children: ChildProcess[];
}): Promise<{ port: number; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mutua-bench-'));
  const child = spawn(process.execPath, opts.args, {
    cwd: opts.cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: opts.databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      DEMO_DATA: 'true',
      METRICS_PORT: '0',
      ...opts.env,
    },
  });
  opts.children.push(child);
  await waitForHeartbeat(child, port, opts.label);
  return { port, child, dataDir };
}

/** The nearest-rank percentile `p` (0–100) of times sorted ascending. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A new message with a PDF attached (the « Facture » of an optician), as the new-message form sends it (multipart). */
export function messageBody(boundary: string, pdf: Buffer, text: { object: string; message: string }): Buffer {
  const field = (name: string, value: string) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return Buffer.concat([
    Buffer.from(
      field('object', text.object) +
        field('category', 'other') +
        field('message', text.message) +
        field('request', 'DEMANDE') +
        `--${boundary}\r\ncontent-disposition: form-data; name="attachments"; filename="facture.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}
