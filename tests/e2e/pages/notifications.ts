import type { Locator, Page } from 'playwright-core';
import { AppShell } from './app-shell';

/**
 * The accessible names of the notification drawer and the card it opens, in the app's English
 * ('en') and Traditional Chinese ('hk'), from src/i18n/locales/{en,hk}/{app,friends,share}.json.
 * Screen authors: keep these, or change them here too.
 */
const NAMES = {
  en: {
    /** The top bar's bell: 'Notifications', then the unread count when there is one. */
    bell: /^Notifications/,
    drawer: 'Notifications',
    overlay: 'Business card details',
    saveContact: 'Save to contacts',
    overlayDeleted: 'This account has been deleted: its card can no longer be opened or saved.',
    listDeleted: 'Account deleted',
    toldDeleted: (name: string) => `${name} deleted their account`,
  },
  hk: {
    bell: /^通知/,
    drawer: '通知',
    overlay: '名片詳情',
    saveContact: '匯入通訊錄',
    overlayDeleted: '此帳戶已刪除，名片已無法打開或保存。',
    listDeleted: '帳戶已刪除',
    toldDeleted: (name: string) => `${name} 已刪除帳戶`,
  },
} as const;

export type NotificationsLang = keyof typeof NAMES;

/**
 * The notification drawer, opened from the top bar's bell (signed in only), and the friend's
 * card a notification opens. Accessible names it expects, in English (the same in Chinese from
 * NAMES above):
 *   - in the top bar (the banner, see AppShell): a button whose name starts with 'Notifications'
 *     (the unread count follows it)
 *   - the drawer: a complementary landmark named 'Notifications'; it closes on Escape
 *   - a notification that opens a card is a button (class `notify-item`) in the list with the
 *     test id `notify-list`; one about a deleted account reads '{name} deleted their account'
 *   - the card it opens: a dialog named 'Business card details' (see FriendCardOverlay)
 */
export class NotificationDrawer {
  readonly names: (typeof NAMES)[NotificationsLang];
  readonly bell: Locator;
  readonly drawer: Locator;
  readonly list: Locator;
  /** The notifications in the list that open a card, newest first. */
  readonly openable: Locator;
  /** Any notification in the drawer that opens something. */
  readonly anyOpenable: Locator;

  constructor(
    readonly page: Page,
    lang: NotificationsLang = 'en',
  ) {
    const names = NAMES[lang];
    this.names = names;
    this.bell = new AppShell(page).banner.getByRole('button', { name: names.bell });
    this.drawer = page.getByRole('complementary', { name: names.drawer });
    this.list = this.drawer.getByTestId('notify-list');
    this.openable = this.list.locator('button.notify-item');
    this.anyOpenable = this.drawer.locator('button.notify-item');
  }

  /** Opens the drawer from the bell (the list loads when it first opens: wait for what you expect in it). */
  async open(): Promise<void> {
    await this.bell.click();
  }

  /** Closes the drawer with Escape, and waits until it is hidden. */
  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.drawer.waitFor({ state: 'hidden' });
  }

  /** The drawer's line telling that `name` deleted their account. */
  toldDeleted(name: string): Locator {
    return this.drawer.getByText(this.names.toldDeleted(name));
  }
}

/**
 * A friend's card, opened from a notification or from the card holder. Accessible names it
 * expects, in English (the same in Chinese from NAMES above):
 *   - a dialog named 'Business card details', closing on Escape, holding the card's name (test
 *     id `shared-name`) and, unless the account is gone, a button named 'Save to contacts'
 *   - a deleted account's card says 'This account has been deleted: its card can no longer be
 *     opened or saved.'
 */
export class FriendCardOverlay {
  readonly dialog: Locator;
  readonly name: Locator;
  readonly saveContactButton: Locator;
  readonly deletedNote: Locator;

  constructor(
    readonly page: Page,
    lang: NotificationsLang = 'en',
  ) {
    const names = NAMES[lang];
    this.dialog = page.getByRole('dialog', { name: names.overlay });
    this.name = this.dialog.getByTestId('shared-name');
    this.saveContactButton = this.dialog.getByRole('button', { name: names.saveContact });
    this.deletedNote = this.dialog.getByText(names.overlayDeleted);
  }

  /** Closes the card with Escape, and waits until it is gone. */
  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.dialog.waitFor({ state: 'detached' });
  }
}

/**
 * /friendsList as the names in it read, in English or Chinese (FriendsPages, ./friends.ts, is
 * the English list with its groups and search). Expects the test id `friend-item` on each row;
 * the row of a deleted account reads 'Account deleted' (the same in Chinese from NAMES above).
 */
export class CardHolderNames {
  readonly names: (typeof NAMES)[NotificationsLang];

  constructor(
    readonly page: Page,
    lang: NotificationsLang = 'en',
  ) {
    this.names = NAMES[lang];
  }

  async open(): Promise<void> {
    await this.page.goto('/friendsList');
  }

  /** The row of the friend named `name`. */
  row(name: string): Locator {
    return this.page.getByTestId('friend-item').filter({ hasText: name });
  }

  /** The row of `name` once it says their account was deleted. */
  deletedRow(name: string): Locator {
    return this.row(name).filter({ hasText: this.names.listDeleted });
  }
}
