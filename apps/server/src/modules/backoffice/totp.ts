import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { sha256 } from '../auth/public';

/** RFC 6238: SHA-1, 6 digits, 30-second steps, one step of tolerance either side. */
const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

const totpOf = (secretBase32: string, label = 'staff') =>
  new OTPAuth.TOTP({ issuer: 'Mutua gestion', label, ...TOTP_PARAMS, secret: OTPAuth.Secret.fromBase32(secretBase32) });

export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 }).base32;

/** Whether a code matches the secret now (±30 s). */
export function checkTotp(secretBase32: string, code: string, now: Date): boolean {
  return totpOf(secretBase32).validate({ token: code, timestamp: now.getTime(), window: 1 }) !== null;
}

/** The time step (30 s) a code matches now (±1 step), or null: stored after use so a code never works twice. */
export function matchTotpStep(secretBase32: string, code: string, now: Date): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / TOTP_PARAMS.period) + delta;
}

/** The current code (the development /debug page shows it for the demo staff). */
export function currentTotp(secretBase32: string, now: Date): string {
  return totpOf(secretBase32).generate({ timestamp: now.getTime() });
}

/** The enrolment QR code: a PNG data URL of the otpauth:// URI. */
export async function enrolmentQr(secretBase32: string, email: string): Promise<string> {
  return QRCode.toDataURL(totpOf(secretBase32, email).toString(), { margin: 1, width: 220 });
}

/** Recovery codes: 10 × XXXX-XXXX (no 0/O/1/I), stored as SHA-256. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const bytes = randomBytes(8);
    const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
}
export const recoveryHash = (code: string) => sha256(`recovery:${code.toUpperCase()}`);

/** TOTP secrets are kept encrypted (AES-256-GCM, key derived from SESSION_SECRET): a table dump opens nothing. */
const keyOf = (secret: string) => createHash('sha256').update(`totp-key:${secret}`).digest();
export function sealSecret(serverSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}
export function openSecret(serverSecret: string, sealed: string): string {
  // Demo staff (seed) carry a plain base32 secret: the seed runs without the server secret.
  if (!sealed.includes('.')) return sealed;
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
}
