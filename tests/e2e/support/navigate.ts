import type { Page } from 'playwright-core';

type Router = { navigate(options: { href: string }): Promise<void> };

/**
 * The page was loading another document when asked: the route before this one sends the
 * browser elsewhere by itself once its request is answered (/dominHandle's location.replace),
 * and that answer came late, in the middle of our own navigation.
 */
function overtaken(error: unknown): boolean {
  const message = String(error);
  return message.includes('Execution context was destroyed') || message.includes('interrupted by another navigation');
}

/**
 * Opens `path` in the running app as a tap on a link does (the router moves, nothing reloads),
 * and resolves once the router has loaded it and anything it redirected to; the first visit,
 * with no app yet, is an ordinary page load. For sweeps over many routes, where a reload of
 * the whole app per route would only repeat its start-up.
 */
export async function openInApp(page: Page, path: string, attempts = 3): Promise<void> {
  try {
    const running = await page.evaluate(() => '__TSR_ROUTER__' in window);
    if (!running) {
      await page.goto(path);
      return;
    }
    await page.evaluate(async (href) => {
      const router = Reflect.get(window, '__TSR_ROUTER__') as Router;
      await router.navigate({ href });
    }, path);
  } catch (error) {
    if (attempts <= 1 || !overtaken(error)) throw error;
    // Open this route once the page that overtook it has loaded.
    await page.waitForLoadState('load');
    await openInApp(page, path, attempts - 1);
  }
}
