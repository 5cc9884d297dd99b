import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { FriendList } from '../../src/api';
import { colourOf } from '../../src/components/Avatar';
import { addSessionCookie, postJson, registerViaApi } from './support/api';
import { newPhoneContext } from './support/browser';
import { userWithCard } from './support/share-seed';
import { serverAndBrowser } from './support/suite';

/**
 * Screens that looked wrong at 390×844 (issue 23 #27, #28), in English and Chinese: the cloud
 * list's "waiting to sync" badge shown whole, the card holder's title on one line, a friend's
 * remark and name in two lines at most in the card overlay, and the letter avatar keeping its
 * colour when a remark is set.
 */
const SHOTS = '/tmp/shots/wt-polish';
mkdirSync(SHOTS, { recursive: true });

const LANGS = ['en', 'hk'] as const;
const TEXT = {
  en: { pending: 'Waiting to sync', edit: 'Edit', save: 'Save', title: 'Card holder' },
  hk: { pending: '等待同步', edit: '編輯', save: '保存', title: '名片夾' },
};

/** How many lines of text an element's box shows (its height over its line height). */
function shownLines(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const style = getComputedStyle(el);
    const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
    return Math.round(el.clientHeight / line);
  });
}

/** Whether an element's text is cut (wider or taller than the box that shows it). */
function isCut(element: Locator): Promise<boolean> {
  return element.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
}

const background = (element: Locator) => element.evaluate((el) => getComputedStyle(el).backgroundColor);

async function phone(lang: (typeof LANGS)[number], token: string): Promise<Page> {
  const context = await newPhoneContext(browser, server.url, {
    serviceWorkers: 'allow',
    cutWhenOffline: true,
    locale: lang === 'en' ? 'en-US' : 'zh-TW',
  });
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  await addSessionCookie(context, server, token);
  return context.newPage();
}

const { server, browser } = serverAndBrowser();

describe('screens at 390×844', () => {
  for (const lang of LANGS) {
    it(`shows the cloud list's sync badge whole (${lang})`, async () => {
      const user = await registerViaApi(server);
      const added = await postJson(
        server,
        '/api/ocr/add',
        {
          extension: [
            { key: 'name', value: 'Bartholomew Montgomery-Richardson' },
            { key: 'company', value: 'International Freight Forwarding Holdings' },
          ],
        },
        user.token,
      );
      expect(added.status).toBe(200);
      const page = await phone(lang, user.token);
      await page.goto('/cloud/list');
      const item = page.getByTestId('cloud-item').first();
      await item.waitFor({ timeout: 20_000 });

      // An edit made offline waits to sync, and the row says so.
      await page.context().setOffline(true);
      await item.click();
      const overlay = page.locator('[data-overlay]');
      await overlay.getByRole('button', { name: TEXT[lang].edit, exact: true }).click();
      await overlay.locator('[data-action="value"]').last().fill('International Freight Forwarding Holdings Ltd');
      await overlay.getByRole('button', { name: TEXT[lang].save, exact: true }).click();
      await overlay.getByRole('button', { name: TEXT[lang].edit, exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await overlay.waitFor({ state: 'detached' });

      const badge = page.getByTestId('cloud-pending');
      await badge.waitFor();
      expect(await badge.innerText()).toBe(TEXT[lang].pending);
      expect(await isCut(badge)).toBe(false);
      await page.screenshot({ path: `${SHOTS}/cloud-pending-${lang}.png` });
      // The narrowest phone too: the name gives way, not the badge.
      await page.setViewportSize({ width: 320, height: 844 });
      expect(await isCut(badge)).toBe(false);
      await page.screenshot({ path: `${SHOTS}/cloud-pending-320-${lang}.png` });
      await page.context().close();
    });

    it(`keeps the card holder title on one line, and a remark with a long name in two (${lang})`, async () => {
      const me = await userWithCard(server, 'Holder Person');
      const friend = await userWithCard(server, 'Maximilian Alexander Worthington-Fairfax');
      const added = await postJson<FriendList>(server, '/api/friend/add', { content: [friend.shareStr] }, me.token);
      expect(added.status).toBe(200);
      const acceptId = added.body.data.friend_list[0]?.accept_id;
      const remark = 'Supplier of packaging, met at the Hong Kong Trade Development Council Food Expo';
      expect((await postJson(server, '/api/friend/remark', { accept_id: acceptId, remark }, me.token)).status).toBe(
        200,
      );

      const page = await phone(lang, me.token);
      await page.goto('/friendsList');
      const title = page.getByRole('heading', { level: 1, name: TEXT[lang].title });
      await title.waitFor();
      expect(await shownLines(title)).toBe(1);
      const row = page.getByTestId('friend-item').first();
      await row.waitFor({ timeout: 20_000 });
      await page.screenshot({ path: `${SHOTS}/friends-list-${lang}.png` });

      const rowAvatar = row.locator('.avatar-fallback');
      const rowColour = await background(rowAvatar);
      await row.click();
      const head = page.getByTestId('friend-card').locator('.shared-head');
      const name = head.getByTestId('shared-name');
      await name.waitFor();
      expect(await name.innerText()).toBe(`${remark} (Maximilian Alexander Worthington-Fairfax)`);
      expect(await shownLines(name)).toBeLessThanOrEqual(2);
      expect(await isCut(name)).toBe(true); // the rest is behind the ellipsis
      // The letter avatar keeps the colour of the person, not of the remark shown in the title.
      expect(colourOf(`${remark} (Maximilian Alexander Worthington-Fairfax)`)).not.toBe(
        colourOf('Maximilian Alexander Worthington-Fairfax'),
      );
      expect(await background(head.locator('.avatar-fallback'))).toBe(rowColour);
      await page.screenshot({ path: `${SHOTS}/friend-overlay-${lang}.png` });
      await page.context().close();
    });
  }
});
