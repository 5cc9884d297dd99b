/**
 * The scan screens' door to recognition: one OCR worker (workers/ocr.worker.ts, tesseract.js
 * through Comlink) started on first use and ended after IDLE_MS without work.
 *
 * Offline readiness: the engine and language files (served at /ocr/ by our server, listed by
 * /ocr/manifest.json with their download sizes) live in the Cache Storage cache OCR_CACHE, which
 * the service worker answers /ocr/ from, cache first. They are not precached for everyone (most
 * users never scan): `prepare()` downloads what is missing for the default languages
 * (Traditional Chinese + English) into that cache, and a scan made online fills it too.
 * `readiness()` compares the cache with the manifest. URLs carry package versions, so an app
 * update keeps the cache; `prepare()` drops entries the current manifest no longer lists.
 */
import * as Comlink from 'comlink';
import type { OcrWorkerApi } from '../../workers/ocr.worker';
import ocrWorkerUrl from '../../workers/ocr.worker.ts?module-worker';
import type { CardFields } from '../api/cloud';
import {
  coreVariant,
  filesFor,
  LANG_CODES,
  OCR_CACHE,
  OCR_MANIFEST_URL,
  type OcrFile,
  type OcrManifest,
} from '../lib/ocr-assets';
import { download } from '../lib/ocr-download';

export type Recognition = {
  fields: CardFields;
  /** The recognized text, line by line. */
  lines: string[];
  /** Recognition time in the worker, preparation included. */
  ms: number;
  /** The card as prepared for recognition (found, straightened, scaled), as a JPEG to keep. */
  image: Blob;
};

/** Whether scanning works with no network on this device, and what getting there downloads. */
export type OcrReadiness = { ready: boolean; bytesToDownload: number };

export type RecognizeOptions = { area: 'hk' | 'ch' };

export type OcrClient = {
  recognize(image: Blob, options: RecognizeOptions): Promise<Recognition>;
  readiness(): Promise<OcrReadiness>;
  /** Downloads (and caches) the engine and language data; `onProgress` gets 0–1. */
  prepare(onProgress?: (done: number) => void): Promise<void>;
};

/** The worker (and its engine, ~100 MB) is ended after this long without a recognition. */
export const IDLE_MS = 60_000;

const hasCaches = () => typeof caches !== 'undefined';

/** A manifest that has not come in this long is taken from the cache: a stalled connection never holds preparing. */
const MANIFEST_TIMEOUT_MS = 10_000;

/** The manifest from the network (and kept in the OCR cache), or the kept copy offline. */
async function loadManifest(): Promise<OcrManifest | null> {
  try {
    const response = await fetch(OCR_MANIFEST_URL, {
      cache: 'no-cache',
      signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS),
    });
    if (response.ok) {
      if (hasCaches()) await (await caches.open(OCR_CACHE)).put(OCR_MANIFEST_URL, response.clone());
      return (await response.json()) as OcrManifest;
    }
  } catch {
    // Offline: the kept copy below.
  }
  if (!hasCaches()) return null;
  const kept = await (await caches.open(OCR_CACHE)).match(OCR_MANIFEST_URL);
  return kept ? ((await kept.json()) as OcrManifest) : null;
}

function neededFiles(manifest: OcrManifest): OcrFile[] {
  return filesFor(manifest, coreVariant(), LANG_CODES);
}

async function missingFiles(manifest: OcrManifest): Promise<OcrFile[]> {
  if (!hasCaches()) return neededFiles(manifest);
  const cache = await caches.open(OCR_CACHE);
  const present = await Promise.all(neededFiles(manifest).map(async (f) => (await cache.match(f.url)) !== undefined));
  return neededFiles(manifest).filter((_, i) => !present[i]);
}

/** Every URL a manifest names (all variants and languages): what the cache may keep. */
function manifestUrls(manifest: OcrManifest): Set<string> {
  const urls = [manifest.engine.worker.url, ...Object.values(manifest.langs).map((f) => f.url)];
  for (const core of Object.values(manifest.engine.cores)) urls.push(core.js.url, core.wasm.url);
  return new Set([...urls, OCR_MANIFEST_URL]);
}

export function createOcrClient(): OcrClient {
  let raw: Worker | null = null;
  let worker: Comlink.Remote<OcrWorkerApi> | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  let running = 0;

  const stop = () => {
    if (!raw || !worker) return;
    worker[Comlink.releaseProxy]();
    raw.terminate();
    raw = null;
    worker = null;
  };
  const open = (): Comlink.Remote<OcrWorkerApi> => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    if (!worker) {
      raw = new Worker(ocrWorkerUrl, { type: 'module', name: 'ocr' });
      worker = Comlink.wrap<OcrWorkerApi>(raw);
    }
    return worker;
  };
  const idle = () => {
    if (running > 0) return;
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(stop, IDLE_MS);
  };

  return {
    async recognize(image, options) {
      const remote = open();
      running++;
      try {
        // An engine that failed to start (files missing offline) is started again by the next call.
        return await remote.recognize(image, { area: options.area });
      } finally {
        running--;
        idle();
      }
    },

    async readiness() {
      const manifest = await loadManifest();
      if (!manifest) return { ready: false, bytesToDownload: 0 };
      const missing = await missingFiles(manifest);
      return { ready: missing.length === 0, bytesToDownload: missing.reduce((s, f) => s + f.bytes, 0) };
    },

    async prepare(onProgress) {
      const manifest = await loadManifest();
      if (!manifest) throw new Error('OCR files unavailable offline');
      if (!hasCaches()) throw new Error('this browser cannot keep files for offline use');
      const cache = await caches.open(OCR_CACHE);
      // Files of earlier versions go.
      const keep = manifestUrls(manifest);
      for (const request of await cache.keys()) {
        if (!keep.has(new URL(request.url).pathname)) await cache.delete(request);
      }
      const missing = await missingFiles(manifest);
      const total = missing.reduce((s, f) => s + f.bytes, 0);
      const done = new Map<string, number>();
      const report = () => onProgress?.(total === 0 ? 1 : [...done.values()].reduce((s, b) => s + b, 0) / total);
      report();
      await Promise.all(
        missing.map((file) =>
          download(cache, file, (bytes) => {
            done.set(file.url, bytes);
            report();
          }),
        ),
      );
      onProgress?.(1);
    },
  };
}

let shared: OcrClient | null = null;

export function ocrClient(): OcrClient {
  shared ??= createOcrClient();
  return shared;
}
