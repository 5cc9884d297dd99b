/**
 * Recognition of paper cards on the device (issue 12): tesseract.js behind Comlink, started by
 * src/browser/ocr-client.ts on first use and ended when idle. Self-contained, so the benchmark can
 * talk Comlink to the built file directly: it reads /ocr/manifest.json (network, or the
 * service worker's OCR cache when offline) to find the engine and language files, which the
 * server serves from the npm packages (server/ocr/assets.ts), never a CDN.
 *
 * tesseract.js runs its engine in a classic worker of its own (its script, worker.min.js,
 * loads the wasm core with importScripts, which a module worker cannot), so this worker
 * starts that one from /ocr/ (worker-src 'self'; no blob: URL needed) and keeps it alive.
 *
 * recognize(image): decode the photo upright (createImageBitmap), scale it to at most
 * DECODE_SIDE, prepare the card (src/lib/card-image: find, straighten, scale, even light), read
 * it (src/lib/ocr-engine.ts, the same code as the server's pool), extract the fields
 * (src/lib/card-fields), and hand back the prepared card as a JPEG. `ms` covers all of it.
 *
 * Large Chinese type is read by a second recognizer too (src/lib/line-reader.ts: PP-OCRv4 on
 * onnxruntime-web, one thread), in this worker and in a worker of its own (workers/line.worker.ts)
 * at once; its files come from /ocr/lines/ like the rest.
 */
import * as Comlink from 'comlink';
import * as ort from 'onnxruntime-web/wasm';
import Tesseract from 'tesseract.js';
import type { CardFields } from '../src/api/cloud';
import { DECODE_SIDE, grayToRgba, prepareCard, type Rgba } from '../src/lib/card-image';
import { dictionary, type LineModel, type LineReader, lineReader, onnxLineModel } from '../src/lib/line-reader';
import { coreVariant, OCR_MANIFEST_URL, type OcrManifest } from '../src/lib/ocr-assets';
import { OcrEngine } from '../src/lib/ocr-engine';
import type { LineWorkerApi } from './line.worker';
import lineWorkerUrl from './line.worker.ts?module-worker';

/** The same shapes as src/browser/ocr-client.ts (which only imports types from here). */
export type OcrWorkerRecognition = { fields: CardFields; lines: string[]; ms: number; image: Blob };
export type OcrWorkerOptions = { area: 'hk' | 'ch' };

let engine: Promise<OcrEngine> | null = null;

async function startEngine(): Promise<OcrEngine> {
  const response = await fetch(OCR_MANIFEST_URL);
  if (!response.ok) throw new Error(`OCR files unavailable (${response.status})`);
  const manifest = (await response.json()) as OcrManifest;
  const origin = self.location.origin;
  const core = manifest.engine.cores[coreVariant()];
  const langUrl = new URL(manifest.langs.eng.url, origin).href;
  return OcrEngine.start(
    (langs) =>
      Tesseract.createWorker(langs.join('+'), Tesseract.OEM.LSTM_ONLY, {
        workerPath: new URL(manifest.engine.worker.url, origin).href,
        workerBlobURL: false,
        // A file, not a folder: given a folder, tesseract.js picks the build with the wasm inlined
        // in JS as base64 (40 % bigger); this loader fetches the .wasm beside it.
        corePath: new URL(core.js.url, origin).href,
        langPath: langUrl.slice(0, langUrl.lastIndexOf('/')),
        // The service worker's OCR cache keeps the files; no second copy in IndexedDB.
        cacheMethod: 'none',
        gzip: true,
      }),
    () => startLineReader(manifest),
  );
}

/**
 * The line recognizer (src/lib/line-reader.ts) on onnxruntime-web's single-threaded wasm, from
 * /ocr/lines/: a copy in this worker and one in a line worker. A line worker that fails to start
 * leaves this one copy.
 */
async function startLineReader(manifest: OcrManifest): Promise<LineReader> {
  const url = (file: { url: string }) => new URL(file.url, self.location.origin).href;
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.wasmPaths = { wasm: url(manifest.lines.runtime) };
  const fetched = async (file: { url: string }) => {
    const response = await fetch(url(file));
    if (!response.ok) throw new Error(`OCR line model unavailable (${response.status})`);
    return response;
  };
  const [model, dict] = await Promise.all([
    fetched(manifest.lines.model).then((r) => r.arrayBuffer()),
    fetched(manifest.lines.dict).then((r) => r.text()),
  ]);
  const bytes = new Uint8Array(model);
  const [here, there] = await Promise.all([
    onnxLineModel(ort, bytes),
    startLineWorker(bytes.slice(), url(manifest.lines.runtime)).catch((err: unknown) => {
      console.warn('ocr: second line reader unavailable', err);
      return null;
    }),
  ]);
  return lineReader(there ? [there, here] : [here], dictionary(dict));
}

/** The model in a line worker (workers/line.worker.ts), as a LineModel. */
async function startLineWorker(bytes: Uint8Array, wasmUrl: string): Promise<LineModel> {
  const worker = new Worker(lineWorkerUrl, { type: 'module', name: 'ocr-lines' });
  const remote = Comlink.wrap<LineWorkerApi>(worker);
  try {
    await remote.start(Comlink.transfer(bytes, [bytes.buffer]), wasmUrl);
  } catch (err) {
    worker.terminate();
    throw err;
  }
  const run: LineModel = (input, width) => remote.run(Comlink.transfer(input, [input.buffer]), width);
  run.close = async () => worker.terminate();
  return run;
}

function ensureEngine(): Promise<OcrEngine> {
  engine ??= startEngine().catch((err: unknown) => {
    engine = null;
    throw err;
  });
  return engine;
}

/** The photo's pixels, upright, at most DECODE_SIDE on its long side. */
async function decode(image: Blob): Promise<Rgba> {
  const bitmap = await createImageBitmap(image, { imageOrientation: 'from-image' });
  try {
    const scale = Math.min(1, DECODE_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d context');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const { data } = context.getImageData(0, 0, width, height);
    return { data, width, height };
  } finally {
    bitmap.close();
  }
}

async function encodeJpeg(rgba: Rgba): Promise<Blob> {
  const canvas = new OffscreenCanvas(rgba.width, rgba.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.putImageData(new ImageData(rgba.data as Uint8ClampedArray<ArrayBuffer>, rgba.width, rgba.height), 0, 0);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
}

const api = {
  /** Starts the engine with the default languages (downloads them if not cached). */
  async warm(): Promise<void> {
    await ensureEngine();
  },

  async recognize(image: Blob, options: OcrWorkerOptions): Promise<OcrWorkerRecognition> {
    const ocr = await ensureEngine();
    const started = performance.now();
    const prepared = prepareCard(await decode(image));
    const reading = await ocr.recognize(prepared.gray, options.area);
    const ms = Math.round(performance.now() - started);
    const jpeg = await encodeJpeg(grayToRgba(prepared.gray));
    return { fields: reading.fields, lines: reading.lines.map((l) => l.text), ms, image: jpeg };
  },
};

export type OcrWorkerApi = typeof api;
Comlink.expose(api);
