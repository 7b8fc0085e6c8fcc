import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Token of the operator API, kept in the data dir: whoever can read that dir may operate tenants. */
export function readOrCreateOperatorToken(dataDir: string): string {
  const file = path.join(dataDir, 'operator-token');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  writeFileSync(file, token, { mode: 0o600 });
  return token;
}
