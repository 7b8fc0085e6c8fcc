import { readdir, stat, statfs } from 'node:fs/promises';
import path from 'node:path';

export type DiskUsage = { usedBytes: number; freeBytes: number; totalBytes: number };

/** How long a measure is reused: walking a data directory costs a few ms per thousand files. */
const REUSE_MS = 30_000;

/**
 * The bytes under a directory and the free and total space of its file system, measured at most every
 * 30 s; null when the directory does not exist (an in-memory database).
 */
export function diskUsageOf(dir: string): () => Promise<DiskUsage | null> {
  let last: { at: number; usage: Promise<DiskUsage | null> } | null = null;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > REUSE_MS) last = { at: now, usage: measure(dir) };
    return last.usage;
  };
}

async function measure(dir: string): Promise<DiskUsage | null> {
  try {
    const fs = await statfs(dir);
    return { usedBytes: await bytesUnder(dir), freeBytes: fs.bavail * fs.bsize, totalBytes: fs.blocks * fs.bsize };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await bytesUnder(full);
    else if (entry.isFile()) total += (await stat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
}
