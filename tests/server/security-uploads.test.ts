import { readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, COMPANY_PDF_MAX_BYTES } from '../../src/api';
import { createTestApp, registerUser, type TestApp } from './helper';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await registerUser(t)).token;
});
afterAll(async () => {
  await t.close();
});

const BOUNDARY = 'cardbook-test-boundary';

/**
 * A multipart upload of `file` sent as two network chunks, the first ending exactly `cutAt`
 * bytes into the file: where a limit falling on a chunk boundary used to slip through.
 */
function twoChunkUpload(file: Buffer, cutAt: number, type: string) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const chunks = [Buffer.concat([head, file.subarray(0, cutAt)]), Buffer.concat([file.subarray(cutAt), tail])];
  return {
    payload: Readable.from(chunks, { objectMode: false }),
    headers: {
      token,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(head.length + file.length + tail.length),
    },
  };
}

/** A "PDF" of exactly `size` bytes: the magic the server checks, then filler. */
function pdfOf(size: number): Buffer {
  const file = Buffer.alloc(size, 0x41);
  file.write('%PDF-1.4\n');
  return file;
}

function blobFiles(): number {
  return readdirSync(t.blobDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

async function pdfRows(): Promise<number> {
  const [row] = await t.app.services.db.query<{ n: number }>(
    "select count(*)::int as n from uploads where purpose = 'company_pdf'",
  );
  return row?.n ?? 0;
}

describe('uploads over the limit', () => {
  it.each([1, 1024, 1024 * 1024])(
    'refuses a PDF of the limit + %i bytes cut at the limit, and stores nothing',
    async (extra) => {
      const [files, rows] = [blobFiles(), await pdfRows()];
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/companyPdfUpload',
        ...twoChunkUpload(pdfOf(COMPANY_PDF_MAX_BYTES + extra), COMPANY_PDF_MAX_BYTES, 'application/pdf'),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 413, data: null });
      expect(blobFiles()).toBe(files);
      expect(await pdfRows()).toBe(rows);
    },
  );

  it('accepts a PDF of exactly the limit, whole', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/companyPdfUpload',
      ...twoChunkUpload(pdfOf(COMPANY_PDF_MAX_BYTES), COMPANY_PDF_MAX_BYTES - 10, 'application/pdf'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ size: COMPANY_PDF_MAX_BYTES });
  });

  it('refuses an avatar one byte over its limit cut at the limit', async () => {
    const files = blobFiles();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/uploadAvatar',
      ...twoChunkUpload(Buffer.alloc(AVATAR_MAX_BYTES + 1, 0x41), AVATAR_MAX_BYTES, 'image/png'),
    });
    expect(res.statusCode).toBe(413);
    expect(blobFiles()).toBe(files);
  });
});
