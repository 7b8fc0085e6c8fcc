import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** Every text file of the build above 1 KB gets a .br (quality 11) and a .gz (level 9) beside it. */
export function precompress(dir: string, minBytes = 1024): { file: string; raw: number; br: number; gz: number }[] {
  const written = [];
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, name);
    // Skip .vite/ (the manifest is read at build time, never served) and non-text or tiny files.
    if (name.split(path.sep).some((part) => part.startsWith('.')) || !TEXT.test(name) || !statSync(file).isFile()) continue;
    const raw = readFileSync(file);
    if (raw.length < minBytes) continue;
    // Written by an earlier build of the same output (the SPA's, then the login page's): kept.
    if (existsSync(`${file}.br`) && statSync(`${file}.br`).mtimeMs >= statSync(file).mtimeMs) continue;
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
    written.push({ file: name, raw: raw.length, br: br.length, gz: gz.length });
  }
  return written;
}

/** Vite plugin: pre-compresses the output once it is written (the server sends these files as they are). */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'mutua:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = precompress(outDir);
      const sum = (key: 'raw' | 'br' | 'gz') => Math.round(files.reduce((total, f) => total + f[key], 0) / 1024);
      this.info?.(`pre-compressed ${files.length} files: ${sum('raw')} kB → br ${sum('br')} kB, gzip ${sum('gz')} kB`);
    },
  };
}
