import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findPersonalData, type RunSecrets } from './log-scan';

/**
 * `node --import tsx apps/server/test/ops/scan-logs.ts <folder>` with the run's secrets as JSON on stdin
 * (`{ codes, emails }`): scans every `*.log` of the folder (apps/e2e's global teardown runs it on the
 * run's server logs) and prints the findings as JSON, values masked; exits 1 when there are any.
 */
const dir = process.argv[2];
if (!dir) throw new Error('usage: scan-logs.ts <folder with *.log>');
const secrets = JSON.parse(readFileSync(0, 'utf8') || '{}') as RunSecrets;
const findings = readdirSync(dir)
  .filter((name) => name.endsWith('.log'))
  .flatMap((name) => findPersonalData(readFileSync(path.join(dir, name), 'utf8'), name, secrets));
process.stdout.write(JSON.stringify(findings));
process.exitCode = findings.length ? 1 : 0;
