import type { Locator, Page } from 'playwright-core';

/**
 * /loginMethod (how I can sign in; removing one, never the last) and /loginMethod/addEmail
 * (adding an email by a code), in English. Accessible names it expects:
 *   - on /myProfile: a link named 'Login methods'
 *   - on /loginMethod: a button named exactly 'Remove {label}' for each method (e.g.
 *     'Remove +852 9123 4567'), confirmed in a dialog named 'Remove this login method?' by a
 *     button named exactly 'Remove'; a link named exactly '+ Add an email'; the hint 'This is
 *     your only way to sign in, so it cannot be removed.' and, offline, 'Seeing and changing your
 *     login methods needs a connection.'
 *   - on /loginMethod/addEmail: fields labelled exactly 'Email address' and 'Verification code',
 *     buttons named exactly 'Send code' and 'Add', and the form's errors as alerts
 * and the test ids `login-methods` (the list) and `login-method` (each method in it).
 */
export class LoginMethodsPages {
  readonly list: Locator;
  readonly methods: Locator;
  readonly onlyOneHint: Locator;
  readonly offlineNotice: Locator;
  readonly addEmailLink: Locator;
  readonly removeDialog: Locator;
  // /loginMethod/addEmail
  readonly email: Locator;
  readonly sendCodeButton: Locator;
  readonly code: Locator;
  readonly addButton: Locator;
  readonly alerts: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByTestId('login-methods');
    this.methods = page.getByTestId('login-method');
    this.onlyOneHint = page.getByText('This is your only way to sign in, so it cannot be removed.', { exact: true });
    this.offlineNotice = page.getByText('Seeing and changing your login methods needs a connection.', {
      exact: true,
    });
    this.addEmailLink = page.getByRole('link', { name: '+ Add an email', exact: true });
    this.removeDialog = page.getByRole('dialog', { name: 'Remove this login method?', exact: true });
    this.email = page.getByLabel('Email address', { exact: true });
    this.sendCodeButton = page.getByRole('button', { name: 'Send code', exact: true });
    this.code = page.getByLabel('Verification code', { exact: true });
    this.addButton = page.getByRole('button', { name: 'Add', exact: true });
    this.alerts = page.getByRole('alert');
  }

  /** From my profile to my login methods. */
  async openFromProfile(): Promise<void> {
    await this.page.goto('/myProfile');
    await this.page.getByRole('link', { name: 'Login methods' }).click();
  }

  /** The button removing the method shown as `label`. */
  removeButton(label: string): Locator {
    return this.page.getByRole('button', { name: `Remove ${label}`, exact: true });
  }

  /** Removes the method shown as `label`, after a confirm. */
  async remove(label: string): Promise<void> {
    await this.removeButton(label).click();
    await this.removeDialog.getByRole('button', { name: 'Remove', exact: true }).click();
  }

  /** Goes on to /loginMethod/addEmail. */
  async openAddEmail(): Promise<void> {
    await this.addEmailLink.click();
    await this.page.waitForURL(/\/loginMethod\/addEmail$/);
  }

  /** On /loginMethod/addEmail: asks for a code sent to `email`. */
  async sendCode(email: string): Promise<void> {
    await this.email.fill(email);
    await this.sendCodeButton.click();
  }

  /** On /loginMethod/addEmail: types the code and adds the email (the app goes back to /loginMethod when it is right). */
  async enterCode(code: string): Promise<void> {
    await this.code.fill(code);
    await this.addButton.click();
  }
}
