/**
 * Downloading one OCR file into the offline cache (src/browser/ocr-client.ts `prepare`), made for
 * event Wi-Fi: a download that receives nothing for a while is given up and started again, so a
 * stalled connection ends in a retry (or an error the screen shows), never a bar that stops.
 */
import type { OcrFile } from './ocr-assets';

/** A download that receives nothing for this long is given up. */
export const STALL_MS = 15_000;
/** Tries per file before the download fails. */
const ATTEMPTS = 3;

/** Roughly how much bigger a file is once its gzip transfer encoding is undone (for progress only). */
const inflation = (url: string) => (/\.(js|wasm)$/.test(url) ? 2.7 : 1);

type File = Pick<OcrFile, 'url' | 'bytes'>;

/** One try at a file's bytes, aborted when nothing arrives for `stallMs`. */
async function fetchFile(file: File, onBytes: (bytes: number) => void, stallMs: number): Promise<Response> {
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const alive = () => {
    clearTimeout(timer);
    timer = setTimeout(() => abort.abort(new Error(`download of ${file.url} stalled`)), stallMs);
  };
  alive();
  try {
    const response = await fetch(file.url, { signal: abort.signal });
    if (!response.ok || !response.body) throw new Error(`download of ${file.url} failed (${response.status})`);
    const reader = response.body.getReader();
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let received = 0;
    for (;;) {
      alive();
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onBytes(Math.min(file.bytes, received / inflation(file.url)));
    }
    const type = response.headers.get('content-type') ?? 'application/octet-stream';
    return new Response(new Blob(chunks, { type }), { headers: { 'content-type': type } });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Downloads `file` into `cache`, reporting the bytes received so far (in download bytes); a
 * stalled or broken try starts again from the beginning, up to ATTEMPTS tries.
 */
export async function download(
  cache: Pick<Cache, 'put'>,
  file: File,
  onBytes: (bytes: number) => void,
  stallMs = STALL_MS,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await cache.put(file.url, await fetchFile(file, onBytes, stallMs));
      onBytes(file.bytes);
      return;
    } catch (error) {
      onBytes(0);
      if (attempt >= ATTEMPTS) throw error;
    }
  }
}
