import type { Locator, Page } from 'playwright-core';

/** /friendsList, /friendsCategory and the friend card overlay, by the names a user sees (English). */
export class FriendsPages {
  readonly list: Locator;
  readonly tabs: Locator;
  readonly overlay: Locator;
  readonly pending: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByTestId('friend-list');
    this.tabs = page.getByRole('tablist', { name: 'Friend groups' });
    this.overlay = page.getByRole('dialog', { name: 'Business card details' });
    this.pending = page.getByTestId('sync-pending');
  }

  friend(title: string): Locator {
    return this.list.getByRole('button', { name: title });
  }

  tab(name: RegExp): Locator {
    return this.tabs.getByRole('tab', { name });
  }

  async titles(): Promise<string[]> {
    return this.list.locator('.friend-title').allTextContents();
  }

  async open(title: string): Promise<void> {
    await this.friend(title).click();
    await this.overlay.waitFor();
  }

  async setRemark(remark: string): Promise<void> {
    await this.overlay.getByLabel('Remark').fill(remark);
    await this.overlay.getByRole('button', { name: 'Save remark' }).click();
  }

  async toGroup(action: 'Copy to group' | 'Move to group', group: string): Promise<void> {
    await this.overlay.getByRole('button', { name: action }).click();
    await this.page.getByRole('dialog', { name: action }).getByRole('button', { name: group, exact: true }).click();
  }

  async close(): Promise<void> {
    await this.overlay.getByRole('button', { name: 'Close' }).click();
    await this.overlay.waitFor({ state: 'detached' });
  }
}
