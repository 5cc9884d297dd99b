import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeRoom } from '../../src/api';
import { LoginPage } from './pages/account';
import { ExchangePages } from './pages/exchange';
import { FriendsPages } from './pages/friends';
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

/** The names listed on /friendsList in the selected group tab. */
async function namesInSelectedGroup(page: Page): Promise<string[]> {
  const friends = new FriendsPages(page);
  await page.waitForURL(/\/friendsList/, { timeout: 20_000 });
  const tab = friends.tabs.getByRole('tab', { selected: true });
  await expect.poll(() => tab.innerText(), { timeout: 20_000 }).toMatch(/Tech Summit/);
  await expect.poll(async () => (await friends.titles()).length, { timeout: 20_000 }).toBe(2);
  return (await friends.titles()).sort();
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
    const hostRoom = new ExchangePages(hostPage);
    await hostRoom.openFromHome();
    await hostRoom.openRoom('Tech Summit', 'kiwi');
    await hostRoom.hostRoom.waitFor();
    await expect.poll(() => hostRoom.qr.count()).toBe(1);
    const shownCode = await hostRoom.shownCode();
    expect(shownCode).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    const code = shownCode.replace('-', '');
    expect(hostPage.url()).toMatch(new RegExp(`/ex/${code}$`));
    await untilLive(hostPage);
    expect(await hostRoom.countText()).toBe('1 in the room');

    // Ann scans the room's QR code (the same link the host's screen draws) with the fake camera.
    const video = join(dir, 'room.y4m');
    writeQrVideo(video, `${server.url}/ex/${code}`);
    scanner = await launchBrowser(fakeCamera(video));
    const annContext = await englishContext(scanner, server);
    await annContext.grantPermissions(['camera'], { origin: server.url });
    const annPage = await annContext.newPage();
    const annRoom = new ExchangePages(annPage);
    await annPage.goto('/scanqrcode');
    await annPage.waitForURL(new RegExp(`/ex/${code}$`), { timeout: 20_000 });
    // Signed out: sign in, and come back to the room.
    await annRoom.signInLink.click();
    await new LoginPage(annPage).logIn(ann.email, ann.password);
    await annPage.waitForURL(new RegExp(`/ex/${code}$`), { timeout: 20_000 });
    await annRoom.joinWithPassword('kiwi');
    // No card yet: a quick one first, then she is in.
    await annRoom.makeQuickCard('Ann Scanned', '+852 9123 4567');
    await annRoom.waitingRoom.waitFor({ timeout: 20_000 });
    await untilLive(annPage);
    await expect.poll(() => hostRoom.countText(), { timeout: 10_000 }).toBe('2 in the room');

    // Ben types the code, loosely, and the wrong password first.
    const benContext = await englishContext(browser, server, ben.token);
    const benPage = await benContext.newPage();
    const benRoom = new ExchangePages(benPage);
    await benRoom.openStart();
    await benRoom.joinByCode(`${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`);
    await benPage.waitForURL(new RegExp(`/ex/${code}$`));
    // Before joining he sees where he is going: the event and its host, and the password it asks for.
    await expect.poll(() => benRoom.event.innerText()).toBe('Tech Summit');
    expect(await benRoom.hostName.innerText()).toBe('Hana Host');
    await benRoom.passwordHint.waitFor();
    await benPage.screenshot({ path: `${SHOTS}/join-password-en.png` });
    await benRoom.joinWithPassword('apple');
    await benRoom.joinError.filter({ hasText: 'Wrong room password' }).waitFor();
    await benRoom.joinWithPassword('kiwi');
    await benRoom.waitingRoom.waitFor();
    await untilLive(benPage);

    // Everyone sees the count change live (a push, not the 15 s poll).
    await expect.poll(() => hostRoom.countText(), { timeout: 5_000 }).toBe('3 in the room');
    await expect.poll(() => annRoom.countText(), { timeout: 5_000 }).toBe('3 in the room');
    await expect.poll(() => hostRoom.faces.innerText(), { timeout: 5_000 }).toContain('Ben Typed');

    // Ben leaves; he will still be exchanged.
    await benRoom.leave();
    await benRoom.leftRoom.waitFor();
    await expect.poll(() => hostRoom.countText(), { timeout: 5_000 }).toBe('2 in the room');
    await expect.poll(() => annRoom.countText(), { timeout: 5_000 }).toBe('2 in the room');

    // The kept room survives a reload, and the live connection follows it again.
    await annPage.reload();
    await annRoom.waitingRoom.waitFor();
    expect(await readMeta(annPage, 'exchangeGroup')).toBeGreaterThan(0);
    await untilLive(annPage);

    // The host starts, after a confirm.
    await hostRoom.start();

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
    const room = new ExchangePages(page, 'hk');
    await page.goto(`/ex/${made.body.data.room_code}`);
    await room.joinHeading.waitFor();
    await expect.poll(() => room.event.innerText()).toBe('貿易展晚宴');
    expect(await room.hostName.innerText()).toBe('何主持');
    expect(await room.roomPassword.count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/join-open-hk.png` });
    await room.joinButton.click();
    await room.waitingRoom.waitFor();
    const until = await room.until.innerText();
    expect(until).toMatch(/^開放至 (上午|下午)\s?\d{1,2}:\d{2}$/);
    await context.close();
  });
});
