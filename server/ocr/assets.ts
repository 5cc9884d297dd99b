/**
 * Serves the OCR engine and language data at /ocr/ from the installed npm packages (never a
 * CDN): the same files in production (`npm start`), the end-to-end server and tests, with no
 * build step that copies megabytes into dist/. URLs carry the packages' versions, so the files
 * are immutable for a year; /ocr/manifest.json (revalidated every time) lists them with the
 * bytes each download costs, for the OCR client's readiness and prepare (src/browser/ocr-client.ts).
 *
 * Served: tesseract.js's browser worker script, the LSTM-only cores (relaxed SIMD, SIMD and plain wasm, each
 * a small loader .js beside its .wasm: the loader fetches the .wasm from its own folder) and the
 * `4.0.0_best_int` language files. Scripts and wasm are gzipped once in memory (wasm 2.8 MB →
 * 1.0 MB); the language files already are gzip files and go as they are (the engine unpacks
 * them). Nothing else of the packages is reachable, the legacy `4.0.0` models above all. The line
 * recognizer's runtime, model and dictionary (LINE_MODEL) go under /ocr/lines/, gzipped too.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type CoreVariant,
  LANG_CODES,
  type LangCode,
  LINE_MODEL,
  langPackageFile,
  OCR_MANIFEST_URL,
  type OcrManifest,
} from '../../src/lib/ocr-assets';
import { IMMUTABLE, REVALIDATE } from '../http/static';
import { packageFile, packageVersion } from './packages';

const gzipAsync = promisify(gzip);

type Asset = {
  url: string;
  path: string;
  type: string;
  /** Gzip it on the way out (scripts and wasm); language files are gzip already. */
  compress: boolean;
};

type Loaded = { body: Buffer; gzipped: Buffer | null };

const CORES: Record<CoreVariant, string> = {
  'relaxedsimd-lstm': 'tesseract-core-relaxedsimd-lstm',
  'simd-lstm': 'tesseract-core-simd-lstm',
  lstm: 'tesseract-core-lstm',
};

function tag(parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 10);
}

/** Every servable OCR file, by URL. */
export function ocrAssets(): Map<string, Asset> {
  const engineTag = tag([
    `tesseract.js@${packageVersion('tesseract.js')}`,
    `core@${packageVersion('tesseract.js-core')}`,
  ]);
  const langTag = tag(LANG_CODES.map((code) => `${code}@${packageVersion(langPackageFile(code).pkg)}`));
  const assets = new Map<string, Asset>();
  const add = (asset: Asset) => assets.set(asset.url, asset);
  const engine = `/ocr/engine/${engineTag}`;
  add({
    url: `${engine}/worker.min.js`,
    path: packageFile('tesseract.js', 'dist/worker.min.js'),
    type: 'text/javascript; charset=utf-8',
    compress: true,
  });
  for (const name of Object.values(CORES)) {
    add({
      url: `${engine}/${name}.js`,
      path: packageFile('tesseract.js-core', `${name}.js`),
      type: 'text/javascript; charset=utf-8',
      compress: true,
    });
    add({
      url: `${engine}/${name}.wasm`,
      path: packageFile('tesseract.js-core', `${name}.wasm`),
      type: 'application/wasm',
      compress: true,
    });
  }
  const linesTag = tag(
    [...new Set(Object.values(LINE_MODEL).map((f) => f.pkg))].map((pkg) => `${pkg}@${packageVersion(pkg)}`),
  );
  for (const [name, { pkg, file, type }] of Object.entries(LINE_MODEL)) {
    add({
      url: `/ocr/lines/${linesTag}/${lineFileName(name, file)}`,
      path: packageFile(pkg, file),
      type,
      compress: true,
    });
  }
  for (const code of LANG_CODES) {
    const { pkg, file } = langPackageFile(code);
    add({
      url: `/ocr/lang/${langTag}/${code}.traineddata.gz`,
      path: packageFile(pkg, file),
      type: 'application/octet-stream',
      compress: false,
    });
  }
  return assets;
}

/** A line recognizer's file as served under /ocr/lines/<tag>/: its name and its own extension. */
const lineFileName = (name: string, file: string) => `${name}${file.slice(file.lastIndexOf('.'))}`;

export function ocrAssetRoutes() {
  const assets = ocrAssets();
  const loaded = new Map<string, Promise<Loaded>>();
  const load = (asset: Asset): Promise<Loaded> => {
    let entry = loaded.get(asset.url);
    if (!entry) {
      entry = (async () => {
        const body = await readFile(asset.path);
        return { body, gzipped: asset.compress ? await gzipAsync(body, { level: 9 }) : null };
      })();
      entry.catch(() => loaded.delete(asset.url));
      loaded.set(asset.url, entry);
    }
    return entry;
  };
  const sizeOf = async (url: string) => {
    const asset = assets.get(url);
    if (!asset) throw new Error(`no OCR asset ${url}`);
    const { body, gzipped } = await load(asset);
    return { url, bytes: (gzipped ?? body).length };
  };
  let manifest: Promise<OcrManifest> | null = null;
  const buildManifest = async (): Promise<OcrManifest> => {
    const urls = [...assets.keys()];
    const find = (suffix: string) => urls.find((u) => u.endsWith(suffix)) as string;
    const cores = {} as OcrManifest['engine']['cores'];
    for (const [variant, name] of Object.entries(CORES) as [CoreVariant, string][]) {
      cores[variant] = { js: await sizeOf(find(`/${name}.js`)), wasm: await sizeOf(find(`/${name}.wasm`)) };
    }
    const langs = {} as Record<LangCode, OcrManifest['langs'][LangCode]>;
    for (const code of LANG_CODES) langs[code] = await sizeOf(find(`/${code}.traineddata.gz`));
    const lines = {} as OcrManifest['lines'];
    for (const [name, { file }] of Object.entries(LINE_MODEL) as [keyof typeof LINE_MODEL, { file: string }][]) {
      lines[name] = await sizeOf(find(`/${lineFileName(name, file)}`));
    }
    return { engine: { worker: await sizeOf(find('/worker.min.js')), cores }, langs, lines };
  };

  const send = async (request: FastifyRequest, reply: FastifyReply, asset: Asset) => {
    const { body, gzipped } = await load(asset);
    reply.header('cache-control', IMMUTABLE).type(asset.type);
    if (asset.compress) reply.header('vary', 'Accept-Encoding');
    const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (gzipped && accepts) return reply.header('content-encoding', 'gzip').send(gzipped);
    return reply.send(body);
  };

  return async (app: FastifyInstance) => {
    app.get(OCR_MANIFEST_URL, async (_request, reply) => {
      manifest ??= buildManifest().catch((err: unknown) => {
        manifest = null;
        throw err;
      });
      return reply
        .header('cache-control', REVALIDATE)
        .type('application/json; charset=utf-8')
        .send(await manifest);
    });
    for (const asset of assets.values()) {
      app.get(asset.url, (request, reply) => send(request, reply, asset));
    }
  };
}
