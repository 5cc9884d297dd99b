/**
 * Recognition in Node: `npm run ocr`, the server's `card/ocr_recognize` pool and the benchmark.
 * A pool of tesseract.js workers (each a worker thread running the wasm engine), fed the same
 * prepared card as the browser's OCR worker (src/lib/card-image, pixels decoded with sharp) and
 * read by the same code (src/lib/ocr-engine.ts, src/lib/card-fields). Language data comes from
 * the installed @tesseract.js-data packages (`4.0.0_best_int` only): tesseract.js takes one
 * `langPath` folder, so a folder of links to the three packages' files is made once per process
 * (installedLangPath). Nothing is ever fetched, and no cache files are written (cacheMethod 'none').
 * The line recognizer runs onnxruntime-web's wasm in this thread and in a worker thread of its own
 * (./line-worker.ts), as the browser's OCR worker does.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import * as ort from 'onnxruntime-web';
import sharp from 'sharp';
import Tesseract from 'tesseract.js';
import type { CardFields } from '../../src/api/cloud';
import { DECODE_SIDE, prepareCard } from '../../src/lib/card-image';
import {
  dictionary,
  type LineModel,
  type LineReader,
  type LineScores,
  lineReader,
  onnxLineModel,
} from '../../src/lib/line-reader';
import { LANG_CODES, LINE_MODEL, langPackageFile } from '../../src/lib/ocr-assets';
import { OcrEngine } from '../../src/lib/ocr-engine';
import { pool } from '../../src/lib/pool';
import { packageFile, packageVersion } from './packages';

export type RecognizeResult = { fields: CardFields; lines: string[]; text: string; ms: number };

export type Recognizer = {
  recognize(image: Buffer, options: { area: 'hk' | 'ch' }): Promise<RecognizeResult>;
  /** Scans waiting for a free engine, and being read now. */
  load(): { waiting: number; reading: number };
  terminate(): Promise<void>;
};

let langPath: string | null = null;

/**
 * A folder holding `<code>.traineddata.gz` for every language, linked to the installed packages'
 * `4.0.0_best_int` files; named by the packages' versions, so an upgrade gets a new folder.
 */
