import type { Locator, Page } from 'playwright-core';

/**
 * /search/public: the directory of public cards, reached from /search, and the card overlay a
 * result opens, in English. Accessible names it expects (screen authors: keep these, or change
 * them here too):
 *   - on /search: a navigation named 'Search in' holding a link named 'Public cards'
 *   - a search box named 'Search names, companies, positions or industries'
 *   - the line 'No public cards match.' when nothing is found
 *   - each result: a button whose name starts with the card's name (it opens the card), and,
 *     while the card is not in my card holder, a button named 'Add {name} as a friend'; once it
 *     is, the words 'In your card holder'
 *   - the overlay: a dialog named 'Business card details', with a button named 'Add friend', a
 *     field labelled 'Remark' (once the card is mine to keep) and a button named 'Close'
 * and the test ids `public-results` (the list of results) and `shared-name` (the card's name in
 * the overlay). A result's name is its `.friend-title`.
 */
export class PublicSearchPage {
  readonly scopes: Locator;
  readonly searchBox: Locator;
  readonly results: Locator;
  readonly noMatch: Locator;
  readonly inHolder: Locator;
  readonly overlay: Locator;
  readonly overlayName: Locator;
  readonly overlayAddFriend: Locator;
  readonly overlayRemark: Locator;

  constructor(readonly page: Page) {
    this.scopes = page.getByRole('navigation', { name: 'Search in' });
    this.searchBox = page.getByRole('searchbox', { name: 'Search names, companies, positions or industries' });
    this.results = page.getByTestId('public-results');
    this.noMatch = page.getByText('No public cards match.');
    this.inHolder = this.results.getByText('In your card holder');
    this.overlay = page.getByRole('dialog', { name: 'Business card details' });
    this.overlayName = this.overlay.getByTestId('shared-name');
    this.overlayAddFriend = this.overlay.getByRole('button', { name: 'Add friend' });
    this.overlayRemark = this.overlay.getByLabel('Remark');
  }

  /** From /search to the public cards, as a user taps there. */
  async openFromSearch(): Promise<void> {
    await this.page.goto('/search');
    await this.scopes.getByRole('link', { name: 'Public cards' }).click();
    await this.page.waitForURL('**/search/public');
  }

  /** Types `query` in the search box (the page asks the server once typing settles). */
  async search(query: string): Promise<void> {
    await this.searchBox.fill(query);
  }

  /** The names of the cards found, in order. */
  async resultNames(): Promise<string[]> {
    return this.results.locator('.friend-title').allTextContents();
  }

  /** The button opening the result whose name starts with `name`. */
  result(name: string): Locator {
    return this.results.getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}`) });
  }

  /** The button on a result adding the card named `name` to my card holder. */
  addAsFriendButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Add ${name} as a friend` });
  }

  /** Opens the result whose name starts with `name`; resolves once its overlay is open. */
  async openResult(name: string): Promise<void> {
    await this.result(name).click();
    await this.overlay.waitFor();
  }

  /** In the overlay: 'Add friend' (the app then says so, and the overlay becomes my friend entry). */
  async addFromOverlay(): Promise<void> {
    await this.overlayAddFriend.click();
  }

  async closeOverlay(): Promise<void> {
    await this.overlay.getByRole('button', { name: 'Close' }).click();
    await this.overlay.waitFor({ state: 'detached' });
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
