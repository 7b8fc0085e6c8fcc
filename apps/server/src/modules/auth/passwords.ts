import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP minimum: 19 MiB, 2 passes, 1 lane (~80 ms a hash here). */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | null = null;
/** A hash of a random secret, checked when the identifier matches no account (same cost, same time). */
function dummy(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}

/**
 * Always runs exactly one argon2 verification, against the account's hash or against the dummy hash
 * when there is no account, so that answers take the same time whether the identifier exists or not.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  const target = storedHash ?? (await dummy());
  try {
    const ok = await verify(target, password);
    return storedHash !== null && ok;
  } catch {
    return false;
  }
}

/** Computes the dummy hash ahead of the first login (at start-up). */
export async function warmUpPasswords(): Promise<void> {
  await dummy();
}
