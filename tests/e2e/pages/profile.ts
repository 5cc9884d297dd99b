import type { Locator, Page } from 'playwright-core';

/** /myProfile and /editMyProfile in English. */
export class ProfilePages {
  readonly details: Locator;
  readonly fullName: Locator;
  readonly save: Locator;
  readonly pending: Locator;

  constructor(readonly page: Page) {
    this.details = page.getByTestId('profile-details');
    this.fullName = page.getByLabel('Name', { exact: true });
    this.save = page.getByRole('button', { name: 'Save' });
    this.pending = page.getByTestId('sync-pending');
  }

  async editName(name: string): Promise<void> {
    await this.page.getByRole('link', { name: 'Edit', exact: true }).click();
    await this.fullName.fill(name);
    await this.save.click();
    await this.page.waitForURL('**/myProfile');
  }
}
