import type { Locator, Page } from 'playwright-core';
import { openInApp } from '../support/navigate';

/**
 * The information pages: /site, /about, /tutorial and /policy/{name} (and any other page whose
 * words are checked the same way), with the "open in app" sheet they can show. Any language for
 * the page's words; the names below are English. Accessible names it expects (screen authors:
 * keep these, or change them here too):
 *   - the page's <main> with an <h1> (its title)
 *   - on /about: the test id `app-version` holding 'Version {version}', and the test id
 *     `licences` (a list: one item a package, its name shown on its own, e.g. 'react-dom')
 *   - an unknown page: a heading 'Page not found'
 *   - where the browser reports the app installed: a dialog named 'App installed' with a link
 *     named 'Open in app' and a button named 'Not now'
 */
export class InfoPages {
  readonly main: Locator;
  readonly title: Locator;
  readonly version: Locator;
  readonly licences: Locator;
  readonly notFound: Locator;
  readonly installedSheet: Locator;
  readonly openInAppLink: Locator;

  constructor(readonly page: Page) {
    this.main = page.locator('main');
    this.title = this.main.locator('h1').first();
    this.version = page.getByTestId('app-version');
    this.licences = page.getByTestId('licences');
    this.notFound = page.getByRole('heading', { name: 'Page not found' });
    this.installedSheet = page.getByRole('dialog', { name: 'App installed' });
    this.openInAppLink = this.installedSheet.getByRole('link', { name: 'Open in app' });
  }

  /** Loads `path` (a whole page load). */
  async open(path: string): Promise<void> {
    await this.page.goto(path);
  }

  /**
   * Opens `path` as a tap on a link does (a page load only the first time), and resolves once it
   * shows its title and has fetched everything it asked for (its words, say).
   */
  async show(path: string): Promise<void> {
    await openInApp(this.page, path);
    await this.title.waitFor();
    // Loaded: nothing on the page says it is still busy (a policy's text, the licences).
    await this.page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  }

  /** What the page's <main> shows. */
  async text(): Promise<string> {
    return this.main.innerText();
  }

  /** A package shown by its name alone (e.g. 'react-dom') in the licences on /about. */
  licence(name: string): Locator {
    return this.licences.getByText(name, { exact: true });
  }

  /** In the "open in app" sheet: 'Not now'. */
  async dismissInstalledSheet(): Promise<void> {
    await this.installedSheet.getByRole('button', { name: 'Not now' }).click();
  }
}
