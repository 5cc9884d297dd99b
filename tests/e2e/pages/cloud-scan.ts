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

  /**
   * Waits until offline scanning is prepared (the engine and language files cached). A failure
   * says where it stood ("Preparing… 40%", or the failure notice).
   */
  async waitUntilPrepared(timeout = 90_000): Promise<void> {
    try {
      await this.page.locator('[data-testid="ocr-readiness"][data-state="ready"]').waitFor({ timeout });
    } catch (error) {
      const text = await this.readiness.textContent({ timeout: 1_000 }).catch(() => null);
      throw new Error(`offline scanning not prepared in ${timeout} ms; the screen says: ${text}`, { cause: error });
    }
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

/**
 * The accessible names of /cloud/create's review queue, in the app's English ('en') and
 * Traditional Chinese ('hk'), from src/i18n/locales/{en,hk}/cardscan.json. Screen authors: keep
 * these, or change them here too.
 */
const SCAN_QUEUE_NAMES = {
  en: {
    review: /^Review/,
    save: 'Save',
    savedOnPhone: 'Saved on this phone; it will be added to your account when you sign in',
  },
  hk: {
    review: /^待確認/,
    save: '保存',
    savedOnPhone: '已保存在此手機，登入後會加入你的帳戶',
  },
} as const;

export type ScanQueueLang = keyof typeof SCAN_QUEUE_NAMES;

/**
 * /cloud/create's photos and review queue, in English or Traditional Chinese, signed in or out
 * (CloudScanPage above is the English scanner with its camera). Accessible names it expects, in
 * English (the same in Chinese from SCAN_QUEUE_NAMES):
 *   - a tab whose name starts with 'Review' (the count of shots follows it)
 *   - on each scan in the queue, a button named exactly 'Save'
 *   - signed out, a card saved says 'Saved on this phone; it will be added to your account when
 *     you sign in'
 * and the test ids `scan-files` (the photo input), `scan-item` (each scan in the queue, its
 * state in `data-status`, e.g. 'ready') and `signed-out-note` (the note shown signed out).
 */
export class ScanQueuePage {
  readonly files: Locator;
  readonly reviewTab: Locator;
  readonly items: Locator;
  readonly signedOutNote: Locator;
  readonly savedOnPhone: Locator;
  readonly names: (typeof SCAN_QUEUE_NAMES)[ScanQueueLang];

  constructor(
    readonly page: Page,
    lang: ScanQueueLang = 'en',
  ) {
    const names = SCAN_QUEUE_NAMES[lang];
    this.names = names;
    this.files = page.getByTestId('scan-files');
    this.reviewTab = page.getByRole('tab', { name: names.review });
    this.items = page.getByTestId('scan-item');
    this.signedOutNote = page.getByTestId('signed-out-note');
    this.savedOnPhone = page.getByText(names.savedOnPhone);
  }

  async open(): Promise<void> {
    await this.page.goto('/cloud/create');
  }

  async addPhotos(paths: string[]): Promise<void> {
    await this.files.setInputFiles(paths);
  }

  async review(): Promise<void> {
    await this.reviewTab.click();
  }

  /** The state of each scan in the queue (`data-status`), in the queue's order. */
  async itemStates(): Promise<(string | null)[]> {
    return this.items.evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
  }

  /** Saves one scan of the queue (e.g. `items.last()`). */
  async save(item: Locator): Promise<void> {
    await item.getByRole('button', { name: this.names.save, exact: true }).click();
  }
}
