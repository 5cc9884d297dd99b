import type { Locator, Page } from 'playwright-core';

/** The sign-in services the app can offer, as their buttons name them. */
export type Provider = 'Google' | 'Facebook';

/**
 * The accessible names of the login screen, in the app's English ('en') and Traditional Chinese
 * ('hk'), from src/i18n/locales/{en,hk}/auth.json. Screen authors: keep these, or change them here too.
 */
const NAMES = {
  en: {
    email: 'Email address',
    password: 'Password',
    logIn: 'Log in',
    continueWith: (provider: Provider) => `Continue with ${provider}`,
  },
  hk: {
    email: '電郵地址',
    password: '密碼',
    logIn: '登入',
    continueWith: (provider: Provider) => `以 ${provider} 繼續`,
  },
} as const;

export type LoginLang = keyof typeof NAMES;

/**
 * /login with its ways in: the email form, and a sign-in service's button for each one the
 * server is configured with. LoginPage (./account.ts) is the email form alone, in English; this
 * one also speaks Traditional Chinese. Accessible names it expects, in English (the same in
 * Chinese from NAMES above):
 *   - a field labelled exactly 'Email address' and one labelled exactly 'Password' (the email
 *     tab is the one shown first), and a button named exactly 'Log in'
 *   - a button named 'Continue with {provider}' (e.g. 'Continue with Google') for each service
 */
export class LoginScreen {
  readonly names: (typeof NAMES)[LoginLang];
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  constructor(
    readonly page: Page,
    lang: LoginLang = 'en',
  ) {
    const names = NAMES[lang];
    this.names = names;
    this.email = page.getByLabel(names.email, { exact: true });
    this.password = page.getByLabel(names.password, { exact: true });
    this.submit = page.getByRole('button', { name: names.logIn, exact: true });
  }

  async open(): Promise<void> {
    await this.page.goto('/login');
  }

  /** The button signing in with `provider`. */
  continueWith(provider: Provider): Locator {
    return this.page.getByRole('button', { name: this.names.continueWith(provider) });
  }

  /** Fills the email form and logs in; where the app goes next is for the caller to wait for. */
  async logIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** Goes to the sign-in page of `provider` (see ProviderSignInPage). */
  async startWith(provider: Provider): Promise<void> {
    await this.continueWith(provider).click();
  }
}

/**
 * The sign-in page of the OpenID Connect provider the tests start (tests/server/upstream-idp.ts),
 * its development page, which takes any login and any password: fields named `login` and
 * `password` (it labels neither) and a button named 'Sign-in'.
 */
export class ProviderSignInPage {
  readonly login: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  constructor(
    readonly page: Page,
    readonly issuer: string,
  ) {
    this.login = page.locator('input[name="login"]');
    this.password = page.locator('input[name="password"]');
    this.submit = page.getByRole('button', { name: 'Sign-in' });
  }

  /** Waits to be sent to the provider, then signs in there as `login` (the provider then sends the browser back). */
  async signIn(login: string): Promise<void> {
    await this.page.waitForURL((url) => url.href.startsWith(this.issuer));
    await this.login.fill(login);
    await this.password.fill('anything');
    await this.submit.click();
  }
}

/**
 * An account made by a sign-in service has no password: the prompt to set one (a dialog on
 * /userHome), and /resetPwd where it is set, in English. Accessible names it expects:
 *   - the prompt: a dialog saying 'Your account has no password yet', with a button named 'Set now'
 *   - on /resetPwd: fields labelled 'New password' and 'Confirm password', a button named
 *     'Save password', and then the words 'Password changed'
 */
export class SetPasswordPages {
  readonly prompt: Locator;
  readonly promptText: Locator;
  readonly newPassword: Locator;
  readonly confirmPassword: Locator;
  readonly saveButton: Locator;
  readonly done: Locator;

  constructor(readonly page: Page) {
    this.prompt = page.getByRole('dialog');
    this.promptText = this.prompt.getByText('Your account has no password yet');
    this.newPassword = page.getByLabel('New password');
    this.confirmPassword = page.getByLabel('Confirm password');
    this.saveButton = page.getByRole('button', { name: 'Save password' });
    this.done = page.getByText('Password changed');
  }

  /** In the prompt: 'Set now', which opens /resetPwd. */
  async setNow(): Promise<void> {
    await this.prompt.getByRole('button', { name: 'Set now' }).click();
    await this.page.waitForURL(/\/resetPwd$/);
  }

  /** On /resetPwd: types the new password twice and saves it ('Password changed' then shows). */
  async setPassword(password: string): Promise<void> {
    await this.newPassword.fill(password);
    await this.confirmPassword.fill(password);
    await this.saveButton.click();
  }
}

/**
 * /loginMethod's sign-in services, in English: a button named '+ Add {provider}' for each one
 * not yet added, and the words '{provider} added' once the provider sends the browser back.
 * The list of methods and removing one are LoginMethodsPages' (./login-methods.ts).
 */
export class ProviderBindings {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/loginMethod');
  }

  addButton(provider: Provider): Locator {
    return this.page.getByRole('button', { name: `+ Add ${provider}` });
  }

  added(provider: Provider): Locator {
    return this.page.getByText(`${provider} added`);
  }

  /** Goes to the sign-in page of `provider` to add it (see ProviderSignInPage). */
  async add(provider: Provider): Promise<void> {
    await this.addButton(provider).click();
  }
}
