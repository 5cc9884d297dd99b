import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeRoom } from '../../src/api';
import { addSessionCookie, postJson, registerViaApi } from './support/api';
import { launchBrowser, newPhoneContext } from './support/browser';
import { fakeCamera, writeQrVideo } from './support/fake-camera';
import { readMeta } from './support/idb';
import { type E2eServer, pushTransportFromEnv, startServer } from './support/server';
import { userWithCard } from './support/share-seed';

/**
 * The group card exchange with three people in three browsers (issue 14): the host opens a room
 * with a password; Ann, signed out and without a card, scans its QR code with the fake camera,
 * signs in, comes back to the room, makes a quick card and joins; Ben types the code. Everyone
 * sees the count change live; Ben leaves; the host starts. All three end up with the two others
 * in a new group, Ben included, and each screen ends the exchange. Runs on the embedded broker,
 * or on Mosquitto when MQTT_URL is set (.ci/run).
 */
const BROKER = process.env.MQTT_URL ? 'Mosquitto (MQTT_URL)' : 'the embedded broker';

async function englishContext(browser: Browser, server: E2eServer, token?: string): Promise<BrowserContext> {
  const context = await newPhoneContext(browser, server.url, { locale: 'en-US' });
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  if (token) await addSessionCookie(context, server, token);
  return context;
}

/** The page leads the sync worker and its live connection is up (so it hears the room's pushes). */
async function untilLive(page: Page): Promise<void> {
  await expect
    .poll(async () => ((await readMeta(page, 'liveState')) as { connected?: boolean } | null)?.connected, {
      timeout: 15_000,
    })
    .toBe(true);
}

const SHOTS = '/tmp/shots/wt-polish';
mkdirSync(SHOTS, { recursive: true });

const count = (page: Page) => page.getByTestId('exchange-count').innerText();

/** The names listed on /friendsList in the selected group tab. */
async function namesInSelectedGroup(page: Page): Promise<string[]> {
  await page.waitForURL(/\/friendsList/, { timeout: 20_000 });
  const tab = page.getByRole('tab', { selected: true });
  await expect.poll(() => tab.innerText(), { timeout: 20_000 }).toMatch(/Tech Summit/);
  const names = page.getByTestId('friend-item').locator('.friend-title');
  await expect.poll(() => names.count(), { timeout: 20_000 }).toBe(2);
  return (await names.allInnerTexts()).sort();
}

