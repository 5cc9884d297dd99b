import type { Locator, Page } from 'playwright-core';

/**
 * The top bar every screen shares: the page's banner landmark (a <header> that is not inside
 * <main>, <article> or <section>). Accessible names it expects (screen authors: keep these, or
 * change them here too):
 *   - a link named 'Cardbook' (the logo) that goes to '/'
 *   - a button named 'Notifications'
 *   - a button named 'Account' (the user menu)
 * Names are matched exactly, so give the logo and buttons an aria-label when the locale's
 * visible text differs.
 */
export class AppShell {
  readonly banner: Locator;
  readonly homeLink: Locator;
  readonly notificationsButton: Locator;
  readonly accountButton: Locator;

  constructor(readonly page: Page) {
    this.banner = page.getByRole('banner');
    this.homeLink = this.banner.getByRole('link', { name: 'Cardbook', exact: true });
    this.notificationsButton = this.banner.getByRole('button', { name: 'Notifications', exact: true });
    this.accountButton = this.banner.getByRole('button', { name: 'Account', exact: true });
  }

  async goHome(): Promise<void> {
    await this.homeLink.click();
    await this.page.waitForURL((url) => url.pathname === '/');
  }

  async openNotifications(): Promise<void> {
    await this.notificationsButton.click();
  }

  async openAccount(): Promise<void> {
    await this.accountButton.click();
  }
}
