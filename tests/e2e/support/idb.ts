import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The name of the database the page's app opened, once it has. Reading before then would open
 * (and so create) a database the app has not chosen, which holds up its own start.
 */
export async function appDatabase(page: Page): Promise<string> {
  const name = await page.waitForFunction(() => document.documentElement.dataset.db, undefined, { timeout: 30_000 });
  return String(await name.jsonValue());
}

/**
 * A row of the app's IndexedDB `meta` table, read from the page without disturbing the app: a
 * database or table that does not exist yet reads as null, and the connection is always closed
 * (an open one would block the app's own schema upgrade).
 */
export async function readMeta(page: Page, key: string): Promise<unknown> {
  await appDatabase(page);
  return page.evaluate(
    (metaKey) =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open(document.documentElement.dataset.db ?? 'cardbook');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const idb = open.result;
          if (!idb.objectStoreNames.contains('meta')) {
            idb.close();
            resolve(null);
            return;
          }
          const get = idb.transaction('meta').objectStore('meta').get(metaKey);
          get.onsuccess = () => {
            idb.close();
            resolve((get.result as { value?: unknown } | undefined)?.value ?? null);
          };
          get.onerror = () => {
            idb.close();
            resolve(null);
          };
        };
      }),
    key,
  );
}

/**
 * Resolves once the app's sync has finished a whole cycle that ended after `since` (the page's
 * clock, epoch ms): the signal that whatever a sync would send or bring has happened.
 */
export async function syncedSince(page: Page, since: number): Promise<void> {
  await expect
    .poll(async () => {
      const state = (await readMeta(page, 'syncState')) as { lastSyncAt?: number; syncing?: boolean } | null;
      return (state?.lastSyncAt ?? 0) > since && state?.syncing === false;
    })
    .toBe(true);
}
