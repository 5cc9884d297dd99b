import { describe, expect, it } from 'vitest';
import { newPhoneContext, takeCspViolations } from './support/browser';
import { serverAndBrowser } from './support/suite';

/**
 * The Content-Security-Policy in a real browser: the app's pages carry it and run under it
 * (every other end-to-end file fails on a violation), and the watch that makes them fail
 * does see one.
 */
describe('content security policy', () => {
  const { server, browser } = serverAndBrowser();

  it('serves the app under the policy', async () => {
    const context = await newPhoneContext(browser, server.url, { serviceWorkers: 'allow', locale: 'en-US' });
    const page = await context.newPage();
    const res = await page.goto('/login');
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    await expect.poll(() => page.locator('input[type=password]').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('refuses an injected inline script, and the suite notices', async () => {
    const context = await newPhoneContext(browser, server.url, { serviceWorkers: 'allow', locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/login');
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      // An inline script runs as it is inserted, or never.
      document.body.append(script);
      return Reflect.get(window, '__injected') === true;
    });
    expect(ran).toBe(false);
    const seen: string[] = [];
    await expect
      .poll(() => {
        seen.push(...takeCspViolations());
        return seen.length;
      })
      .toBeGreaterThan(0);
    await context.close();
    seen.push(...takeCspViolations()); // the event and the console line may both report it
    expect(seen.join('\n')).toMatch(/script-src/);
  });
});
