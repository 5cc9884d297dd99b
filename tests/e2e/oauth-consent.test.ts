import { describe, expect, it } from 'vitest';
import { DEMO_APP, DemoApp } from '../server/oauth-app';
import { LoginPage } from './pages/account';
import { AuthorizedAppsPage, OAuthConsentPage } from './pages/oauth-consent';
import { newPhoneContext } from './support/browser';
import { userWithCard } from './support/share-seed';
import { serverAndBrowser } from './support/suite';

/**
 * A registered app asks to read my card (issue 15): signed out, I sign in first and come back to
 * the consent screen at /oauth/confirm/web/demo-crm; I allow it, the app reads my card with the
 * token it was issued; I revoke it in account management and the token is refused. The app's
 * callback host does not exist: the test reads the URL the browser is sent back to, as the app would.
 */
describe('authorising an app', () => {
  const { server, browser } = serverAndBrowser({ oauthClients: [DEMO_APP] });

  it('allows an app, which reads my card; revoked, its token is refused', async () => {
    const user = await userWithCard(server, 'Grace Hopper');
    const demo = new DemoApp(server.url);
    const context = await newPhoneContext(browser, server.url, { locale: 'en-US' });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    const page = await context.newPage();

    await page.goto(await demo.authorizationUrl());
    await page.waitForURL((url) => url.pathname === '/login');
    await new LoginPage(page).logIn(user.email, user.password);

    const consent = new OAuthConsentPage(page);
    await consent.waitUntilShown('demo-crm');
    await consent.heading('Demo CRM').waitFor();
    await consent.cardScope.waitFor();
    const back = page.waitForRequest((req) => req.url().startsWith(DEMO_APP.redirect_uris[0] ?? '-'));
    await consent.allow();
    const token = await demo.redeem(new URL((await back).url()));
    expect(await demo.readCard(token)).toEqual({ status: 200, name: 'Grace Hopper' });

    // A new tab: this one is still failing to reach the app's (made-up) host.
    const apps = new AuthorizedAppsPage(await context.newPage());
    await apps.open();
    await apps.app('Demo CRM').waitFor();
    await apps.revoke('Demo CRM');
    await apps.none.waitFor();
    expect((await demo.readCard(token)).status).toBe(401);
    await context.close();
  });

  it('denied, the app is told so and gets nothing', async () => {
    const user = await userWithCard(server, 'Denise Denier');
    const demo = new DemoApp(server.url);
    const context = await newPhoneContext(browser, server.url, { locale: 'en-US' });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    const page = await context.newPage();
    const login = new LoginPage(page);
    await login.open();
    await login.logIn(user.email, user.password);
    await page.waitForURL(/\/userHome$/);

    await page.goto(await demo.authorizationUrl());
    const back = page.waitForRequest((req) => req.url().startsWith(DEMO_APP.redirect_uris[0] ?? '-'));
    await new OAuthConsentPage(page).deny();
    expect(new URL((await back).url()).searchParams.get('error')).toBe('access_denied');
    await context.close();
  });
});
