import type { Locator, Page } from 'playwright-core';

/** /registerMail in English: email, code (sent by the server), password twice. */
export class RegisterMailPage {
  readonly email: Locator;
  readonly sendCode: Locator;
  readonly code: Locator;
  readonly password: Locator;
  readonly confirm: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email address');
    this.sendCode = page.getByRole('button', { name: 'Send code' });
    this.code = page.getByLabel('Verification code');
    this.password = page.getByLabel('Password', { exact: true });
    this.confirm = page.getByLabel('Confirm password');
    this.submit = page.getByRole('button', { name: 'Register' });
  }

  async register(email: string, password: string, readCode: () => string | undefined): Promise<void> {
    await this.page.goto('/registerMail');
    // A phone already signed in is asked first: continue, or switch to another account.
    const switchAccount = this.page.getByRole('button', { name: 'Switch account' });
    await this.email.or(switchAccount).first().waitFor();
    if (await switchAccount.isVisible()) await switchAccount.click();
    await this.email.fill(email);
    await this.sendCode.click();
    await this.page.getByRole('button', { name: /Resend in/ }).waitFor();
    await this.code.fill(readCode() ?? '');
    await this.password.fill(password);
    await this.confirm.fill(password);
    await this.submit.click();
    await this.page.waitForURL('**/userHome');
  }
}
