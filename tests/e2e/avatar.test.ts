import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyCard } from '../../src/api';
import { plainCard } from '../server/helper';
import { ProfilePages } from './pages/profile';
import { type ApiUser, addSessionCookie, postJson, registerViaApi } from './support/api';
import { launchBrowser, newPhoneContext } from './support/browser';
import { type E2eServer, startServer } from './support/server';

/**
 * Avatar and names: a new user is called by how they sign in (not "not filled in") with a letter
 * avatar; they pick a photo on /editMyProfile with no signal, cropped to a square and previewed:
 * it shows in the top bar at once, goes up on reconnect, and then shows on their shared card.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/cardbook-avatar';

describe('avatar and names', () => {
  let server: E2eServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let profile: ProfilePages;
  let user: ApiUser;

  beforeAll(async () => {
    server = await startServer();
    user = await registerViaApi(server);
    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.url, { locale: 'en-US' });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await addSessionCookie(context, server, user.token);
    page = await context.newPage();
    profile = new ProfilePages(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('calls a new user by their sign-in, with a letter avatar and a prompt for a name', async () => {
    await profile.openHome();
    await expect.poll(() => profile.userName.textContent(), { timeout: 20_000 }).toBe(user.email);
    await profile.addNameLink.waitFor();
    expect(await profile.letterAvatar.textContent()).toBe(user.email.charAt(0).toUpperCase());
    await page.screenshot({ path: `${SHOTS}/user-home-new.png` });
  });

  it('keeps a cropped photo picked offline, shows it at once, and uploads it on reconnect for my shared card', async () => {
    await profile.openEdit();
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#be123c' } })
      .png()
      .toBuffer();
    await profile.pickAvatar({ name: 'me.png', mimeType: 'image/png', buffer: photo });
    await profile.zoomTo(1.5);
    await page.screenshot({ path: `${SHOTS}/crop.png` });
    await profile.showPreview();
    // No signal: the photo is kept on the phone and shown at once, and goes up on reconnect.
    await context.setOffline(true);
    await profile.confirmPhoto();
    await profile.savedOffline.waitFor({ timeout: 15_000 });
    await profile.cropDialog.waitFor({ state: 'detached' });
    const { topBarAvatar } = profile;
    await expect.poll(() => topBarAvatar.getAttribute('src'), { timeout: 10_000 }).toMatch(/^blob:/);
    await profile.editorAvatar.waitFor();

    await context.setOffline(false);
    await expect.poll(() => topBarAvatar.getAttribute('src'), { timeout: 30_000 }).toMatch(/^\/blobs\//);
    const src = await topBarAvatar.getAttribute('src');
    // Square, as cropped.
    const size = await topBarAvatar.evaluate(async (img) => {
      const image = img as HTMLImageElement;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    });
    expect(size[0]).toBe(size[1]);

    // Her card, named (so not the first test's user with no name at all), shared with a visitor.
    const saved = await postJson<MyCard>(
      server,
      '/api/card/create',
      { ...plainCard('Ada Lam'), is_open: 1 },
      user.token,
    );
    const shareStr = saved.body.data.share_str;
    const visitor = await newPhoneContext(browser, server.url, { locale: 'en-US' });
    try {
      const shared = await visitor.newPage();
      await shared.goto(`/s/${shareStr}`);
      // A visitor (in the default language, Traditional Chinese) sees it, and can open it.
      const avatar = shared.getByRole('button', { name: '查看頭像' }).locator('img');
      await avatar.waitFor({ timeout: 15_000 });
      expect(await avatar.getAttribute('src')).toBe(src);
    } finally {
      await visitor.close();
    }
  });
});
