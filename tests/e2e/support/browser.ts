import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';
import { requireChromium } from './chromium';

/** Headless Chromium; `extraArgs` are added to the usual flags (e.g. a fake camera). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: requireChromium(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** A fresh profile on a phone-sized screen (390×844, touch), service workers allowed. */
export function newPhoneContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-TW',
    timezoneId: 'Asia/Hong_Kong',
    serviceWorkers: 'allow',
    ...options,
  });
}
