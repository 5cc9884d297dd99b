import { launchBrowser, newPhoneContext } from '../tests/e2e/support/browser';

/**
 * Dev tool: `tsx scripts/screenshot.ts URL OUT.png` takes a 390×844 phone screenshot in
 * Debian's Chromium (the same launch as the end-to-end tests), to look at a screen by eye.
 */
const [url = 'http://localhost:8080/', out = '/tmp/screen.png'] = process.argv.slice(2);
const browser = await launchBrowser();
const page = await (
  await newPhoneContext(browser, new URL(url).origin, { deviceScaleFactor: 2, serviceWorkers: 'allow' })
).newPage();
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: out });
await browser.close();
console.log(out);
