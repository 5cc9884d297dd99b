import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/i18n/langs';
import { addSessionCookie } from './support/api';
import { newPhoneContext } from './support/browser';
import { openInApp } from './support/navigate';
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
    await openInApp(page, path);
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    const text = await page.locator('main').innerText();
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
    await page.goto('/about');
    await page.getByTestId('app-version').getByText('Version 2.82.04').waitFor();
    await expect.poll(() => page.getByTestId('licences').locator('li').count()).toBeGreaterThan(10);
    await page.getByText('react-dom', { exact: true }).waitFor();
    // Packages only a worker bundles are listed too: jsQR (the QR decoder's worker), workbox (the service worker).
    await page.getByText('jsqr', { exact: true }).waitFor();
    await page.getByText('workbox-precaching', { exact: true }).waitFor();
    await page.goto('/policy/no-such-policy');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
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
    const page = await context.newPage();
    await page.goto('/about');
    const sheet = page.getByRole('dialog', { name: 'App installed' });
    const open = sheet.getByRole('link', { name: 'Open in app' });
    await open.waitFor();
    const host = new URL(server.url).host;
    expect(await open.getAttribute('href')).toBe(`intent://${host}/about#Intent;scheme=http;end`);
    await sheet.getByRole('button', { name: 'Not now' }).click();
    expect(await sheet.count()).toBe(0);
    await context.close();
  });
});
