import { createHmac, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from './client';
import { tenantDataKeys } from './schema/data-keys';
import { openWith, sealWith, type MasterKeys } from '../lib/master-keys';

/*
 * Application-level encryption of personal data at rest (NIRs, bank details, document bytes):
 * AES-256-GCM under a per-tenant data key, itself wrapped by a master key. The additional data binds
 * a ciphertext to its tenant, table, column and row, so that one copied to another row, column or
 * tenant fails to open. Equality look-ups use an HMAC keyed per tenant. A dump or a stolen backup
 * without the master key reads none of it. Why and how: docs/decisions/030-encryption-at-rest.md.
 */

/** Where a value lives: part of what authenticates it. */
export type FieldRef = { table: string; column: string; rowId: string };

/** What a lookup hash is for: the same value hashes differently per purpose and per tenant. */
export type LookupPurpose = 'nir' | 'iban';

type TenantKey = { id: string; tenantId: string; enc: Buffer; mac: Buffer };

let masterKeys: MasterKeys | null = null;
/** Unwrapped data keys by their id (ids are random: two databases never share one by chance). */
const unwrapped = new Map<string, TenantKey>();

/** Sets the process's master keys (db/open.ts, the tests); everything here fails until then. Data keys are unwrapped again. */
export function useMasterKeys(keys: MasterKeys): void {
  masterKeys = keys;
  unwrapped.clear();
}

export function currentMasterKeys(): MasterKeys {
  if (!masterKeys) throw new Error('field encryption: no master key configured (useMasterKeys)');
  return masterKeys;
}

const TEXT_PREFIX = 'enc1:';
const BYTES_MAGIC = Buffer.from('MENC\x01', 'latin1');
const KEY_ID_BYTES = 16;

const wrapContext = (tenantId: string) => `mutua-data-key:${tenantId}`;
const aadOf = (tenantId: string, ref: FieldRef) => `${tenantId}\u0000${ref.table}.${ref.column}\u0000${ref.rowId}`;

function derive(dataKey: Buffer, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), info, 32));
}

async function remember(row: { id: string; tenantId: string; masterKeyId: string; wrappedKey: Buffer }): Promise<TenantKey> {
  const dataKey = await currentMasterKeys().unwrap(row.masterKeyId, row.wrappedKey, wrapContext(row.tenantId));
  const key = { id: row.id, tenantId: row.tenantId, enc: derive(dataKey, 'mutua field encryption'), mac: derive(dataKey, 'mutua lookup hmac') };
  unwrapped.set(row.id, key);
  return key;
}

/** The tenant's data key, created (and wrapped) the first time the tenant stores a protected value. */
async function tenantKey(db: Db, tenantId: string): Promise<TenantKey> {
  const read = () => db.select().from(tenantDataKeys).where(eq(tenantDataKeys.tenantId, tenantId));
  let [row] = await read();
  if (!row) {
    const { keyId, wrapped } = await currentMasterKeys().wrap(randomBytes(32), wrapContext(tenantId));
    await db.insert(tenantDataKeys).values({ id: randomUUID(), tenantId, masterKeyId: keyId, wrappedKey: wrapped }).onConflictDoNothing();
    [row] = await read();
  }
  return unwrapped.get(row!.id) ?? remember(row!);
}

