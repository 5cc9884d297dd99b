import type { Page } from 'playwright-core';

type Router = { navigate(options: { href: string }): Promise<void> };

/**
 * Opens `path` in the running app as a tap on a link does (the router moves, nothing reloads),
 * and resolves once the router has loaded it and anything it redirected to; the first visit,
 * with no app yet, is an ordinary page load. For sweeps over many routes, where a reload of
 * the whole app per route would only repeat its start-up.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const running = await page.evaluate(() => '__TSR_ROUTER__' in window).catch(() => false);
  if (!running) {
    await page.goto(path);
    return;
  }
  const navigate = () =>
    page.evaluate(async (href) => {
      const router = Reflect.get(window, '__TSR_ROUTER__') as Router;
      await router.navigate({ href });
    }, path);
  try {
    await navigate();
  } catch (error) {
    // The page was loading another document when asked: the route before this one sends the
    // browser elsewhere by itself once its request is answered (/dominHandle's location.replace),
    // and that answer came late. Open this route once that page has loaded.
    if (!String(error).includes('Execution context was destroyed')) throw error;
    await page.waitForLoadState('load');
    await openInApp(page, path);
  }
}
