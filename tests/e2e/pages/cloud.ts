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
