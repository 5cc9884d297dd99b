import type { Locator, Page } from 'playwright-core';

/**
 * /oauth/confirm/{platform}/{client_id}: a registered app asks to read my card, and I allow or
 * deny it, in English. Accessible names it expects (screen authors: keep these, or change them
 * here too):
 *   - a heading 'Allow {app} to see your card?' (e.g. 'Allow Demo CRM to see your card?')
 *   - the scope it asks for, in words: 'Read your card: name, company, contact details and photos'
 *   - buttons named 'Allow' and 'Deny'
 * Either button sends the browser back to the app's redirect URI: the caller waits for that
 * request (`page.waitForRequest`) before pressing one.
 */
export class OAuthConsentPage {
  readonly cardScope: Locator;
  readonly allowButton: Locator;
  readonly denyButton: Locator;

  constructor(readonly page: Page) {
    this.cardScope = page.getByText('Read your card: name, company, contact details and photos');
    this.allowButton = page.getByRole('button', { name: 'Allow' });
    this.denyButton = page.getByRole('button', { name: 'Deny' });
  }

  /** The consent screen's heading for the app named `app`. */
  heading(app: string): Locator {
    return this.page.getByRole('heading', { name: `Allow ${app} to see your card?` });
  }

  /** Waits to be on the consent screen of the client `clientId` (after signing in, say). */
  async waitUntilShown(clientId: string, platform = 'web'): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === `/oauth/confirm/${platform}/${clientId}`);
  }

  async allow(): Promise<void> {
    await this.allowButton.click();
  }

  async deny(): Promise<void> {
    await this.denyButton.click();
  }
}

/**
 * The apps I allowed, in account management (/accountManagement), in English. Accessible names
 * it expects:
 *   - a button named 'Revoke {app}' on each app, confirmed in a dialog by a button named 'Revoke'
 *   - the words 'No apps yet' when none is left
 * and the test id `authorized-app` on each app.
 */
export class AuthorizedAppsPage {
  readonly apps: Locator;
  readonly none: Locator;

  constructor(readonly page: Page) {
    this.apps = page.getByTestId('authorized-app');
    this.none = page.getByText('No apps yet');
  }

  async open(): Promise<void> {
    await this.page.goto('/accountManagement');
  }

  /** The app named `name` in the list. */
  app(name: string): Locator {
    return this.apps.filter({ hasText: name });
  }

  /** Revokes the app named `name`, after a confirm. */
  async revoke(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Revoke ${name}` }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  }
}
