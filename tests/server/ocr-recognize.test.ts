/**
 * card/ocr_recognize and the /ocr/ files: a card rendered with known text (Chinese needs
 * fonts-noto-cjk: `fc-list :lang=zh`; .ci/run installs it) photographed "on a table" is read by the server's pool; refusals
 * (no sign-in, over the size limit, not an image) do no work. One pool for the file: tesseract
 * start-up is the slow part.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/security/rate-limits';
import { CLOUD_PHOTO_MAX_BYTES } from '../../src/api/cloud';
import type { OcrManifest } from '../../src/lib/ocr-assets';
import { createTestApp, registerUser, type TestApp } from './helper';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
  token = (await registerUser(t)).token;
});
afterAll(async () => {
  await t.close();
});

/** Noto Sans CJK from fonts-noto-cjk (.ci/run installs it); DejaVu/Liberation come with fontconfig. */
const FONT = 'Noto Sans CJK TC, DejaVu Sans, Liberation Sans, sans-serif';

const CARD_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="520">
<rect width="900" height="520" fill="#f7f5ef"/>
<text x="60" y="105" font-family="${FONT}" font-size="52" font-weight="bold" fill="#111">陳大文</text>
<text x="60" y="165" font-family="${FONT}" font-size="34" fill="#222">Peter Chan</text>
<text x="60" y="215" font-family="${FONT}" font-size="30" fill="#333">Harbour Trading Limited</text>
<text x="60" y="330" font-family="${FONT}" font-size="28" fill="#222">Tel: +852 2345 6789</text>
<text x="60" y="380" font-family="${FONT}" font-size="28" fill="#222">peter.chan@harbour.com.hk</text>
<text x="60" y="430" font-family="${FONT}" font-size="28" fill="#222">香港中環德輔道中88號</text>
</svg>`;

const SC_FONT = 'Noto Sans CJK SC, DejaVu Sans, sans-serif';

/** Characters one under another, as a column of vertical type. */
const column = (text: string, x: number, top: number, size: number, bold = false) =>
  [...text]
    .map(
      (c, i) =>
        `<text x="${x}" y="${top + (i + 1) * size * 1.15}" font-family="${SC_FONT}" font-size="${size}"${bold ? ' font-weight="bold"' : ''} fill="#111">${c}</text>`,
    )
    .join('');

/** A mainland card whose name and title run down its right edge. */
const VERTICAL_CARD_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="520">
<rect width="900" height="520" fill="#fbfbf8"/>
${column('宋秀英', 800, 20, 50, true)}
${column('项目经理', 740, 40, 26)}
<text x="50" y="200" font-family="${SC_FONT}" font-size="30" font-weight="bold" fill="#111">上海市瑞丰科技有限公司</text>
<text x="50" y="280" font-family="${SC_FONT}" font-size="24" fill="#222">电话: 021-8111 4162</text>
<text x="50" y="325" font-family="${SC_FONT}" font-size="24" fill="#222">service@ruifeng.com.cn</text>
<text x="50" y="370" font-family="${SC_FONT}" font-size="24" fill="#222">地址: 上海市浦东新区世纪大道864号</text>
</svg>`;

