import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MyCard } from '../../src/api';
import { CardPages, type EntryList } from './pages/card';
import { type ApiUser, addSessionCookie, type Envelope, registerViaApi } from './support/api';
import { newPhoneContext } from './support/browser';
import type { E2eServer } from './support/server';
import { serverAndBrowser } from './support/suite';

/**
 * The card editor refuses what SPEC §5 and §9 refuse (and a card with no name), in the user's
 * language, next to each field, and keeps nothing until it is right: no local card, no outbox
 * entry, nothing on the server. Then, fixed, the card saves.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/cardbook-card-validation';

const MESSAGES = {
  en: [
    'Enter a name or an English name',
    'A phone number has at least 5 characters: digits and + - ( ) only',
    'Enter a valid email address, such as name@example.com',
    'Enter a valid website (at least 5 characters), such as example.com',
  ],
  hk: [
    '請填寫姓名或英文名',
    '電話號碼最少 5 個字元，只可包含數字及 + - ( ) 等符號',
    '請輸入正確的電郵地址，例如 name@example.com',
    '請輸入正確的網址（最少 5 個字元），例如 example.com',
  ],
};

async function serverCard(server: E2eServer, token: string): Promise<MyCard | null> {
  const res = await fetch(new URL('/api/card/info', server.url), { headers: { token } });
  return ((await res.json()) as Envelope<MyCard | null>).data;
}

/** The message shown for a field, through its aria-describedby (the field is marked invalid). */
async function messageOf(card: CardPages, field: Locator): Promise<string> {
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  return card.messageOf(field);
}

describe('card editor validation', () => {
  const { server, browser } = serverAndBrowser();

  for (const lang of ['en', 'hk'] as const) {
    it(`refuses an empty name, phone "123", email "not-an-email" and website "ab" (${lang}), saving nothing`, async () => {
      const user: ApiUser = await registerViaApi(server);
      const context = await newPhoneContext(browser, server.url, { locale: lang === 'en' ? 'en-US' : 'zh-HK' });
      try {
        await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
        await addSessionCookie(context, server, user.token);
        const page = await context.newPage();
        const card = new CardPages(page, lang);
        await card.openEditor();
        const { name } = card;
        await name.waitFor({ timeout: 20_000 });
        await name.fill('');
        await card.englishName.fill('');
        await card.addEntry('tel', '123');
        await card.addEntry('email', 'not-an-email');
        await card.addEntry('website', 'ab');
        await card.save.click();

        const [nameMessage, phone, email, website] = MESSAGES[lang];
        await expect.poll(() => card.invalid.count()).toBe(4);
        expect(await messageOf(card, name)).toBe(nameMessage);
        const row = (list: EntryList) => card.entries(list).last();
        expect(await messageOf(card, row('tel'))).toBe(phone);
        expect(await messageOf(card, row('email'))).toBe(email);
        expect(await messageOf(card, row('website'))).toBe(website);
        // The first field in error has the focus.
        expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.screenshot({ path: `${SHOTS}/editor-errors-${lang}.png` });

        // Nothing was kept: still on the editor, no local card, no outbox entry, no card on the server.
        expect(new URL(page.url()).pathname).toBe('/card/create');
        const local = await page.evaluate(async () => {
          const open = indexedDB.open(document.documentElement.dataset.db ?? 'cardbook');
          const idb = await new Promise<IDBDatabase>((resolve, reject) => {
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => reject(open.error);
          });
          const count = (store: string) =>
            new Promise<number>((resolve) => {
              const req = idb.transaction(store).objectStore(store).count();
              req.onsuccess = () => resolve(req.result);
            });
          const counts = { card: await count('card'), outbox: await count('outbox') };
          idb.close();
          return counts;
        });
        expect(local).toEqual({ card: 0, outbox: 0 });
        expect(await serverCard(server, user.token)).toBeNull();

        // Fixed, it saves; the WhatsApp number is kept normalised.
        await name.fill('Ada Lam');
        await row('tel').fill('2345 6789');
        await row('email').fill('ada@example.com');
        await row('website').fill('example.com');
        await card.addEntry('social', '9123-4567');
        await card.entryLabels('social').last().selectOption('whatsapp');
        await card.saveCard();
        await expect
          .poll(async () => (await serverCard(server, user.token))?.name, { timeout: 15_000 })
          .toBe('Ada Lam');
        const saved = await serverCard(server, user.token);
        expect(saved?.extension.social).toEqual([{ key: 'whatsapp', content: '85291234567' }]);
      } finally {
        await context.close();
      }
    });
  }
});
