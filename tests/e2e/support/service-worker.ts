import type { Page } from 'playwright-core';

/**
 * Resolves once the app's service worker controls `page`, so it opens with no network from now
 * on. A page that loaded while the worker was still activating is controlled only from its next
 * load: it is reloaded once.
 */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}
