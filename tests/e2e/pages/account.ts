import type { Locator, Page } from 'playwright-core';

/**
 * /login, signing in with an email and a password, in English. Accessible names it expects:
 *   - a field labelled exactly 'Email address' (the email tab is the one shown first)
 *   - a field labelled exactly 'Password'
 *   - a button named exactly 'Log in'
 */
export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email address', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Log in', exact: true });
  }

  async open(): Promise<void> {
    await this.page.goto('/login');
  }

  /** Fills the form and logs in; where the app goes next is for the caller to wait for. */
  async logIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}

/**
 * /accountManagement: the devices signed in to my account, and deleting it. Accessible names it
 * expects (English):
 *   - a region named exactly 'Delete account' (its section's heading), holding a field labelled
 *     exactly 'Password' and a button named exactly 'Delete my account'
 *   - a dialog confirming it with a button named exactly 'Delete my account'
 * and the test id `session` on each signed-in device (its words are the app's language, so
 * tests pick one by its text: `session('This device')`).
 */
export class AccountPage {
  readonly sessions: Locator;
  readonly deletion: Locator;
  readonly deletePassword: Locator;
  readonly deleteButton: Locator;
  readonly confirmDialog: Locator;

  constructor(readonly page: Page) {
    this.sessions = page.getByTestId('session');
    this.deletion = page.getByRole('region', { name: 'Delete account', exact: true });
    this.deletePassword = this.deletion.getByLabel('Password', { exact: true });
    this.deleteButton = this.deletion.getByRole('button', { name: 'Delete my account', exact: true });
    this.confirmDialog = page.getByRole('dialog');
  }

  async open(): Promise<void> {
    await this.page.goto('/accountManagement');
  }

  /** The signed-in devices whose line holds this text (e.g. 'This device', 'Near Taipei'). */
  session(text: string | RegExp): Locator {
    return this.sessions.filter({ hasText: text });
  }

  /** Deletes the account: the password again, then a confirm. The app then starts over signed out, at /. */
  async deleteAccount(password: string): Promise<void> {
    await this.deletePassword.fill(password);
    await this.deleteButton.click();
    await this.confirmDialog.getByRole('button', { name: 'Delete my account', exact: true }).click();
  }
}
