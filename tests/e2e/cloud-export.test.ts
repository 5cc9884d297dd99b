import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { CloudCard } from '../../src/api';
import { readVCards } from '../support/vcards';
import { CloudPages } from './pages/cloud';
import { addSessionCookie, postJson, registerViaApi } from './support/api';
import { newPhoneContext } from './support/browser';
import { serverAndBrowser } from './support/suite';

/**
 * A cloud card exported on the device (390×844, English): the vCard holds the card's photo as
 * an embedded JPEG of at most 400 px (as the server's vcard-photo.ts makes it), an honorific
 * suffix in N, and hostile text that ical.js and vcf read back alike; the CSV's photo columns
 * are absolute links.
 */
const SHOTS = '/tmp/shots/wt-vcard';
const { server, browser } = serverAndBrowser();

describe('cloud card export', () => {
  it('exports the photo, the suffix and hostile text in the vCard, and photo links in the CSV', async () => {
    const user = await registerViaApi(server);
    const image = await sharp({ create: { width: 1200, height: 750, channels: 3, background: '#1a7' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'card.jpg');
    const uploaded = await fetch(new URL('/api/ocr/upload', server.url), {
      method: 'POST',
      headers: { token: user.token },
      body: form,
    });
    const photo = ((await uploaded.json()) as { data: { url: string } }).data.url;
    const hostile = 'A;B,C\\D E:F "G" 😀 陳';
    const added = await postJson<CloudCard>(
      server,
      '/api/ocr/add',
      {
        photo,
        extension: [
          { key: 'name', value: 'David Wong, Jr.' },
          { key: 'company', value: hostile },
          { key: 'other', value: `${hostile}\nline two` },
        ],
      },
      user.token,
    );
    expect(added.status).toBe(200);

    const context = await newPhoneContext(browser, server.url, { locale: 'en-US', acceptDownloads: true });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await addSessionCookie(context, server, user.token);
    try {
      const page = await context.newPage();
      const cloud = new CloudPages(page);
      await page.goto('/cloud/list');
      await cloud.card('David Wong, Jr.').waitFor({ timeout: 20_000 });
      await cloud.open('David Wong, Jr.');

      const exported = async (label: string) => {
        await cloud.overlay.getByRole('button', { name: 'Export' }).click();
        const dialog = page.getByRole('dialog', { name: 'Export' });
        await dialog.waitFor();
        if (label.includes('vCard')) await page.screenshot({ path: `${SHOTS}/cloud-export-sheet-en.png` });
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          dialog.getByRole('button', { name: label }).click(),
        ]);
        return readFile((await download.path()) as string, 'utf8');
      };

      const [contact] = readVCards(await exported('Export contact file (vCard)'));
      expect(contact?.fn).toBe('David Wong, Jr.');
      expect(contact?.n).toEqual(['Wong', 'David', '', '', 'Jr.']);
      expect(contact?.org).toEqual([{ group: null, value: [hostile] }]);
      expect(contact?.note).toBe(`${hostile}\nline two`);
      expect(contact?.photo).toMatch(/^b:/);
      const embedded = await sharp(Buffer.from(contact?.photo?.slice(2) ?? '', 'base64')).metadata();
      expect(embedded.format).toBe('jpeg');
      expect([embedded.width, embedded.height]).toEqual([400, 250]);

      const csv = await exported('Export spreadsheet (CSV)');
      const lastRow = csv.trimEnd().split('\r\n').at(-1) ?? '';
      expect(lastRow.endsWith(`,${server.url}${photo},`)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
