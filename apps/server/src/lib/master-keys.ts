import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What wraps the tenants' data keys: a key file here, a KMS elsewhere (same three operations). The
 * master key never encrypts a field itself, so rotating it re-wraps a few rows, never the data.
 */
export type MasterKeys = {
  /** The key new wraps use. */
  currentId(): string;
  wrap(dataKey: Buffer, context: string): Promise<{ keyId: string; wrapped: Buffer }>;
  unwrap(keyId: string, wrapped: Buffer, context: string): Promise<Buffer>;
};

/** A key file: one `<id> <base64 of 32 bytes>` per line, the current key first, older ones after. */
export type KeyRing = { id: string; key: Buffer }[];

export function parseKeyRing(text: string, source: string): KeyRing {
  const ring = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((line) => {
      const [id, encoded] = line.split(/\s+/);
      const key = Buffer.from(encoded ?? '', 'base64');
      if (!id || !/^[\w-]{1,64}$/.test(id) || key.length !== 32) throw new Error(`${source}: each line must be "<id> <base64 of 32 bytes>"`);
      return { id, key };
    });
  if (ring.length === 0) throw new Error(`${source}: no master key`);
  return ring;
}

export function formatKeyRing(ring: KeyRing): string {
  return `# Mutua master keys: the first wraps, the others only unwrap until no data key needs them.\n${ring.map((k) => `${k.id} ${k.key.toString('base64')}`).join('\n')}\n`;
}

export function newMasterKey(): { id: string; key: Buffer } {
  return { id: `mk-${new Date().toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`, key: randomBytes(32) };
}

/** Replaces the file in one rename, so that a reader sees the old ring or the new one, never half. */
export function writeKeyRing(file: string, ring: KeyRing): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, formatKeyRing(ring), { mode: 0o600 });
  renameSync(temporary, file);
}

/** The embedded default: a key generated once in the data dir (outside production only, see config.ts). */
export function readOrCreateKeyFile(dataDir: string): string {
  const file = path.join(dataDir, 'master-keys');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, formatKeyRing([newMasterKey()]), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Two processes starting at once: the other one's file wins.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return file;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealWith(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

export function openWith(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
}

/**
 * Master keys read from a file. The file is read again when it names a key this process has not
 * seen and before each wrap, so that a rotation made by another process is followed without restart.
 */
export function fileMasterKeys(file: string): MasterKeys {
  let ring = parseKeyRing(readFileSync(file, 'utf8'), file);
  const reload = () => {
    ring = parseKeyRing(readFileSync(file, 'utf8'), file);
  };
  return {
    currentId: () => ring[0]!.id,
    async wrap(dataKey, context) {
      reload();
      const current = ring[0]!;
      return { keyId: current.id, wrapped: sealWith(current.key, dataKey, context) };
    },
    async unwrap(keyId, wrapped, context) {
      let entry = ring.find((k) => k.id === keyId);
      if (!entry) {
        reload();
        entry = ring.find((k) => k.id === keyId);
      }
      if (!entry) throw new Error(`master key ${keyId} is not in ${file}`);
      return openWith(entry.key, wrapped, context);
    },
  };
}

/** Step 1 of a rotation: a new current key at the head of the file, the older ones kept to unwrap. */
export function addMasterKey(file: string): string {
  const ring = parseKeyRing(readFileSync(file, 'utf8'), file);
  const added = newMasterKey();
  writeKeyRing(file, [added, ...ring]);
  return added.id;
}

/** Last step: drops the keys no data key is wrapped with any more (the current one always stays). */
export function retireMasterKeys(file: string, inUse: ReadonlySet<string>): string[] {
  const [current, ...older] = parseKeyRing(readFileSync(file, 'utf8'), file);
  const kept = older.filter((k) => inUse.has(k.id));
  writeKeyRing(file, [current!, ...kept]);
  return older.filter((k) => !inUse.has(k.id)).map((k) => k.id);
}
