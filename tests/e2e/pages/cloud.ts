import type { Locator, Page } from 'playwright-core';

/** /cloud/list, /cloud/search, /cloud/category/list and the cloud-card overlay, by what a user sees (English). */
export class CloudPages {
  readonly list: Locator;
  readonly overlay: Locator;
  readonly search: Locator;
  readonly groupRows: Locator;
  readonly undo: Locator;
  readonly pending: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByTestId('cloud-list');
    this.overlay = page.getByRole('dialog', { name: 'Cloud card details' });
    this.search = page.getByRole('searchbox', { name: /Search anything/ });
    this.groupRows = page.getByTestId('cloud-group-row');
    this.undo = page.getByTestId('cloud-undo');
    this.pending = page.getByTestId('sync-pending');
  }

  card(title: string): Locator {
    return this.page.getByTestId('cloud-item').filter({ has: this.page.locator('.friend-title', { hasText: title }) });
  }

  /** The list's lines in order: headings as "# name", cards by title. */
  async lines(): Promise<string[]> {
    return this.list
      .locator('.cloud-section-head h2, .cloud-item .friend-title')
      .evaluateAll((els) =>
        els.map((el) => (el.tagName === 'H2' ? `# ${el.firstChild?.textContent ?? ''}` : (el.textContent ?? ''))),
      );
  }

  async open(title: string): Promise<void> {
    await this.card(title).click();
    await this.overlay.waitFor();
  }

  async close(): Promise<void> {
    await this.overlay.getByRole('button', { name: 'Close' }).click();
    await this.overlay.waitFor({ state: 'detached' });
  }

  /** In the overlay: edit, change the value of the row labelled `key` (e.g. "Position"), save. */
  async editRow(key: string, value: string): Promise<void> {
    await this.overlay.getByRole('button', { name: 'Edit' }).click();
    await this.overlay.getByRole('textbox', { name: new RegExp(`^Text of Item \\d+: ${key}$`) }).fill(value);
    await this.overlay.getByRole('button', { name: 'Save' }).click();
    await this.overlay.getByRole('button', { name: 'Edit' }).waitFor();
  }

  async deleteOpen(): Promise<void> {
    await this.overlay.getByRole('button', { name: 'Delete card' }).click();
    await this.overlay.waitFor({ state: 'detached' });
  }

  async gotoList(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cloud cards' }).click();
    await this.page.getByRole('heading', { name: 'Cloud cards', level: 1 }).waitFor();
  }

  async addGroup(name: string): Promise<void> {
    await this.page.getByPlaceholder('New group').fill(name);
    await this.page.getByRole('button', { name: 'Add', exact: true }).click();
    await this.groupRows.filter({ hasText: name }).waitFor();
  }

  async groupNames(): Promise<string[]> {
    return this.groupRows.locator('strong').allTextContents();
  }

  async renameGroup(from: string, to: string): Promise<void> {
    await this.groupRows.filter({ hasText: from }).getByRole('button', { name: 'Rename' }).click();
    await this.page.getByLabel(`New name for ${from}`).fill(to);
    await this.page.getByRole('button', { name: 'Save' }).click();
    await this.groupRows.filter({ hasText: to }).waitFor();
  }

  /** Selects the cards with these titles and moves them to `group`. */
  async moveCards(titles: string[], group: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Select cards' }).click();
    for (const title of titles) await this.page.getByRole('checkbox', { name: `Select ${title}` }).check();
    await this.page.getByRole('button', { name: 'Move to group' }).click();
    await this.page
      .getByRole('dialog', { name: 'Choose a group' })
      .getByRole('button', { name: group, exact: true })
      .click();
    await this.page.getByRole('button', { name: 'Select cards' }).waitFor();
  }
}

/**
 * The accessible names of a cloud card's overlay, in the app's English ('en') and Traditional
 * Chinese ('hk'), from src/i18n/locales/{en,hk}/cloud.json and card.json. Screen authors: keep
 * these, or change them here too.
 */
