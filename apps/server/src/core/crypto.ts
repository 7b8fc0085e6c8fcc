import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { MFA_CODE_LENGTH } from '@mutua/contracts/auth';

/** 256 random bits, URL-safe: session ids, login attempt ids, link tokens. */
export const newToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256, so a leaked table opens nothing. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A 6-digit code from the operating system's secure random source. */
export const newCode = () =>
  randomInt(0, 10 ** MFA_CODE_LENGTH)
    .toString()
    .padStart(MFA_CODE_LENGTH, '0');

/** Codes are short: keyed with the server secret and tied to their attempt, so a table dump cannot be brute-forced. */
export const codeHash = (secret: string, attemptId: string, code: string) => createHmac('sha256', secret).update(`mfa:${attemptId}:${code}`).digest('hex');

export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
