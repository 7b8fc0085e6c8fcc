import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The ISO 20022 / EPC schema shipped with the payment files module (its source: that folder's README). */
export const PAIN_001_XSD = fileURLToPath(new URL('../src/modules/payment-files/pain.001.001.09.xsd', import.meta.url));

/** Validates a pain.001.001.09 document with xmllint (Debian libxml2-utils). */
export function validateTransferFile(xml: string): { valid: boolean; errors: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pain001-'));
  try {
    const file = join(dir, 'file.xml');
    writeFileSync(file, xml);
    const run = spawnSync('xmllint', ['--noout', '--schema', PAIN_001_XSD, file], { encoding: 'utf8' });
    if (run.error) throw run.error;
    return { valid: run.status === 0, errors: run.status === 0 ? '' : run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
