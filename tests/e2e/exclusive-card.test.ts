import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ShopPages } from './pages/shop';
import { addSessionCookie, postJson, registerViaApi } from './support/api';
import { newPhoneContext } from './support/browser';
import { solidPng } from './support/files';
import { controlledByServiceWorker } from './support/service-worker';
import { userWithCard } from './support/share-seed';
import { serverAndBrowser } from './support/suite';

/**
 * The exclusive NFC card (issue 16), end to end: order a metal card on the phone, upload the
 * payment proof, the shop moves it to shipped with `npm run orders` (the real command, through
 * the running server's socket), the phone shows the state and tracking; the owner binds it at
 * the chip's link; a visitor tapping it lands on the owner's card; another account and a wrong
 * check code are refused.
 */
const run = promisify(execFile);

describe('exclusive card', () => {
  const { server, browser } = serverAndBrowser({
    shop: { bankAccount: 'HSBC 004-123456-001', fpsId: '9876543' },
    operator: true,
  });

  /** `npm run orders -- …` as the shop runs it, against this server's data folder. */
  async function orders(...args: string[]): Promise<string> {
    const { DATABASE_URL: _external, ...env } = process.env;
    const { stdout } = await run('node_modules/.bin/tsx', ['scripts/operator.ts', 'orders', ...args], {
      env: { ...env, DATA_DIR: server.dataDir },
    });
    return stdout;
  }

  async function phone(token?: string): Promise<BrowserContext> {
    const context = await newPhoneContext(browser, server.url, {
      serviceWorkers: 'allow',
      cutWhenOffline: true,
      locale: 'en-US',
    });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    if (token) await addSessionCookie(context, server, token);
    return context;
  }

  it('orders, pays, ships, binds, and opens on a tap', async () => {
    const owner = await userWithCard(server, 'Grace Hopper');
    const context = await phone(owner.token);
    const page = await context.newPage();
    const shop = new ShopPages(page);
    await shop.open();
    await shop.productHeading('metal').waitFor();
    await shop.product('metal').getByText('HK$680').waitFor();
    await shop.orderThis('metal');

    expect(await shop.nameOnCard.inputValue()).toBe('Grace Hopper');
    await shop.placeOrder({
      recipient: 'Grace Hopper',
      phone: '91234567',
      address: '1 Harbour Road, Wan Chai, Hong Kong',
    });

    await expect.poll(() => shop.statusText()).toBe('Submitted');
    await page.getByText('Pay HK$680 by FPS to ID 9876543').waitFor();
    const [order] = await server.app.services.db.query<{ id: number; order_no: string }>(
      'select id, order_no from physical_card_orders where user_id = $1',
      [owner.id],
    );
    if (!order) throw new Error('no order');
    await page.getByText(`Put ${order.order_no} as the reference.`).waitFor();
    // The receipt is photographed with no signal: shown as sent at once, sent on reconnect.
    await page.context().setOffline(true);
    await shop.uploadProof({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: await solidPng(300, 400, '#f8fafc'),
    });
    await expect.poll(() => shop.statusText()).toBe('Payment proof received');
    await page.getByText('Saved. It will be sent when you are back online.').waitFor();
    const serverStatus = async () =>
      (
        await server.app.services.db.query<{ status: string; proof_url: string | null }>(
          'select status, proof_url from physical_card_orders where id = $1',
          [order.id],
        )
      )[0];
    expect(await serverStatus()).toMatchObject({ status: 'submitted', proof_url: null });
    await page.context().setOffline(false);
    await expect.poll(async () => (await serverStatus())?.status, { timeout: 30_000 }).toBe('proof_received');
    expect((await serverStatus())?.proof_url).toMatch(/^\/blobs\/orders\//);

    expect(await orders('paid', String(order.id))).toContain('is now paid');
    const printed = await orders('production', String(order.id));
    const link = new URL(printed.trim().split('\n').at(-1) ?? '');
    expect(link.pathname).toMatch(/^\/bindExclusiveCard\/[23456789A-HJKMNP-Z]{10}$/);
    expect(await orders('shipped', String(order.id), 'SF1234567890')).toContain('is now shipped');

    // The phone hears of it (a push, then a pull) and shows it, with the tracking number.
    await expect.poll(() => shop.statusText(), { timeout: 20_000 }).toBe('Shipped');
    await shop.tracking.filter({ hasText: 'Tracking number: SF1234567890' }).waitFor();
    await page.getByText('SF1234567890').last().waitFor();

    // A wrong check code, then the real link: bound to the owner's card.
    await shop.openLink(`${link.pathname}?c=${link.searchParams.get('c')?.slice(0, -3)}abc`);
    await shop.bindRefusal.filter({ hasText: 'This card link is not valid' }).waitFor();
    await shop.openLink(link.pathname + link.search);
    await shop.bind();
    await shop.bound.waitFor();
    await context.close();

    // A visitor taps the card: the owner's card opens.
    const visitor = await phone();
    const tap = await visitor.newPage();
    await new ShopPages(tap).openLink(link.pathname + link.search);
    await tap.waitForURL((url) => url.pathname === `/s/${owner.shareStr}`);
    await tap.getByText('Grace Hopper').first().waitFor();
    await visitor.close();
  });

  it('refuses to bind a card for another account', async () => {
    const owner = await userWithCard(server, 'Card Owner');
    const placed = await postJson<{ id: number }>(
      server,
      '/api/card/card_apply',
      {
        kind: 'image',
        name_on_card: 'Card Owner',
        quantity: 1,
        recipient: 'Card Owner',
        phone: '91234567',
        address: '2 Queen’s Road Central, Hong Kong',
        payment_method: 'bank_transfer',
      },
      owner.token,
    );
    await orders('paid', String(placed.body.data.id));
    const link = new URL((await orders('production', String(placed.body.data.id))).trim().split('\n').at(-1) ?? '');

    const other = await registerViaApi(server);
    const context = await phone(other.token);
    const shop = new ShopPages(await context.newPage());
    await shop.openLink(link.pathname + link.search);
    await shop.bindRefusal
      .filter({ hasText: 'This card was ordered by another account; only its owner can bind it' })
      .waitFor();
    expect(await shop.bindButton.count()).toBe(0);
    await context.close();
  });

  it('shows an order on my other phone at once, and offline there', async () => {
    const owner = await userWithCard(server, 'Two Phones');
    const second = await phone(owner.token);
    const other = await second.newPage();
    const shop = new ShopPages(other);
    await shop.open();
    await shop.productHeading('image').waitFor();
    // The service worker controls the page, so it opens with no network later.
    await controlledByServiceWorker(other);

    const placed = await postJson<{ id: number; order_no: string }>(
      server,
      '/api/card/card_apply',
      {
        kind: 'metal',
        name_on_card: 'Two Phones',
        quantity: 1,
        recipient: 'Two Phones',
        phone: '91234567',
        address: '3 Nathan Road, Tsim Sha Tsui, Hong Kong',
        payment_method: 'fps',
      },
      owner.token,
    );
    await shop.orders.getByText(placed.body.data.order_no, { exact: false }).waitFor({ timeout: 20_000 });
    await orders('paid', String(placed.body.data.id));
    await shop.orders.getByText('Payment confirmed').waitFor({ timeout: 20_000 });

    await second.setOffline(true);
    await other.reload();
    await shop.orders.getByText('Payment confirmed').waitFor();
    await shop.openOrder();
    await expect.poll(() => shop.statusText()).toBe('Payment confirmed');
    await second.close();
  });
});
