import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MyCard } from '../../src/api';
import { ScanQrCodePage } from './pages/scan';
import { SharedCardPage } from './pages/share';
import { postJson, registerViaApi } from './support/api';
import { launchBrowser, newPhoneContext } from './support/browser';
import { fakeCamera, qrPng, writeQrVideo } from './support/fake-camera';
import { solidPng } from './support/files';
import { type E2eServer, startServer } from './support/server';
import { SHARED_CARD } from './support/share-seed';

/**
 * The QR scanner end to end, in real Chromium against the real server. Chromium's fake camera
 * plays a Y4M video of a QR code (support/fake-camera.ts): a card's share link opens that card and
 * the camera stops; another site's code is refused and scanning goes on. Without the camera
 * permission the SPEC §8 message shows, and a photo of a code does the same job.
 */

/** Records every stream the page opens, so a test can see the camera was stopped. */
function recordStreams(): void {
  const streams: MediaStream[] = [];
  Object.assign(window, { cameraStreams: streams });
  const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const stream = await original(constraints);
    streams.push(stream);
    return stream;
  };
}

const liveTracks = (page: Page) =>
  page.evaluate(() => {
    const { cameraStreams } = window as unknown as { cameraStreams: MediaStream[] };
    return cameraStreams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === 'live').length;
  });

describe('scanning a QR code', () => {
  let server: E2eServer;
  let cardBrowser: Browser;
  let otherBrowser: Browser;
  let card: MyCard;
  let dir: string;
  const contexts: BrowserContext[] = [];

  const newPage = async (browser: Browser, camera: boolean): Promise<Page> => {
    const context = await newPhoneContext(browser, server.url, { locale: 'en-US' });
    contexts.push(context);
    if (camera) await context.grantPermissions(['camera'], { origin: server.url });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await context.addInitScript(recordStreams);
    return context.newPage();
  };

  beforeAll(async () => {
    server = await startServer();
    const owner = await registerViaApi(server);
    const created = await postJson<MyCard>(
      server,
      '/api/card/create',
      { ...SHARED_CARD, name: 'Scan Me', english_name: 'Scan Me', photo: '', photo_back: '' },
      owner.token,
    );
    if (created.status !== 200) throw new Error(`card/create: ${JSON.stringify(created.body)}`);
    card = created.body.data;
    dir = mkdtempSync(join(tmpdir(), 'cardbook-scan-'));
    writeQrVideo(join(dir, 'card.y4m'), card.share.link);
    writeQrVideo(join(dir, 'other.y4m'), 'https://example.com/');
    [cardBrowser, otherBrowser] = await Promise.all([
      launchBrowser(fakeCamera(join(dir, 'card.y4m'))),
      launchBrowser(fakeCamera(join(dir, 'other.y4m'))),
    ]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await cardBrowser?.close();
    await otherBrowser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('opens the card whose QR code the camera sees, and stops the camera', async () => {
    expect(card.share.link).toBe(`${server.url}/s/${card.share_str}`);
    const page = await newPage(cardBrowser, true);
    await new ScanQrCodePage(page).open();
    await page.waitForURL((url) => url.pathname === `/s/${card.share_str}`, { timeout: 15_000 });
    const shared = new SharedCardPage(page);
    await shared.name.waitFor();
    expect(await shared.name.textContent()).toBe('Scan Me');
    expect(await liveTracks(page)).toBe(0);
  });

  it('says once that another QR code is not a business card, and keeps scanning', async () => {
    const page = await newPage(otherBrowser, true);
    const scan = new ScanQrCodePage(page);
    await scan.open();
    await scan.waitForCamera();
    await expect.poll(() => scan.notice.textContent()).toBe('This QR code is not a business card QR code');
    // A few more frames of the same code: the live region is not touched again.
    const changes = await page.evaluate(async () => {
      const notice = document.querySelector('[data-testid="scan-notice"]');
      const video = document.querySelector('video');
      if (!notice || !video) return -1;
      let count = 0;
      const observer = new MutationObserver((records) => {
        count += records.length;
      });
      observer.observe(notice, { childList: true, characterData: true, subtree: true });
      // Thirty more frames of the camera, each one the scanner may read.
      await new Promise<void>((resolve) => {
        let frames = 0;
        const next = () => (++frames >= 30 ? resolve() : video.requestVideoFrameCallback(next));
        video.requestVideoFrameCallback(next);
      });
      observer.disconnect();
      return count;
    });
    expect(changes).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/scanqrcode');
    expect(await liveTracks(page)).toBe(1);
    expect(await scan.error.count()).toBe(0);

    // Leaving the page stops the camera.
    await scan.backLink.click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => liveTracks(page)).toBe(0);
  });

  it('shows the refused message without the camera permission, then scans photos instead', async () => {
    const page = await newPage(cardBrowser, false);
    const scan = new ScanQrCodePage(page);
    await scan.open();
    await scan.error.waitFor({ timeout: 15_000 });
    expect(await scan.error.textContent()).toContain(
      'Camera access was refused; please grant it manually and refresh the page',
    );
    expect(await scan.video.isVisible()).toBe(false);

    await scan.retryButton.click();
    await scan.error.waitFor();
    expect(await scan.error.textContent()).toContain('Camera access was refused');

    await scan.scanPhoto(await qrPng('https://example.com'));
    await expect.poll(() => scan.notice.textContent()).toBe('This QR code is not a business card QR code');

    // A link to /s/… on another site is not one of our cards either.
    await scan.scanPhoto(await qrPng(`https://cardbook.example/s/${card.share_str}`));
    await expect.poll(() => scan.notice.textContent()).toBe('This QR code is not a business card QR code');

    await scan.scanPhoto(await qrPng(card.share.link), 'card.png');
    await page.waitForURL((url) => url.pathname === `/s/${card.share_str}`);
    const shared = new SharedCardPage(page);
    await shared.name.waitFor();
    expect(await shared.name.textContent()).toBe('Scan Me');
  });

  it('says so when a photo holds no QR code', async () => {
    const page = await newPage(cardBrowser, false);
    const scan = new ScanQrCodePage(page);
    await scan.open();
    await scan.error.waitFor({ timeout: 15_000 });
    await scan.scanPhoto(await solidPng(400, 300, '#ffffff'));
    await expect.poll(() => scan.notice.textContent()).toBe('No QR code was found in this photo');
  });
});
