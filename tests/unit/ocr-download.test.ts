import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { download } from '../../src/lib/ocr-download';

const BODY = Buffer.alloc(64 * 1024, 7);
let server: Server | null = null;

/** A server whose first `stalls` answers send half the file and then nothing more. */
async function serve(stalls: number): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  server = createServer((_, res) => {
    requests++;
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': BODY.length });
    if (requests <= stalls) res.write(BODY.subarray(0, BODY.length / 2));
    else res.end(BODY);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/ocr/eng.traineddata.gz`, requests: () => requests };
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

function memoryCache() {
  const kept = new Map<string, Response>();
  return { kept, put: async (url: RequestInfo | URL, response: Response) => void kept.set(String(url), response) };
}

describe('downloading an OCR file', () => {
  it('starts a stalled download again and keeps the whole file', async () => {
    const { url, requests } = await serve(1);
    const cache = memoryCache();
    const progress: number[] = [];
    await download(cache, { url, bytes: BODY.length }, (bytes) => progress.push(bytes), 200);
    expect(requests()).toBe(2);
    const kept = cache.kept.get(url);
    expect(Buffer.from(await (kept as Response).arrayBuffer()).equals(BODY)).toBe(true);
    // The bar went back when the stalled try was given up, and ended full.
    expect(progress).toContain(0);
    expect(progress.at(-1)).toBe(BODY.length);
  });

  it('fails (for the screen to say so) after three stalled tries, keeping nothing', async () => {
    const { url, requests } = await serve(Number.POSITIVE_INFINITY);
    const cache = memoryCache();
    await expect(download(cache, { url, bytes: BODY.length }, () => undefined, 200)).rejects.toThrow(/stalled/);
    expect(requests()).toBe(3);
    expect(cache.kept.size).toBe(0);
  });
});
