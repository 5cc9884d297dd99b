import { describe, expect, it } from 'vitest';
import { FeedbackPage } from './pages/feedback';
import { addSessionCookie, registerViaApi } from './support/api';
import { newPhoneContext } from './support/browser';
import { solidPng } from './support/files';
import { readMeta, syncedSince } from './support/idb';
import { serverAndBrowser } from './support/suite';

/**
 * Feedback (issue 16): the SPEC §5 rules on the form; a message with an image written with no
 * network waits on the phone and arrives exactly once, with its image, after reconnecting.
 */
describe('feedback', () => {
  const { server, browser } = serverAndBrowser();

  it('is sent offline with an image and arrives once after reconnecting', async () => {
    const user = await registerViaApi(server);
    const context = await newPhoneContext(browser, server.url, {
      serviceWorkers: 'allow',
      cutWhenOffline: true,
      locale: 'en-US',
    });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await addSessionCookie(context, server, user.token);
    const page = await context.newPage();
    const feedback = new FeedbackPage(page);
    await feedback.open();

    // The rules, before anything is sent.
    await feedback.send();
    await feedback.error('Please write your message').waitFor();
    await feedback.error('Please give a phone number or an email so we can reply').waitFor();
    await feedback.error('Please agree to the terms first').waitFor();

    await context.setOffline(true);
    await feedback.write({ content: 'Scanning in a dark hall misses the phone number', contact: '+852 9123 4567' });
    await feedback.addImage({
      name: 'hall.png',
      mimeType: 'image/png',
      buffer: await solidPng(320, 200, '#334155'),
    });
    await expect.poll(() => feedback.removeImageButton(1).count()).toBe(1);
    await feedback.agreeAndSend();
    await feedback.waiting.waitFor();

    const rows = () =>
      server.app.services.db.query<{ content: string; images: string[] | string }>(
        'select content, images from feedback where user_id = $1',
        [user.id],
      );
    expect(await rows()).toEqual([]);

    await context.setOffline(false);
    // Sent on the browser's "online" event, or at the latest by the next retry (backoff capped at
    // 30 s); a busy CI machine once took longer than 40 s (alone this takes a few seconds).
    await expect
      .poll(async () => (await rows()).length, { timeout: 60_000 })
      .toBe(1)
      .catch(async (err: unknown) => {
        // Seen once in a few dozen runs beside other test files: say where the sync stood.
        const where = await page.evaluate(async () => ({
          role: document.documentElement.dataset.syncRole,
          db: document.documentElement.dataset.db,
          locks: await navigator.locks.query(),
        }));
        throw new Error(
          `not sent; sync state ${JSON.stringify(await readMeta(page, 'syncState'))}, ${JSON.stringify(where)}: ${String(err)}`,
        );
      });
    // The page follows the outbox: once the message has gone it says so, and no longer that it waits.
    await feedback.sent.waitFor();
    expect(await feedback.waiting.count()).toBe(0);
    const [row] = await rows();
    const images = typeof row?.images === 'string' ? (JSON.parse(row.images) as string[]) : (row?.images ?? []);
    expect(row?.content).toBe('Scanning in a dark hall misses the phone number');
    expect(images).toHaveLength(1);
    const image = await page.request.get(`${server.url}${images[0]}`);
    expect(image.headers()['content-type']).toBe('image/webp');

    // Reloading, and a whole sync after it, sends nothing twice.
    const reloadedAt = await page.evaluate(() => Date.now());
    await page.reload();
    await syncedSince(page, reloadedAt);
    expect(await rows()).toHaveLength(1);
    await context.close();
  });

  it('says it was sent once the server has it, in Chinese', async () => {
    const user = await registerViaApi(server);
    const context = await newPhoneContext(browser, server.url, { serviceWorkers: 'allow', cutWhenOffline: true });
    await addSessionCookie(context, server, user.token);
    const feedback = new FeedbackPage(await context.newPage(), 'hk');
    await feedback.open();
    await feedback.write({ content: '掃描名片時電話號碼讀錯了', contact: '+852 9123 4567' });
    await feedback.agreeAndSend();
    await feedback.sent.waitFor();
    expect(await feedback.waiting.count()).toBe(0);
    const rows = await server.app.services.db.query('select id from feedback where user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    await context.close();
  });
});