/** The card turned 8° on a darker, grainy table, as a JPEG photo. */
async function cardPhoto(svg = CARD_SVG): Promise<Buffer> {
  const card = await sharp(Buffer.from(svg))
    .rotate(8, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const width = 1400;
  const height = 1050;
  const table = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < table.length; i += 3) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const v = 60 + (seed % 40);
    table[i] = v;
    table[i + 1] = Math.round(v * 0.8);
    table[i + 2] = Math.round(v * 0.6);
  }
  return sharp(table, { raw: { width, height, channels: 3 } })
    .composite([{ input: card, left: 200, top: 200 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

function form(file: Buffer | null, fields: Record<string, string> = {}, type = 'image/jpeg') {
  const boundary = 'cardbook-ocr-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="card.jpg"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST card/ocr_recognize with a multipart body (see `form`), signed in as `as`. */
function recognizeAs(as: string, body: ReturnType<typeof form>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/card/ocr_recognize',
    payload: body.payload,
    headers: { ...body.headers, token: as },
  });
}

describe('card/ocr_recognize refusals', () => {
  it('answers 401 without a sign-in, and starts nothing', async () => {
    const body = form(Buffer.from('x'), { area: 'hk' });
    const res = await t.app.inject({ method: 'POST', url: '/api/card/ocr_recognize', ...body });
    expect(res.statusCode).toBe(401);
    expect(t.app.ocrPool.started()).toBe(false);
  });

  it('refuses an image over the limit with 413 before any recognition', async () => {
    const big = Buffer.alloc(CLOUD_PHOTO_MAX_BYTES + 1, 0xff);
    const body = form(big, { area: 'hk' });
    const res = await recognizeAs(token, body);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(413);
    expect(t.app.ocrPool.started()).toBe(false);
  });

  it('refuses an unknown area with 400 before any recognition', async () => {
    const body = form(Buffer.from('x'), { area: 'mars' });
    const res = await recognizeAs(token, body);
    expect(res.statusCode).toBe(400);
    expect(t.app.ocrPool.started()).toBe(false);
  });
});

describe('card/ocr_recognize', () => {
  it('reads a card photographed on a table', async () => {
    const body = form(await cardPhoto(), { area: 'hk' });
    const res = await recognizeAs(token, body);
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: { lines: string[]; ms: number; fields: Record<string, unknown> } };
    const text = data.lines.join('\n');
    expect(text).toContain('陳大文');
    expect(text).toContain('德輔道中');
    expect(text).toContain('Peter Chan');
    expect(text).toContain('Harbour Trading');
    expect(text).toMatch(/2345\s?6789/);
    expect(text).toContain('peter.chan@harbour.com.hk');
    expect(data.ms).toBeGreaterThan(0);
    expect(data.fields).toHaveProperty('name');
  }, 60_000);

  it('reads a name and title printed down the card in columns (vertical type)', async () => {
    const body = form(await cardPhoto(VERTICAL_CARD_SVG), { area: 'hk' });
    const res = await recognizeAs(token, body);
    expect(res.statusCode).toBe(200);
    const { fields } = (res.json() as { data: { fields: { name: string; position: string[]; company: string[] } } })
      .data;
    expect(fields.name).toBe('宋秀英');
    expect(fields.position).toEqual(['项目经理']);
    expect(fields.company).toEqual(['上海市瑞丰科技有限公司']);
  }, 60_000);

  it('answers 400 for bytes that are not an image', async () => {
    const body = form(Buffer.from('not a picture at all'), { area: 'hk' });
    const res = await recognizeAs(token, body);
    expect(res.statusCode).toBe(400);
  }, 60_000);
});

describe('/ocr/ files', () => {
  it('lists the engine and the int language files with their download sizes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ocr/manifest.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json() as OcrManifest;
    for (const code of ['fra', 'eng', 'chi_tra', 'chi_sim'] as const) {
      // The int models: under a megabyte to a few MB each, never the 27 MB legacy files.
      expect(manifest.langs[code].bytes).toBeGreaterThan(500_000);
      expect(manifest.langs[code].bytes).toBeLessThan(4_000_000);
    }
    expect(manifest.engine.cores['simd-lstm'].wasm.bytes).toBeLessThan(1_500_000);
    // The line recognizer: its runtime gzipped (14 MB of wasm), its model, its dictionary.
    expect(manifest.lines.runtime.bytes).toBeLessThan(5_000_000);
    expect(manifest.lines.model.bytes).toBeGreaterThan(5_000_000);
    expect(manifest.lines.model.bytes).toBeLessThan(12_000_000);
    expect(manifest.lines.dict.bytes).toBeGreaterThan(10_000);
  });

  it('serves the line recognizer’s files gzipped, immutable, and the dictionary as text', async () => {
    const manifest = (await t.app.inject({ method: 'GET', url: '/ocr/manifest.json' })).json() as OcrManifest;
    const runtime = await t.app.inject({
      method: 'GET',
      url: manifest.lines.runtime.url,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(runtime.statusCode).toBe(200);
    expect(runtime.headers['content-type']).toBe('application/wasm');
    expect(runtime.headers['cache-control']).toContain('immutable');
    expect(runtime.rawPayload.length).toBe(manifest.lines.runtime.bytes);
    const dict = await t.app.inject({ method: 'GET', url: manifest.lines.dict.url });
    expect(dict.headers['content-type']).toMatch(/^text\/plain/);
    expect(dict.payload.split('\n')).toContain('燕');
  });

  it('serves wasm gzipped with its type, language data as is, both immutable', async () => {
    const manifest = (await t.app.inject({ method: 'GET', url: '/ocr/manifest.json' })).json() as OcrManifest;
    const wasm = await t.app.inject({
      method: 'GET',
      url: manifest.engine.cores['simd-lstm'].wasm.url,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(wasm.statusCode).toBe(200);
    expect(wasm.headers['content-type']).toBe('application/wasm');
    expect(wasm.headers['content-encoding']).toBe('gzip');
    expect(wasm.headers['cache-control']).toContain('immutable');
    expect(wasm.rawPayload.length).toBe(manifest.engine.cores['simd-lstm'].wasm.bytes);
    const worker = await t.app.inject({ method: 'GET', url: manifest.engine.worker.url });
    expect(worker.headers['content-type']).toMatch(/^text\/javascript/);
    expect(worker.headers['content-security-policy']).toContain("'wasm-unsafe-eval'");
    const lang = await t.app.inject({ method: 'GET', url: manifest.langs.chi_tra.url });
    expect(lang.statusCode).toBe(200);
    expect(lang.headers['content-encoding']).toBeUndefined();
    expect(lang.rawPayload.length).toBe(manifest.langs.chi_tra.bytes);
    expect([...lang.rawPayload.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  });

  it('serves nothing else of the packages', async () => {
    const manifest = (await t.app.inject({ method: 'GET', url: '/ocr/manifest.json' })).json() as OcrManifest;
    const legacy = manifest.langs.chi_tra.url.replace(/[^/]+$/, '../4.0.0/chi_tra.traineddata.gz');
    expect((await t.app.inject({ method: 'GET', url: legacy })).statusCode).toBe(404);
    const core = manifest.engine.worker.url.replace('worker.min.js', 'tesseract-core-simd.wasm');
    expect((await t.app.inject({ method: 'GET', url: core })).statusCode).toBe(404);
  });
});
