import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/i18n/langs';
import { InfoPages } from './pages/info';
import { addSessionCookie } from './support/api';
import { newPhoneContext } from './support/browser';
import { userWithCard } from './support/share-seed';
import { serverAndBrowser } from './support/suite';

/**
 * The information pages and the shop (issue 16) render in each of the six languages with no
 * message key left untranslated; an unknown policy is the 404 page; the "open in app" sheet
 * shows where the browser reports the app installed (emulated here), with an Android intent link.
 */
describe('information pages', () => {
  const { server, browser } = serverAndBrowser();

  /** What the page shows, checked for keys that found no text (they show as dotted paths). */
  async function shownText(page: Page, path: string): Promise<string> {
    const info = new InfoPages(page);
    await info.show(path);
    const text = await info.text();
    expect(text, `${path}`).not.toMatch(/\b(info|server|app|auth|card)\.[a-z]+\.[a-zA-Z]/);
    expect(text, `${path}`).not.toContain('{{');
    return text;
  }

  it('renders every page in all six languages', async () => {
    const user = await userWithCard(server, 'Polyglot Person');
    for (const lang of LOCALES) {
      const context = await newPhoneContext(browser, server.url);
      await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
      const visitor = await context.newPage();
      for (const path of ['/about', '/tutorial', '/site', '/policy/privacy', '/policy/terms']) {
        await shownText(visitor, path);
      }
      await visitor.close();
      await addSessionCookie(context, server, user.token);
      const member = await context.newPage();
      for (const path of ['/suggestions', '/exclusiveCard']) await shownText(member, path);
      await context.close();
    }
  });

  it('shows the version and the licences of what we ship', async () => {
    const context = await newPhoneContext(browser, server.url, { locale: 'en-US' });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    const page = await context.newPage();
    const info = new InfoPages(page);
    await info.open('/about');
    await info.version.getByText('Version 2.82.04').waitFor();
    await expect.poll(() => info.licences.locator('li').count()).toBeGreaterThan(10);
    await info.licence('react-dom').waitFor();
    // Packages only a worker bundles are listed too: jsQR (the QR decoder's worker), workbox (the service worker).
    await info.licence('jsqr').waitFor();
    await info.licence('workbox-precaching').waitFor();
    await info.open('/policy/no-such-policy');
    await info.notFound.waitFor();
    await page.goto('/dominHandle');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('offers to open the installed app, with an intent link on Android', async () => {
    const context = await newPhoneContext(browser, server.url, {
      locale: 'en-US',
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Mobile',
    });
    await context.addInitScript(() => {
      localStorage.setItem('lang', 'en');
      Object.defineProperty(navigator, 'getInstalledRelatedApps', {
        value: async () => [{ platform: 'webapp', url: `${location.origin}/manifest.webmanifest` }],
      });
    });
    const info = new InfoPages(await context.newPage());
    await info.open('/about');
    await info.openInAppLink.waitFor();
    const host = new URL(server.url).host;
    expect(await info.openInAppLink.getAttribute('href')).toBe(`intent://${host}/about#Intent;scheme=http;end`);
    await info.dismissInstalledSheet();
    expect(await info.installedSheet.count()).toBe(0);
    await context.close();
  });
});