const CLOUD_CARD_NAMES = {
  en: {
    overlay: 'Cloud card details',
    edit: 'Edit',
    save: 'Save',
    del: 'Delete card',
    website: /^Text of Item \d+: Website$/,
  },
  hk: {
    overlay: '雲名片詳情',
    edit: '編輯',
    save: '保存',
    del: '刪除名片',
    website: /^第 \d+ 項：網站的內容$/,
  },
} as const;

export type CloudCardLang = keyof typeof CLOUD_CARD_NAMES;

/**
 * /cloud/list and a cloud card's overlay, in English or Traditional Chinese: opening a card,
 * editing its rows, deleting it (CloudPages above is the English list with its groups, search
 * and moves). Accessible names it expects, in English (the same in Chinese from CLOUD_CARD_NAMES):
 *   - the overlay: a dialog named 'Cloud card details' with buttons named 'Edit', 'Save' (while
 *     editing) and 'Delete card'
 *   - while editing, each row's text is a textbox named 'Text of Item {n}: {key}' (the website's
 *     key is 'Website'); a refused one is aria-invalid, its message the element it is
 *     aria-describedby
 * and the test ids `cloud-item` (each card in the list, found by its text), `cloud-rows` (the
 * overlay's rows) and `cloud-undo` (the undo offered after a delete).
 */
export class CloudCardOverlay {
  readonly overlay: Locator;
  readonly editButton: Locator;
  readonly saveButton: Locator;
  readonly deleteButton: Locator;
  readonly website: Locator;
  readonly rows: Locator;
  readonly undo: Locator;

  constructor(
    readonly page: Page,
    lang: CloudCardLang = 'en',
  ) {
    const names = CLOUD_CARD_NAMES[lang];
    this.overlay = page.getByRole('dialog', { name: names.overlay });
    this.editButton = this.overlay.getByRole('button', { name: names.edit });
    this.saveButton = this.overlay.getByRole('button', { name: names.save });
    this.deleteButton = this.overlay.getByRole('button', { name: names.del });
    this.website = this.overlay.getByRole('textbox', { name: names.website });
    this.rows = this.overlay.getByTestId('cloud-rows');
    this.undo = page.getByTestId('cloud-undo');
  }

  async openList(): Promise<void> {
    await this.page.goto('/cloud/list');
  }

  /** The card in the list whose text holds `text` (its name, say). */
  item(text: string): Locator {
    return this.page.getByTestId('cloud-item').filter({ hasText: text });
  }

  /** Opens the card in the list whose text holds `text`. */
  async open(text: string): Promise<void> {
    await this.item(text).click();
    await this.overlay.waitFor();
  }

  /** In the overlay: 'Edit', which turns its rows into fields. */
  async edit(): Promise<void> {
    await this.editButton.click();
  }

  /** While editing: 'Save' (refused, the overlay stays in editing; saved, 'Edit' shows again). */
  async save(): Promise<void> {
    await this.saveButton.click();
  }

  /** Deletes the open card (undo is offered for a while); resolves once the overlay is gone. */
  async deleteOpen(): Promise<void> {
    await this.deleteButton.click();
    await this.overlay.waitFor({ state: 'detached' });
  }

  /** The text of what describes `field` (its aria-describedby), e.g. why it was refused. */
  async description(field: Locator): Promise<string | null> {
    const described = await field.getAttribute('aria-describedby');
    return this.page.locator(`[id="${described}"]`).textContent();
  }

  /**
   * The ids of the deletes kept on this device, not yet sent (IndexedDB meta `cloudDeletes`):
   * within the undo window, a delete waits there.
   */
  async pendingDeletes(): Promise<string[]> {
    return this.page.evaluate(async () => {
      const open = indexedDB.open(document.documentElement.dataset.db ?? 'cardbook');
      const idb = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const row = await new Promise<unknown>((resolve) => {
        const req = idb.transaction('meta').objectStore('meta').get('cloudDeletes');
        req.onsuccess = () => resolve(req.result);
      });
      idb.close();
      return (row as { value?: { id: string }[] } | undefined)?.value?.map((p) => p.id) ?? [];
    });
  }
}
