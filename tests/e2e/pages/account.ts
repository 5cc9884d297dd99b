import type { Download, Locator, Page } from 'playwright-core';

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

/** Another account to link: its email and password, and this account's own password. */
export type AccountLink = { email: string; password: string; ownPassword?: string };

/**
 * /accountManagement: my linked accounts, the devices signed in to my account, my data, and
 * deleting it. Accessible names it expects (English):
 *   - a region named exactly 'Delete account' (its section's heading), holding a field labelled
 *     exactly 'Password' and a button named exactly 'Delete my account'
 *   - a dialog confirming it with a button named exactly 'Delete my account'
 * and the test id `session` on each signed-in device (its words are the app's language, so
 * tests pick one by its text: `session('This device')`). Linked accounts, signing out the other
 * devices and exporting my data expect:
 *   - the words 'No linked accounts yet' while there are none, and the test id `linked-account`
 *     on each linked one, with a button named 'Switch to {email or name}'
 *   - a form named 'Link another account' (its heading), holding fields labelled 'Email address',
 *     exactly 'Password' and 'Password of this account', a button named 'Link account', and its
 *     errors as alerts
 *   - a button named 'Sign out everywhere else', confirmed in a dialog by a button of that name
 *   - a button named 'Export all my data' (the browser downloads a file)
 */
export class AccountPage {
  readonly sessions: Locator;
  readonly deletion: Locator;
  readonly deletePassword: Locator;
  readonly deleteButton: Locator;
  readonly confirmDialog: Locator;
  // Linked accounts
  readonly noLinkedAccounts: Locator;
  readonly linkedAccounts: Locator;
  readonly linkForm: Locator;
  readonly linkEmail: Locator;
  readonly linkPassword: Locator;
  /** This account's own password, proving its owner is the one linking. */
  readonly ownPassword: Locator;
  readonly linkButton: Locator;
  readonly signOutOthersButton: Locator;
  readonly exportButton: Locator;

  constructor(readonly page: Page) {
    this.sessions = page.getByTestId('session');
    this.deletion = page.getByRole('region', { name: 'Delete account', exact: true });
    this.deletePassword = this.deletion.getByLabel('Password', { exact: true });
    this.deleteButton = this.deletion.getByRole('button', { name: 'Delete my account', exact: true });
    this.confirmDialog = page.getByRole('dialog');
    this.noLinkedAccounts = page.getByText('No linked accounts yet');
    this.linkedAccounts = page.getByTestId('linked-account');
    this.linkForm = page.getByRole('form', { name: 'Link another account' });
    this.linkEmail = this.linkForm.getByLabel('Email address');
    this.linkPassword = this.linkForm.getByLabel('Password', { exact: true });
    this.ownPassword = this.linkForm.getByLabel('Password of this account');
    this.linkButton = this.linkForm.getByRole('button', { name: 'Link account' });
    this.signOutOthersButton = page.getByRole('button', { name: 'Sign out everywhere else' });
    this.exportButton = page.getByRole('button', { name: 'Export all my data' });
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

  /** The link form's error holding this text. */
  linkError(text: string): Locator {
    return this.linkForm.getByRole('alert').filter({ hasText: text });
  }

  /**
   * Links another account: its email and password, and this account's own password when given
   * (left as it is otherwise), then 'Link account'. The form says what was wrong, or the account
   * shows among `linkedAccounts`.
   */
  async linkAccount(link: AccountLink): Promise<void> {
    await this.linkEmail.fill(link.email);
    await this.linkPassword.fill(link.password);
    if (link.ownPassword !== undefined) await this.ownPassword.fill(link.ownPassword);
    await this.linkButton.click();
  }

  /**
   * Switches to a linked account (by its email or name; the only one when not given): the app
   * starts again on it, at /userHome.
   */
  async switchTo(who?: string): Promise<void> {
    const name = who === undefined ? /^Switch to / : `Switch to ${who}`;
    await this.page.getByRole('button', { name }).click();
    await this.page.waitForURL(/\/userHome$/);
  }

  /** Signs out every other device, after a confirm. */
  async signOutEverywhereElse(): Promise<void> {
    await this.signOutOthersButton.click();
    await this.confirmDialog.getByRole('button', { name: 'Sign out everywhere else' }).click();
  }

  /** Exports all my data: the file the browser downloads. */
  async exportData(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.exportButton.click()]);
    return download;
  }
}