export function installedLangPath(): string {
  if (langPath) return langPath;
  const files = LANG_CODES.map((code) => {
    const { pkg, file } = langPackageFile(code);
    return { code, path: packageFile(pkg, file), version: packageVersion(pkg) };
  });
  const tag = createHash('sha256')
    .update(files.map((f) => `${f.code}@${f.version}:${f.path}`).join('\n'))
    .digest('hex')
    .slice(0, 12);
  const dir = join(tmpdir(), `cardbook-ocr-langs-${tag}`);
  mkdirSync(dir, { recursive: true });
  for (const f of files) {
    const link = join(dir, `${f.code}.traineddata.gz`);
    if (!existsSync(link)) {
      try {
        symlinkSync(f.path, link);
      } catch (err) {
        // Another process made it first.
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
  }
  langPath = dir;
  return dir;
}

/**
 * The line recognizer (src/lib/line-reader.ts) on onnxruntime-web's wasm, from the installed
 * packages: a copy in this thread and one in a worker thread. A worker that cannot start leaves
 * this one copy.
 */
async function startLineReader(): Promise<LineReader> {
  ort.env.wasm.numThreads = 1;
  const [model, dict] = await Promise.all([
    readFile(packageFile(LINE_MODEL.model.pkg, LINE_MODEL.model.file)),
    readFile(packageFile(LINE_MODEL.dict.pkg, LINE_MODEL.dict.file), 'utf8'),
  ]);
  const [here, there] = await Promise.all([
    onnxLineModel(ort, model),
    startLineWorker(new Uint8Array(model)).catch(() => null),
  ]);
  return lineReader(there ? [there, here] : [here], dictionary(dict));
}

type LineAnswer = { id: number; scores?: LineScores; error?: string } | { ready: true };

/**
 * The model in a worker thread (./line-worker.ts, or its bundle beside the server's), as a
 * LineModel. The thread keeps the process alive only while a line is being read.
 */
function startLineWorker(model: Uint8Array): Promise<LineModel> {
  const source = import.meta.url.endsWith('.ts');
  const script = new URL(`./line-worker.${source ? 'ts' : 'js'}`, import.meta.url);
  // Run from source (tsx, the tests), the thread loads TypeScript through tsx too: a worker
  // thread does not inherit the loader the process was started with.
  const worker = source
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); });`,
        {
          eval: true,
          workerData: { model },
        },
      )
    : new Worker(script, { workerData: { model } });
  const pending = new Map<number, { resolve: (s: LineScores) => void; reject: (e: Error) => void }>();
  let next = 0;
  const settle = (fail: (e: Error) => void, error: Error) => {
    fail(error);
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  return new Promise((resolve, reject) => {
    worker.on('error', (error) => settle(reject, error));
    worker.on('exit', () => settle(reject, new Error('line worker ended')));
    worker.on('message', (answer: LineAnswer) => {
      if ('ready' in answer) {
        worker.unref();
        const run: LineModel = (input, width) =>
          new Promise<LineScores>((done, fail) => {
            const id = next++;
            pending.set(id, { resolve: done, reject: fail });
            worker.ref();
            worker.postMessage({ id, input, width }, [input.buffer as ArrayBuffer]);
          });
        run.close = async () => {
          await worker.terminate();
        };
        resolve(run);
        return;
      }
      const asked = pending.get(answer.id);
      pending.delete(answer.id);
      if (pending.size === 0) worker.unref();
      if (answer.scores) asked?.resolve(answer.scores);
      else asked?.reject(new Error(answer.error ?? 'line worker failed'));
    });
  });
}

/** An engine of tesseract.js worker threads (two readings and the Chinese-only one) and the line recognizer. */
export function createNodeEngine(): Promise<OcrEngine> {
  return OcrEngine.start(
    (langs) =>
      Tesseract.createWorker(langs.join('+'), Tesseract.OEM.LSTM_ONLY, {
        langPath: installedLangPath(),
        cacheMethod: 'none',
        gzip: true,
      }),
    startLineReader,
  );
}

/** The bytes are not an image sharp can decode. */
export class UnreadableImageError extends Error {}

/** An image file's pixels, upright (EXIF orientation applied) and at most DECODE_SIDE on its long side. */
async function decode(image: Buffer) {
  const { data, info } = await sharp(image, { failOn: 'error', limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width: DECODE_SIDE, height: DECODE_SIDE, fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((err: unknown) => {
      throw new UnreadableImageError(err instanceof Error ? err.message : String(err));
    });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

/** Without preparation the file goes to the engine as it is, once sharp has seen it is an image. */
async function checkedBytes(image: Buffer): Promise<Uint8Array> {
  await sharp(image)
    .metadata()
    .catch((err: unknown) => {
      throw new UnreadableImageError(err instanceof Error ? err.message : String(err));
    });
  return new Uint8Array(image);
}

export async function createRecognizer(options: { workers?: number; prepare?: boolean } = {}): Promise<Recognizer> {
  const size = Math.max(1, options.workers ?? 1);
  const prepare = options.prepare ?? true;
  const engines = await Promise.all(Array.from({ length: size }, () => createNodeEngine()));
  const readers = pool(engines);
  let terminated = false;

  return {
    load: () => {
      const { waiting, busy } = readers.load();
      return { waiting, reading: busy };
    },
    async recognize(image, { area }) {
      if (terminated) throw new Error('recognizer terminated');
      return readers.use(async (engine) => {
        const started = performance.now();
        const input = prepare ? prepareCard(await decode(image)).gray : await checkedBytes(image);
        const reading = await engine.recognize(input, area);
        const ms = Math.round(performance.now() - started);
        return { fields: reading.fields, lines: reading.lines.map((l) => l.text), text: reading.text, ms };
      });
    },
    async terminate() {
      terminated = true;
      await Promise.all(engines.map((e) => e.terminate()));
    },
  };
}