describe(`group card exchange over ${BROKER}`, () => {
  let server: E2eServer;
  let browser: Browser;
  let scanner: Browser | null = null;
  const dir = mkdtempSync(join(tmpdir(), 'cardbook-exchange-'));

  beforeAll(async () => {
    server = await startServer({ pushTransport: pushTransportFromEnv() });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await scanner?.close();
    await browser?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exchanges everyone who joined, the one who left included, and ends on every screen', async () => {
    const host = await userWithCard(server, 'Hana Host');
    const ben = await userWithCard(server, 'Ben Typed');
    const ann = await registerViaApi(server); // no card yet, and signed out in her browser

    // The host opens a room with a name and a joiner password.
    const hostContext = await englishContext(browser, server, host.token);
    const hostPage = await hostContext.newPage();
    await hostPage.goto('/');
    await hostPage.getByRole('link', { name: 'Group exchange' }).click();
    await hostPage.getByLabel('Event name (optional)').fill('Tech Summit');
    await hostPage.getByLabel('Joiner password (optional)').fill('kiwi');
    await hostPage.getByRole('button', { name: 'Open a room' }).click();
    await hostPage.getByTestId('exchange-host').waitFor();
    await expect.poll(() => hostPage.getByTestId('qr-code').count()).toBe(1);
    const shownCode = (await hostPage.getByTestId('exchange-code').innerText()).replace(/^Room code\s*/, '');
    expect(shownCode).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    const code = shownCode.replace('-', '');
    expect(hostPage.url()).toMatch(new RegExp(`/ex/${code}$`));
    await untilLive(hostPage);
    expect(await count(hostPage)).toBe('1 in the room');

    // Ann scans the room's QR code (the same link the host's screen draws) with the fake camera.
    const video = join(dir, 'room.y4m');
    writeQrVideo(video, `${server.url}/ex/${code}`);
    scanner = await launchBrowser(fakeCamera(video));
    const annContext = await englishContext(scanner, server);
    await annContext.grantPermissions(['camera'], { origin: server.url });
    const annPage = await annContext.newPage();
    await annPage.goto('/scanqrcode');
    await annPage.waitForURL(new RegExp(`/ex/${code}$`), { timeout: 20_000 });
    // Signed out: sign in, and come back to the room.
    await annPage.getByTestId('exchange-sign-in').getByRole('link', { name: 'Sign in' }).click();
    await annPage.getByLabel('Email').fill(ann.email);
    await annPage.getByLabel('Password', { exact: true }).fill(ann.password);
    await annPage.getByRole('button', { name: 'Log in', exact: true }).click();
    await annPage.waitForURL(new RegExp(`/ex/${code}$`), { timeout: 20_000 });
    await annPage.getByLabel('Room password').fill('kiwi');
    await annPage.getByRole('button', { name: 'Join', exact: true }).click();
    // No card yet: a quick one first, then she is in.
    await annPage.getByTestId('exchange-quick-card').waitFor();
    await annPage.getByLabel('Name').fill('Ann Scanned');
    await annPage.getByLabel('Phone or email').fill('+852 9123 4567');
    await annPage.getByRole('button', { name: 'Save and join' }).click();
    await annPage.getByTestId('exchange-waiting').waitFor({ timeout: 20_000 });
    await untilLive(annPage);
    await expect.poll(() => count(hostPage), { timeout: 10_000 }).toBe('2 in the room');

    // Ben types the code, loosely, and the wrong password first.
    const benContext = await englishContext(browser, server, ben.token);
    const benPage = await benContext.newPage();
    await benPage.goto('/exchange');
    await benPage.getByLabel('Room code').fill(`${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`);
    await benPage.getByRole('button', { name: 'Join', exact: true }).click();
    await benPage.waitForURL(new RegExp(`/ex/${code}$`));
    // Before joining he sees where he is going: the event and its host, and the password it asks for.
    await expect.poll(() => benPage.getByTestId('exchange-event').innerText()).toBe('Tech Summit');
    expect(await benPage.getByTestId('exchange-host-name').innerText()).toBe('Hana Host');
    await benPage.getByText('This room has a password: ask the host for it').waitFor();
    await benPage.screenshot({ path: `${SHOTS}/join-password-en.png` });
    await benPage.getByLabel('Room password').fill('apple');
    await benPage.getByRole('button', { name: 'Join', exact: true }).click();
    await benPage.getByText('Wrong room password').waitFor();
    await benPage.getByLabel('Room password').fill('kiwi');
    await benPage.getByRole('button', { name: 'Join', exact: true }).click();
    await benPage.getByTestId('exchange-waiting').waitFor();
    await untilLive(benPage);

    // Everyone sees the count change live (a push, not the 15 s poll).
    await expect.poll(() => count(hostPage), { timeout: 5_000 }).toBe('3 in the room');
    await expect.poll(() => count(annPage), { timeout: 5_000 }).toBe('3 in the room');
    await expect
      .poll(() => hostPage.getByTestId('exchange-faces').innerText(), { timeout: 5_000 })
      .toContain('Ben Typed');

    // Ben leaves; he will still be exchanged.
    await benPage.getByRole('button', { name: 'Leave the room' }).click();
    await benPage.getByRole('dialog').getByRole('button', { name: 'Leave the room' }).click();
    await benPage.getByTestId('exchange-left').waitFor();
    await expect.poll(() => count(hostPage), { timeout: 5_000 }).toBe('2 in the room');
    await expect.poll(() => count(annPage), { timeout: 5_000 }).toBe('2 in the room');

    // The kept room survives a reload, and the live connection follows it again.
    await annPage.reload();
    await annPage.getByTestId('exchange-waiting').waitFor();
    expect(await readMeta(annPage, 'exchangeGroup')).toBeGreaterThan(0);
    await untilLive(annPage);

    // The host starts, after a confirm.
    await hostPage.getByRole('button', { name: 'Start the exchange' }).click();
    await hostPage.getByRole('dialog').getByRole('button', { name: 'Start the exchange' }).click();

    // Every screen ends the exchange on the new group, holding the two others.
    expect(await namesInSelectedGroup(hostPage)).toEqual(['Ann Scanned', 'Ben Typed']);
    expect(await namesInSelectedGroup(annPage)).toEqual(['Ben Typed', 'Hana Host']);
    expect(await namesInSelectedGroup(benPage)).toEqual(['Ann Scanned', 'Hana Host']);
    // Ann's device no longer follows the room (SPEC §4: group id back to 0).
    await expect.poll(() => readMeta(annPage, 'exchangeGroup'), { timeout: 5_000 }).toBe(0);

    await Promise.all([hostContext.close(), annContext.close(), benContext.close()]);
  });

  it('shows a joiner the event and its host, asks no password of a room without one, and writes times in Chinese', async () => {
    const host = await userWithCard(server, '何主持');
    const guest = await userWithCard(server, '陳來賓');
    const made = await postJson<ExchangeRoom>(server, '/api/exchange/create', { name: '貿易展晚宴' }, host.token);
    expect(made.status).toBe(200);
    // A phone set to English, the app to Chinese: the app's language decides how times are written.
    const context = await newPhoneContext(browser, server.url, { locale: 'en-US' });
    await context.addInitScript(() => localStorage.setItem('lang', 'hk'));
    await addSessionCookie(context, server, guest.token);
    const page = await context.newPage();
    await page.goto(`/ex/${made.body.data.room_code}`);
    await page.getByRole('heading', { name: '加入名片交換' }).waitFor();
    await expect.poll(() => page.getByTestId('exchange-event').innerText()).toBe('貿易展晚宴');
    expect(await page.getByTestId('exchange-host-name').innerText()).toBe('何主持');
    expect(await page.getByLabel('房間密碼').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/join-open-hk.png` });
    await page.getByRole('button', { name: '加入', exact: true }).click();
    await page.getByTestId('exchange-waiting').waitFor();
    const until = await page.getByText(/^開放至/).innerText();
    expect(until).toMatch(/^開放至 (上午|下午)\s?\d{1,2}:\d{2}$/);
    await context.close();
  });
});
