import { chromium } from 'playwright-core';

/**
 * Dev tool: `tsx scripts/screenshot.ts URL OUT.png` takes a 390×844 phone screenshot in
 * Debian's Chromium, to look at a screen by eye.
 */
const [url = 'http://localhost:8080/', out = '/tmp/screen.png'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true });
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: out });
await browser.close();
console.log(out);
