import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { CompanyContent } from '../../src/api';
import { CompanyPages } from './pages/company';
import { addSessionCookie, type Envelope, registerViaApi } from './support/api';
import { launchBrowser, newPhoneContext } from './support/browser';
import { solidPng, tinyPdf } from './support/files';
import { type E2eServer, startServer } from './support/server';
import { controlledByServiceWorker } from './support/service-worker';

/**
 * Company promotional content end to end: a user builds blocks of every kind that needs no
 * third-party network (files uploaded for real), sees them after a reload, edits them offline,
 * and the server gets the edit on reconnect. An oversize PDF is refused on the device.
 */
describe('company promotional content', () => {
  let server: E2eServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const signedInPage = async (): Promise<{ page: Page; token: string }> => {
    const context = await newPhoneContext(browser, server.url, {
      serviceWorkers: 'allow',
      cutWhenOffline: true,
      locale: 'en-US',
    });
    contexts.push(context);
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    const user = await registerViaApi(server);
    await addSessionCookie(context, server, user.token);
    return { page: await context.newPage(), token: user.token };
  };

  const serverItems = async (token: string) => {
    const res = await fetch(new URL('/api/card/get_company', server.url), { headers: { token } });
    return ((await res.json()) as Envelope<CompanyContent>).data.items;
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('builds blocks, shows them after a reload, edits offline and syncs on reconnect', async () => {
    const { page, token } = await signedInPage();
    const company = new CompanyPages(page);

    await company.openInfo();
    await page.getByText('No promotional content yet').waitFor();
    await page.getByRole('link', { name: 'Add content' }).click();
    await page.waitForURL('**/information/edit');

    await company.addHeading('About Acme');
    await company.addText('We make cards.\nSince 1999.');
    await company.addLink('https://example.com/acme', 'Our website');
    const video = await company.addVideo('https://vimeo.com/12345');
    await video.getByText('The link is wrong').waitFor();
    await video.getByLabel('Video link').fill('https://youtu.be/dQw4w9WgXcQ');
    await video.getByText('Recognised: YouTube video').waitFor();
    await company.addVideo('https://www.facebook.com/watch?v=1234567890');
    const picture = await company.addFile('Picture', {
      name: 'office.png',
      mimeType: 'image/png',
      buffer: await solidPng(),
    });
    await picture.locator('img.file-preview').waitFor();
    const pdf = await company.addFile('PDF', { name: 'Brochure.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await pdf.getByTestId('pdf-summary').getByText('Brochure.pdf').waitFor();

    // Move the picture above the Facebook video, with the keyboard.
    await company.editorBlocks.nth(5).getByRole('button', { name: 'Move up' }).focus();
    await page.keyboard.press('Enter');
    expect(await company.editorBlocks.nth(4).getAttribute('data-type')).toBe('img');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-action'))).toBe('up');

    await company.saveAndWait();
    await page.getByText('Promotional content saved').waitFor();
    await expect.poll(() => company.pending.count(), { timeout: 15_000 }).toBe(0);

    await page.reload();
    const blocks = company.blocks;
    await blocks.getByRole('heading', { name: 'About Acme' }).waitFor();
    expect(await blocks.locator('.company-text').textContent()).toBe('We make cards.\nSince 1999.');
    const link = blocks.getByRole('link', { name: 'Our website' });
    expect(await link.getAttribute('href')).toBe('https://example.com/acme');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    expect(await blocks.getByRole('img', { name: 'Company picture' }).getAttribute('src')).toMatch(/^\/blobs\//);

    // The PDF is drawn by pdf.js (worker from our origin) onto a canvas, with dark text on white.
    const canvas = blocks.locator('canvas.pdf-page[data-rendered="true"]');
    await canvas.waitFor({ timeout: 20_000 });
    const dark = await canvas.evaluate((el) => {
      const c = el as HTMLCanvasElement;
      const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
      let count = 0;
      for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 80) count += 1;
      return count;
    });
    expect(dark).toBeGreaterThan(100);
    await blocks.getByRole('img', { name: 'Page 1 of 1' }).waitFor();

    // Only one video at a time: starting the second unmounts the first player.
    await blocks.getByRole('button', { name: 'Play video: YouTube video' }).click();
    await expect.poll(() => blocks.locator('iframe[src*="youtube-nocookie.com/embed/dQw4w9WgXcQ"]').count()).toBe(1);
    await blocks.getByRole('button', { name: 'Play video: Facebook video' }).click();
    await expect
      .poll(() => blocks.locator('iframe[src^="https://www.facebook.com/plugins/video.php"]').count())
      .toBe(1);
    expect(await blocks.locator('iframe[src*="youtube"]').count()).toBe(0);
    expect(await blocks.locator('iframe[src*="facebook"]').getAttribute('height')).toBe(String(Math.round(280 / 1.36)));

    const saved = await serverItems(token);
    expect(saved.map((i) => i.type)).toEqual(['title', 'text', 'url', 'video', 'img', 'video', 'pdf']);

    // Offline: the shell comes from the service worker, the blocks from IndexedDB.
    await controlledByServiceWorker(page);
    await page.context().setOffline(true);
    await company.openEditor();
    await company.editorBlocks.nth(1).getByLabel('Text', { exact: true }).fill('Edited offline.');
    // A picture picked with no signal is kept on the phone and shown; it goes up on reconnect.
    const offlinePicture = await company.addFile('Picture', {
      name: 'stand.png',
      mimeType: 'image/png',
      buffer: await solidPng(),
    });
    await offlinePicture.locator('img.file-preview').waitFor();
    await company.saveAndWait();
    await page.getByText('Saved on this device. It will sync when you are back online.').waitFor();
    await page.reload();
    await blocks.getByText('Edited offline.').waitFor({ timeout: 15_000 });
    const pictures = blocks.getByRole('img', { name: 'Company picture' });
    await expect.poll(() => pictures.count()).toBe(2);
    await expect.poll(() => pictures.nth(1).getAttribute('src')).toMatch(/^blob:/);
    await blocks.getByRole('heading', { name: 'About Acme' }).waitFor();
    expect(await company.pending.textContent()).toBe('Changes waiting to sync: 1');
    // pdf.js, its worker and the file itself all come from the service worker's caches.
    await blocks.locator('canvas.pdf-page[data-rendered="true"]').waitFor({ timeout: 20_000 });

    await page.context().setOffline(false);
    await expect
      .poll(async () => (await serverItems(token)).find((i) => i.type === 'text')?.content, { timeout: 20_000 })
      .toBe('Edited offline.');
    await expect.poll(() => company.pending.count(), { timeout: 15_000 }).toBe(0);
    const synced = await serverItems(token);
    expect(synced.map((i) => i.type)).toEqual([...saved.map((i) => i.type), 'img']);
    expect(JSON.stringify(synced.at(-1)?.content)).toMatch(/"url":"\/blobs\/company\//);
  });

  it('refuses a 21 MB PDF on the device with the SPEC message and uploads nothing; deletes with undo', async () => {
    const { page } = await signedInPage();
    const company = new CompanyPages(page);
    const uploads: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/user/company')) uploads.push(req.url());
    });

    await company.openEditor();
    // Picked from disk, as a phone would: Chromium reads the path itself instead of the test
    // sending 21 MB through the debugging protocol.
    const big = Buffer.alloc(21 * 1024 * 1024, 0x20);
    tinyPdf().copy(big);
    const dir = mkdtempSync(join(tmpdir(), 'cardbook-company-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const huge = join(dir, 'huge.pdf');
    writeFileSync(huge, big);
    const block = await company.addFile('PDF', huge);
    await block.getByText('PDF file size cannot exceed 20MB').waitFor();
    expect(uploads).toEqual([]);

    // Saving an empty PDF block is refused with a reason.
    await company.save.click();
    await page.getByText('Please fix the highlighted blocks, then save').waitFor();

    // Delete it, and bring it back with Undo.
    await block.getByRole('button', { name: 'Delete' }).click();
    const undo = page.getByRole('button', { name: 'Undo' });
    await page.getByText('PDF block deleted').waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Undo');
    await undo.click();
    expect(await company.editorBlocks.count()).toBe(1);
    await company.editorBlocks.first().getByRole('button', { name: 'Delete' }).click();
    await company.saveAndWait();
    await page.getByText('No promotional content yet').waitFor();
    expect(uploads).toEqual([]);
  });
});
