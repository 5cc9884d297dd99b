import { describe, expect, it } from 'vitest';
import { addSessionCookie, registerViaApi } from './support/api';
import { newPhoneContext } from './support/browser';
import { solidPng } from './support/files';
import { serverAndBrowser } from './support/suite';

/**
 * Feedback (issue 16): the SPEC §5 rules on the form; a message with an image written with no
 * network waits on the phone and arrives exactly once, with its image, after reconnecting.
 */
describe('feedback', () => {
  const { server, browser } = serverAndBrowser();

  it('is sent offline with an image and arrives once after reconnecting', async () => {
    const user = await registerViaApi(server);
    const context = await newPhoneContext(browser, server.url, { locale: 'en-US' });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await addSessionCookie(context, server, user.token);
    const page = await context.newPage();
    await page.goto('/suggestions');
    await page.getByRole('heading', { name: 'Feedback' }).waitFor();

    // The rules, before anything is sent.
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Please write your message').waitFor();
    await page.getByText('Please give a phone number or an email so we can reply').waitFor();
    await page.getByText('Please agree to the terms first').waitFor();

    await context.setOffline(true);
    await page.getByLabel('Your message').fill('Scanning in a dark hall misses the phone number');
    await page.getByLabel('Phone or email').fill('+852 9123 4567');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'hall.png',
      mimeType: 'image/png',
      buffer: await solidPng(320, 200, '#334155'),
    });
    await expect.poll(() => page.getByRole('button', { name: 'Remove image 1' }).count()).toBe(1);
    await page.getByLabel('I agree to the terms of use').check();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Saved. It will be sent when you are back online.').waitFor();

    const rows = () =>
      server.app.services.db.query<{ content: string; images: string[] | string }>(
        'select content, images from feedback where user_id = $1',
        [user.id],
      );
    await page.waitForTimeout(1500);
    expect(await rows()).toEqual([]);

    await context.setOffline(false);
    // Sent on the browser's "online" event, or at the latest by the next retry (backoff capped at 30 s).
    await expect.poll(async () => (await rows()).length, { timeout: 40_000 }).toBe(1);
    const [row] = await rows();
    const images = typeof row?.images === 'string' ? (JSON.parse(row.images) as string[]) : (row?.images ?? []);
    expect(row?.content).toBe('Scanning in a dark hall misses the phone number');
    expect(images).toHaveLength(1);
    const image = await page.request.get(`${server.url}${images[0]}`);
    expect(image.headers()['content-type']).toBe('image/webp');

    // Reloading and waiting sends nothing twice.
    await page.reload();
    await page.waitForTimeout(2000);
    expect(await rows()).toHaveLength(1);
    await context.close();
  });
});