async function keyById(db: Db, tenantId: string, id: string): Promise<TenantKey> {
  let key = unwrapped.get(id);
  if (!key) {
    const [row] = await db.select().from(tenantDataKeys).where(eq(tenantDataKeys.id, id));
    if (!row) throw new Error('field encryption: unknown data key');
    key = await remember(row);
  }
  if (key.tenantId !== tenantId) throw new Error('field encryption: data key of another tenant');
  return key;
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const h = bytes.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

export function isEncryptedText(value: string): boolean {
  return value.startsWith(TEXT_PREFIX);
}

export function isEncryptedBytes(value: Buffer): boolean {
  return value.length > BYTES_MAGIC.length && value.subarray(0, BYTES_MAGIC.length).equals(BYTES_MAGIC);
}

/** What stores a tenant's protected values, its data key looked up once: the same forms as below. */
export type TenantSealer = {
  text(ref: FieldRef, plaintext: string): string;
  bytes(ref: FieldRef, plaintext: Buffer): Buffer;
  hmac(purpose: LookupPurpose, value: string): string;
};

/** The tenant's sealer: the functions below for one value, a bulk writer (the population) for many rows. */
export async function tenantSealer(db: Db, tenantId: string): Promise<TenantSealer> {
  const key = await tenantKey(db, tenantId);
  return {
    // `enc1:<data key id>:<base64 of iv, ciphertext, tag>`, stored in the text column the value had.
    text: (ref, plaintext) => `${TEXT_PREFIX}${key.id}:${sealWith(key.enc, Buffer.from(plaintext, 'utf8'), aadOf(tenantId, ref)).toString('base64')}`,
    // `MENC\x01`, the data key id (16 bytes), then iv, ciphertext, tag.
    bytes: (ref, plaintext) => Buffer.concat([BYTES_MAGIC, uuidBytes(key.id), sealWith(key.enc, plaintext, aadOf(tenantId, ref))]),
    hmac: (purpose, value) => createHmac('sha256', key.mac).update(`${purpose}\u0000${value}`).digest('hex'),
  };
}

export async function encryptField(db: Db, tenantId: string, ref: FieldRef, plaintext: string): Promise<string> {
  return (await tenantSealer(db, tenantId)).text(ref, plaintext);
}

export async function decryptField(db: Db, tenantId: string, ref: FieldRef, stored: string): Promise<string> {
  if (!isEncryptedText(stored)) throw new Error(`field encryption: ${ref.table}.${ref.column} holds a value in clear`);
  const [keyId, body] = stored.slice(TEXT_PREFIX.length).split(':');
  const key = await keyById(db, tenantId, keyId!);
  return openWith(key.enc, Buffer.from(body!, 'base64'), aadOf(tenantId, ref)).toString('utf8');
}

export async function encryptOptional(db: Db, tenantId: string, ref: FieldRef, plaintext: string | null | undefined): Promise<string | null> {
  return plaintext == null ? null : encryptField(db, tenantId, ref, plaintext);
}

export async function decryptOptional(db: Db, tenantId: string, ref: FieldRef, stored: string | null): Promise<string | null> {
  return stored == null ? null : decryptField(db, tenantId, ref, stored);
}

export async function encryptBytes(db: Db, tenantId: string, ref: FieldRef, plaintext: Buffer): Promise<Buffer> {
  return (await tenantSealer(db, tenantId)).bytes(ref, plaintext);
}

export async function decryptBytes(db: Db, tenantId: string, ref: FieldRef, stored: Buffer): Promise<Buffer> {
  if (!isEncryptedBytes(stored)) throw new Error(`field encryption: ${ref.table}.${ref.column} holds bytes in clear`);
  const keyId = uuidOf(stored.subarray(BYTES_MAGIC.length, BYTES_MAGIC.length + KEY_ID_BYTES));
  const key = await keyById(db, tenantId, keyId);
  return openWith(key.enc, stored.subarray(BYTES_MAGIC.length + KEY_ID_BYTES), aadOf(tenantId, ref));
}

/**
 * The lookup hash of a value (hex HMAC-SHA-256 keyed per tenant and purpose): equal values give equal
 * hashes within a tenant, so a column of them answers « same NIR? » or « IBAN déjà utilisé » without
 * the value. Normalise before hashing (upper case, no spaces), as the look-up does.
 */
export async function hmacField(db: Db, tenantId: string, purpose: LookupPurpose, value: string): Promise<string> {
  return (await tenantSealer(db, tenantId)).hmac(purpose, value);
}

/**
 * Re-wraps every tenant's data key with the current master key, one conditional update per row
 * (a row another rotation changed meanwhile is left to it). The data keys stay the same: nothing
 * encrypted with them changes and instances that hold them unwrapped keep serving.
 */
export async function rewrapDataKeys(db: Db, now: Date): Promise<{ rewrapped: number; total: number }> {
  const keys = currentMasterKeys();
  const rows = await db.select().from(tenantDataKeys);
  let rewrapped = 0;
  for (const row of rows) {
    const dataKey = await keys.unwrap(row.masterKeyId, row.wrappedKey, wrapContext(row.tenantId));
    const { keyId, wrapped } = await keys.wrap(dataKey, wrapContext(row.tenantId));
    if (keyId === row.masterKeyId) continue;
    const changed = await db
      .update(tenantDataKeys)
      .set({ masterKeyId: keyId, wrappedKey: wrapped, rewrappedAt: now })
      .where(and(eq(tenantDataKeys.id, row.id), eq(tenantDataKeys.masterKeyId, row.masterKeyId)))
      .returning({ id: tenantDataKeys.id });
    rewrapped += changed.length;
  }
  return { rewrapped, total: rows.length };
}

/** The master key ids some data key still needs (a rotation drops the others from the key file). */
export async function masterKeyIdsInUse(db: Db): Promise<Set<string>> {
  const rows = await db.selectDistinct({ id: tenantDataKeys.masterKeyId }).from(tenantDataKeys);
  return new Set(rows.map((r) => r.id));
}
