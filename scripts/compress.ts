import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Last step of `npm run build` (and of the build `npm start` runs): writes `<file>.br` and
 * `<file>.gz` beside each text file of dist, at the highest levels, so the server sends the
 * best encoding the browser accepts without compressing anything per request
 * (server/http/static.ts). A variant no smaller than the file is not written; source maps are
 * left alone (only developer tools fetch them).
 */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|webmanifest|svg|txt|xml|wasm)$/;
/** Below this a compressed copy saves less than a packet's headers. */
const MIN_BYTES = 1024;
/** Rewritten in place at deploy time (SPEC §4 version check): a copy beside it would go stale. */
const NEVER = new Set(['version.json']);

export type CompressSummary = { files: number; raw: number; br: number; gz: number };

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

export function precompress(dir: string): CompressSummary {
  const summary: CompressSummary = { files: 0, raw: 0, br: 0, gz: 0 };
  for (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path) || NEVER.has(basename(path))) continue;
    const source = readFileSync(path);
    if (source.length < MIN_BYTES) continue;
    const br = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gz = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
    summary.files += 1;
    summary.raw += source.length;
    if (br.length < source.length) writeFileSync(`${path}.br`, br);
    if (gz.length < source.length) writeFileSync(`${path}.gz`, gz);
    summary.br += Math.min(br.length, source.length);
    summary.gz += Math.min(gz.length, source.length);
  }
  return summary;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? 'dist';
  if (!statSync(dir).isDirectory()) throw new Error(`compress: ${dir} is not a folder`);
  const { files, raw, br, gz } = precompress(dir);
  const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
  console.log(`compress: ${files} files in ${dir}, ${kib(raw)} → br ${kib(br)}, gzip ${kib(gz)}`);
}
