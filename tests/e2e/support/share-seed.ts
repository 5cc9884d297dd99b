import sharp from 'sharp';
import { emptyExtension } from '../../../server/services/cards';
import type { CompanyItem, CreateCardBody, MyCard } from '../../../src/api';
import { type ApiUser, type Envelope, postJson, registerViaApi } from './api';
import type { E2eServer } from './server';

/**
 * A shared card to look at, made through the HTTP API: both photos (pictures with text, drawn by
 * sharp), an entry of every kind, a Chinese name with an English one, and promotional blocks.
 * Used by tests/e2e/share.test.ts and for screenshots of the sharing screens.
 */

/** A card-like picture with text on it (rendered by sharp's SVG support, CJK fonts included). */
export function cardPicture(lines: string[], background: string): Promise<Buffer> {
  const text = lines
    .map((line, i) => `<text x="60" y="${170 + i * 90}" font-size="${i === 0 ? 72 : 44}">${line}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800">
    <rect width="1280" height="800" fill="${background}"/>
    <rect x="0" y="690" width="1280" height="110" fill="rgba(255,255,255,0.18)"/>
    <g fill="#fff" font-family="Noto Sans CJK TC, sans-serif" font-weight="700">${text}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export function solidPng(size: number, background: string): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background } })
    .png()
    .toBuffer();
}

export async function upload(
  server: E2eServer,
  path: string,
  token: string,
  png: Buffer,
  fields: Record<string, string> = {},
): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'picture.png');
  const res = await fetch(new URL(path, server.url), { method: 'POST', headers: { token }, body: form });
  const body = (await res.json()) as Envelope<{ url: string }>;
  if (res.status !== 200) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.data.url;
}

export const SHARED_CARD: Omit<CreateCardBody, 'photo' | 'photo_back'> = {
  name: '陳大文',
  english_name: 'Chan Tai Man',
  profile: 'Twenty years in Hong Kong logistics.',
  is_open: 1,
  extension: {
    company: [{ name: 'Acme Trading Ltd', department: 'Sales', position: 'Sales Director', key: 'company' }],
    address: [{ key: 'work', content: "1 Queen's Road Central, Hong Kong" }],
    tel: [
      { key: 'mobile', content: '+852 9123 4567' },
      { key: 'work', content: '2345 6789' },
    ],
    email: [{ key: 'work', content: 'taiman@acme.example' }],
    website: [{ key: 'company', content: 'https://acme.example' }],
    other: [{ key: 'other', content: 'Weekdays 9 to 6' }],
    industry: [{ key: 'industry', content: 'Logistics' }],
    social: [{ key: 'whatsapp', content: '91234567' }],
  },
};

/** Registers the owner and makes the card and its blocks; answers the owner and the saved card. */
export async function seedSharedCard(server: E2eServer): Promise<{ owner: ApiUser; card: MyCard }> {
  const owner = await registerViaApi(server);
  const { token } = owner;
  const [photo, photoBack] = await Promise.all([
    cardPicture(['陳大文 Chan Tai Man', 'Acme Trading Ltd', 'Sales Director'], '#0f766e'),
    cardPicture(['Acme Trading Ltd', '+852 9123 4567', 'acme.example'], '#1e3a8a'),
  ]);
  const created = await postJson<MyCard>(
    server,
    '/api/card/create',
    {
      ...SHARED_CARD,
      photo: await upload(server, '/api/card/upload', token, photo, { side: 'front' }),
      photo_back: await upload(server, '/api/card/upload', token, photoBack, { side: 'back' }),
    },
    token,
  );
  if (created.status !== 200) throw new Error(`card/create: ${JSON.stringify(created.body)}`);
  const items: CompanyItem[] = [
    { type: 'title', content: 'About Acme' },
    { type: 'text', content: 'We move goods across Asia.\nSince 1999.' },
    { type: 'url', content: { url: 'https://acme.example/catalogue', title: 'Our catalogue' } },
    {
      type: 'img',
      content: { url: await upload(server, '/api/user/companyUpload', token, await solidPng(600, '#f59e0b')) },
    },
  ];
  const saved = await postJson(server, '/api/card/save_company', { items }, token);
  if (saved.status !== 200) throw new Error(`save_company: ${JSON.stringify(saved.body)}`);
  return { owner, card: created.body.data };
}

/** A registered user with a plain card of that name (and anything else given), and its share string. */
export async function userWithCard(
  server: E2eServer,
  name: string,
  card: Partial<Omit<CreateCardBody, 'extension'>> & { extension?: Partial<CreateCardBody['extension']> } = {},
): Promise<ApiUser & { shareStr: string; cardId: number }> {
  const user = await registerViaApi(server);
  const body: CreateCardBody = {
    name,
    english_name: '',
    photo: '',
    photo_back: '',
    profile: '',
    is_open: 0,
    ...card,
    extension: { ...emptyExtension(), ...card.extension },
  };
  const saved = await postJson<MyCard>(server, '/api/card/create', body, user.token);
  if (saved.status !== 200) throw new Error(`card/create: ${JSON.stringify(saved.body)}`);
  return { ...user, shareStr: saved.body.data.share_str, cardId: saved.body.data.card_id };
}
