import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from './paths';

export type Finding = { kind: string; where: string; masked: string };

/**
 * Every server log of the run (the shared server, the template builder, the isolated instances: the
 * `*.log` files of the run folder) scanned for personal data by the server's own scanner
 * (apps/server/test/ops/log-scan.ts: NIRs, IBANs, e-mail addresses, phone numbers, the demo set's names,
 * the password), with what the run mailed (codes, recipients). The global teardown calls it once the
 * servers stopped: a finding fails the run.
 */
export function scanRunLogs(runDir: string, secrets: { codes: string[]; emails: string[] }): Finding[] {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/test/ops/scan-logs.ts', runDir], {
    cwd: REPO_ROOT,
    input: JSON.stringify(secrets),
    encoding: 'utf8',
  });
  if (run.status !== 0 && run.status !== 1) throw new Error(`log scan failed: ${run.stderr}`);
  return JSON.parse(run.stdout || '[]') as Finding[];
}
