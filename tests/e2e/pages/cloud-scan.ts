import type { Locator, Page } from 'playwright-core';
import { appDatabase } from '../support/idb';

/** The scans table as the app keeps it (IndexedDB `cardbook`), oldest first, for states a user cannot see. */
export const scanStates = async (page: Page): Promise<string[]> => {
  // Never before the app has opened its database: the name would fall back to another one.
  await appDatabase(page);
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(document.documentElement.dataset.db ?? 'cardbook');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('scans').objectStore('scans').getAll();
          all.onsuccess = () => {
            resolve(
              (all.result as { status: string; createdAt: number }[])
                .sort((a, b) => a.createdAt - b.createdAt)
                .map((s) => s.status),
            );
            db.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
};

/** /cloud/create: the event-mode scanner and its review queue, by what a user sees (English). */
export class CloudScanPage {
  readonly shutter: Locator;
  readonly files: Locator;
  readonly cameraTab: Locator;
  readonly reviewTab: Locator;
  readonly readiness: Locator;
  readonly items: Locator;
  readonly saveAll: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.shutter = page.getByRole('button', { name: 'Take a shot' });
    this.files = page.getByTestId('scan-files');
    this.cameraTab = page.getByRole('tab', { name: /^Camera/ });
    this.reviewTab = page.getByRole('tab', { name: /^Review/ });
    this.readiness = page.getByTestId('ocr-readiness');
    this.items = page.getByTestId('scan-item');
    this.saveAll = page.getByRole('button', { name: /^Save all ready/ });
    this.notice = page.getByTestId('shot-notice');
  }

  async open(): Promise<void> {
    await this.page.goto('/cloud/create');
    await this.page.getByRole('heading', { name: 'Scan cards', level: 1 }).waitFor({ timeout: 20_000 });
  }

  /** Waits for the live camera, then takes one shot. */
  async shoot(): Promise<void> {
    await this.page.waitForFunction(
      () => {
        const button = [...document.querySelectorAll('button')].find((b) => b.ariaLabel === 'Take a shot');
        return button !== undefined && !button.disabled;
      },
      undefined,
      { timeout: 20_000 },
    );
    await this.shutter.click();
  }

  async addPhotos(paths: string[]): Promise<void> {
    await this.files.setInputFiles(paths);
  }

  /** The status line of each scan in the review queue, newest first. */
  async statuses(): Promise<string[]> {
    return this.page.getByTestId('scan-status').allTextContents();
  }

  async review(): Promise<void> {
    await this.reviewTab.click();
  }

  /** In the review queue: opens the scan at `index` and sets a row's value (adding a row if it has none). */
  async correct(index: number, key: string, value: string): Promise<void> {
    const item = this.items.nth(index);
    await item.getByRole('button', { name: 'Correct' }).click();
    const field = item.getByRole('textbox', { name: new RegExp(`^Text of Item \\d+: ${key}$`) });
    if ((await field.count()) === 0) await item.getByRole('button', { name: 'Add an item' }).click();
    await field.first().fill(value);
    await item.getByRole('button', { name: 'Done' }).first().click();
  }
}
