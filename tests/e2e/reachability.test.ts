import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addSessionCookie, postJson } from './support/api';
import { newPhoneContext } from './support/browser';
import { userWithCard } from './support/share-seed';
import { serverAndBrowser } from './support/suite';

/**
 * Issue 23 item 13: the headline features can be found. A signed-in user following the links of
 * the app from `/` (the side panel included) reaches scanning, the cloud cards, recognising their
 * own card and the shop within three steps; and reaches the scanner from home by taps alone, from
 * the home screen and from the tab bar, in Traditional Chinese and in English.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/cardbook-reachability';

const WANTED = [
  '/cloud/create',
  '/cloud/list',
  '/cloud/search',
  '/cloud/category/list',
  '/cardLdentify',
  '/exclusiveCard',
];
/** Never followed: it ends the session the crawl runs in. */
const NOT_FOLLOWED = new Set(['/logout']);
const DEPTH = 3;

const LANGS = {
  en: {
    locale: 'en-US',
    account: 'Account',
    scan: 'Scan paper cards',
    tab: 'Scan card',
    tabs: 'Main',
    title: 'Scan cards',
  },
  hk: { locale: 'zh-TW', account: '帳戶', scan: '掃描紙本名片', tab: '掃描名片', tabs: '主要導覽', title: '掃描名片' },
} as const;

async function memberContext(
  s: ReturnType<typeof serverAndBrowser>,
  token: string,
  lang: keyof typeof LANGS,
): Promise<BrowserContext> {
  const context = await newPhoneContext(s.browser, s.server.url, { locale: LANGS[lang].locale });
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  await addSessionCookie(context, s.server, token);
  return context;
}

/** The screen has drawn: its <main>, not marked busy. */
async function settled(page: Page): Promise<void> {
  // A screen waiting on the camera (/card/identify/…) shows its spinner for as long as it waits:
  // it is taken as it is then.
  await page
    .locator('main:not([aria-busy="true"])')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => page.locator('#root *').first().waitFor());
}

/** Same-origin paths the links of the page lead to (no downloads, no new tabs). */
async function linkPaths(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .filter((a) => a.origin === location.origin && !a.hasAttribute('download') && a.target !== '_blank')
      .map((a) => a.pathname),
  );
}

describe('reachability of the headline features', () => {
  const s = serverAndBrowser();

  it('finds scanning, the cloud cards, recognising my card and the shop within three steps of home', {
    timeout: 300_000,
  }, async () => {
    const me = await userWithCard(s.server, 'Rita Lau');
    const friend = await userWithCard(s.server, 'Sam Tse');
    await postJson(s.server, '/api/friend/add', { content: [friend.shareStr] }, me.token);
    const context = await memberContext(s, me.token, 'en');
    const page = await context.newPage();

    // Breadth first: the path by which each route was first reached.
    const via = new Map<string, string[]>([['/', []]]);
    let frontier = ['/'];
    for (let depth = 0; depth < DEPTH; depth++) {
      const next: string[] = [];
      for (const from of frontier) {
        await page.goto(from);
        await settled(page);
        const found = await linkPaths(page);
        if (from === '/') {
          // The side panel, opened by the top bar's account button (the same on every screen).
          await page.getByRole('banner').getByRole('button', { name: 'Account', exact: true }).click();
          await page.getByRole('navigation', { name: 'Account', exact: true }).waitFor();
          found.push(...(await linkPaths(page)));
        }
        for (const path of found) {
          if (via.has(path) || NOT_FOLLOWED.has(path)) continue;
          via.set(path, [...(via.get(from) ?? []), path]);
          next.push(path);
        }
      }
      frontier = next;
    }
    const reached = Object.fromEntries(WANTED.map((route) => [route, via.get(route) ?? null]));
    console.log('reached', JSON.stringify(reached));
    for (const route of WANTED) expect(via.get(route), `${route} within ${DEPTH} steps of /`).toBeDefined();
    // Scanning is one step from home.
    expect(via.get('/cloud/create')).toEqual(['/cloud/create']);
    await context.close();
  });

  for (const lang of ['hk', 'en'] as const) {
    it(`reaches the scanner from home by taps alone, from the home screen and the tab bar (${lang})`, async () => {
      const me = await userWithCard(s.server, lang === 'hk' ? '劉美玲' : 'Tina Lo');
      const context = await memberContext(s, me.token, lang);
      const page = await context.newPage();
      const text = LANGS[lang];
      await page.goto('/');
      await settled(page);
      await page.screenshot({ path: `${SHOTS}/home-${lang}.png` });

      await page.getByRole('link', { name: new RegExp(`^${text.scan}`) }).tap();
      await page.waitForURL((url) => url.pathname === '/cloud/create');
      await page.getByRole('heading', { name: text.title, exact: true }).waitFor({ timeout: 15_000 });

      const tabs = page.getByRole('navigation', { name: text.tabs, exact: true });
      await tabs.getByRole('link', { name: lang === 'hk' ? '首頁' : 'Home', exact: true }).tap();
      await page.waitForURL((url) => url.pathname === '/');
      await tabs.getByRole('link', { name: text.tab, exact: true }).tap();
      await page.waitForURL((url) => url.pathname === '/cloud/create');
      expect(await tabs.getByRole('link', { name: text.tab, exact: true }).getAttribute('aria-current')).toBe('page');
      await page.getByRole('heading', { name: text.title, exact: true }).waitFor();
      await page.screenshot({ path: `${SHOTS}/scanner-${lang}.png` });
      await context.close();
    });
  }
});
