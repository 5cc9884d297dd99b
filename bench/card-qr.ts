import { generateKeyPairSync, sign } from 'node:crypto';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { type QrMatrix, QUIET_ZONE, qrMatrix } from '../src/components/share/qr';
import { type CardCopy, copyBody, copyFragment, signedBytes } from '../src/lib/card-copy';
import { zxingDecode } from '../tests/support/zxing';
import { printTable, SMOKE } from './lib';

/**
 * The QR code of a card carrying its signed copy (issue 28, src/lib/card-copy.ts): for a few
 * kinds of card, the copy's bytes (the body and the 64-byte signature), the QR code's version,
 * and whether two independent decoders (ZXing, and jsQR, the app's) read it from the PNG the app
 * downloads scaled to 200 px, and from a 640×480 camera frame of the phone's whole screen (the
 * code as /myQrCode draws it, 346 of the screen's 390 px wide, the 844 px tall screen filling
 * the frame's height); and the sides from 300 px down at which both read the PNG. Beside them,
 * the plain link of before.
 */
const ORIGIN = 'https://cardbook.example';
const SHARE_KEY = 'R5dfyTVCSYlyP7n2';
const SCREEN_QR_CSS_PX = 346;
const FRAME = { width: 640, height: 480, screenHeight: 844 };

const CARDS: [string, CardCopy][] = [
  [
    'Hong Kong, bilingual',
    {
      cardId: 42_117,
      name: '陳安妮',
      englishName: 'Annie Chan',
      company: 'Harbour Logistics Ltd',
      position: 'Sales Director',
      tel: '+852 6234 5678',
      email: 'annie.chan@harbour.example',
    },
  ],
  [
    'mainland, long company',
    {
      cardId: 1_204_551,
      name: '王建国',
      englishName: '',
      company: '深圳市华创智能科技有限公司',
      position: '技术总监',
      tel: '+86 138 0013 8000',
      email: 'wangjg@huachuang-tech.cn',
    },
  ],
  [
    'Europe, English only',
    {
      cardId: 877,
      name: 'Katharina Müller-Lüdenscheidt',
      englishName: '',
      company: 'Nordlicht Maschinenbau GmbH & Co. KG',
      position: 'Head of International Sales',
      tel: '+49 30 1234 5678',
      email: 'k.mueller-luedenscheidt@nordlicht.de',
    },
  ],
  [
    'every field at its limit',
    {
      cardId: 2_147_483_647,
      name: '歐'.repeat(40),
      englishName: 'W'.repeat(60),
      company: '國'.repeat(40),
      position: 'P'.repeat(60),
      tel: '+852 1234 5678 90123',
      email: `${'e'.repeat(28)}@example.com`,
    },
  ],
];

/** The code as the app's PNG draws it: black modules on white, the quiet zone, `scale` px a module. */
function png(matrix: QrMatrix, scale: number): Promise<Buffer> {
  const side = (matrix.size + QUIET_ZONE * 2) * scale;
  const pixels = Buffer.alloc(side * side, 255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - QUIET_ZONE;
      const col = Math.floor(x / scale) - QUIET_ZONE;
      if (row >= 0 && col >= 0 && row < matrix.size && col < matrix.size && matrix.dark(row, col))
        pixels[y * side + x] = 0;
    }
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
    .png()
    .toBuffer();
}

async function jsqrDecode(picture: Buffer): Promise<string | null> {
  const { data, info } = await sharp(picture).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

/** What each decoder reads: 'both', one of them, or 'neither'. */
async function reads(picture: Buffer, text: string): Promise<string> {
  const z = (await zxingDecode(picture)) === text;
  const j = (await jsqrDecode(picture)) === text;
  return z && j ? 'both' : z ? 'ZXing only' : j ? 'jsQR only' : 'neither';
}

/** The PNG scaled to `px` on a side. */
const scaled = async (image: Buffer, px: number) => sharp(image).resize(px, px).png().toBuffer();

/** The code on the screen as another phone's 640×480 camera sees it, held so the screen fills the frame's height. */
async function cameraFrame(image: Buffer): Promise<Buffer> {
  const px = Math.round((SCREEN_QR_CSS_PX * FRAME.height) / FRAME.screenHeight);
  const grey = { r: 128, g: 128, b: 128 };
  return sharp(await scaled(image, px))
    .extend({
      top: Math.floor((FRAME.height - px) / 2),
      bottom: Math.ceil((FRAME.height - px) / 2),
      left: Math.floor((FRAME.width - px) / 2),
      right: Math.ceil((FRAME.width - px) / 2),
      background: grey,
    })
    .png()
    .toBuffer();
}

/** The sides from 300 px down to 80, in steps of 10, at which both decoders read the PNG (a resampled code reads or not by luck too). */
async function sizesRead(image: Buffer, text: string): Promise<string> {
  if (SMOKE) return '(not in a smoke run)';
  const missed: number[] = [];
  let total = 0;
  for (let px = 300; px >= 80; px -= 10) {
    total += 1;
    if ((await reads(await scaled(image, px), text)) !== 'both') missed.push(px);
  }
  const note = missed.length > 0 ? ` (not at ${missed.join(', ')})` : '';
  return `${total - missed.length} of ${total} sides 80–300 px${note}`;
}

export async function cardQr(): Promise<void> {
  const { privateKey } = generateKeyPairSync('ed25519');
  const link = `${ORIGIN}/s/${SHARE_KEY}`;
  const plain = qrMatrix(link);
  const plainPng = await png(plain, 12);
  const rows: [string, string][] = [
    [
      'plain link (before)',
      `${link.length} chars, version ${plain.version} (M); PNG at 200 px: ${await reads(await scaled(plainPng, 200), link)}; PNG read at ${await sizesRead(plainPng, link)}`,
    ],
  ];
  for (const [kind, copy] of SMOKE ? CARDS.slice(0, 1) : CARDS) {
    const body = copyBody(copy);
    const fragment = copyFragment(body, sign(null, signedBytes(SHARE_KEY, body), privateKey));
    const text = `${link}#${fragment}`;
    const matrix = qrMatrix(text);
    const image = await png(matrix, 12);
    rows.push([
      kind,
      `copy ${body.length} + 64 bytes (${fragment.length} base32 chars), ${text.length} chars, version ${matrix.version} (L); PNG at 200 px: ${await reads(await scaled(image, 200), text)}; camera frame of the screen: ${await reads(await cameraFrame(image), text)}; PNG read at ${await sizesRead(image, text)}`,
    ]);
  }
  printTable(
    `Card QR codes carrying the signed copy (${ORIGIN}; read by ZXing and jsQR: "both", one, or "neither")`,
    rows,
  );
}
