import type { Locator, Page } from 'playwright-core';

/**
 * The accessible names the exchange screens use, in the app's English ('en') and Traditional
 * Chinese ('hk'), from src/i18n/locales/{en,hk}/exchange.json (and app.json for the home link).
 * Screen authors: keep these, or change them here too.
 */
const NAMES = {
  en: {
    /** The home screen's link to /exchange. */
    homeLink: 'Group exchange',
    eventName: 'Event name (optional)',
    joinerPassword: 'Joiner password (optional)',
    openRoom: 'Open a room',
    roomCode: 'Room code',
    join: 'Join',
    signIn: 'Sign in',
    joinHeading: 'Join the card exchange',
    roomPassword: 'Room password',
    passwordAsk: 'This room has a password: ask the host for it',
    quickName: 'Name',
    quickContact: 'Phone or email',
    saveAndJoin: 'Save and join',
    start: 'Start the exchange',
    leave: 'Leave the room',
    until: /^Open until/,
  },
  hk: {
    homeLink: '群組交換名片',
    eventName: '活動名稱（選填）',
    joinerPassword: '參加者密碼（選填）',
    openRoom: '開設房間',
    roomCode: '房間號碼',
    join: '加入',
    signIn: '登入',
    joinHeading: '加入名片交換',
    roomPassword: '房間密碼',
    passwordAsk: '此房間設有密碼，請向主持人索取',
    quickName: '姓名',
    quickContact: '電話或電郵',
    saveAndJoin: '保存並加入',
    start: '開始交換',
    leave: '離開房間',
    until: /^開放至/,
  },
} as const;

export type ExchangeLang = keyof typeof NAMES;

/**
 * The group card exchange: /exchange (host a room, or join one by its code) and /ex/{room_code}
 * (sign in first, the join form, the quick card, then the room as its host or a joiner sees it).
 * Accessible names it expects, in English (the same in Chinese from NAMES above):
 *   - on /: a link named 'Group exchange'
 *   - on /exchange: fields labelled 'Event name (optional)', 'Joiner password (optional)' and
 *     exactly 'Room code'; buttons named 'Open a room' and exactly 'Join'
 *   - on /ex/{code} signed out: a link named 'Sign in' in the sign-in panel
 *   - the join form: a heading 'Join the card exchange', a field labelled 'Room password' (only
 *     when the room has one) with the hint 'This room has a password: ask the host for it', its
 *     error as an alert, and a button named exactly 'Join'
 *   - the quick card: fields labelled exactly 'Name' and 'Phone or email', a button 'Save and join'
 *   - the room: buttons 'Start the exchange' (host) and 'Leave the room' (joiner), each confirmed
 *     in a dialog by a button of the same name; a line 'Open until {time}'
 * and these test ids, for what has no accessible name of its own: exchange-sign-in,
 * exchange-join, exchange-event, exchange-host-name, exchange-quick-card, exchange-host,
 * exchange-waiting, exchange-left, exchange-code, exchange-count, exchange-faces, qr-code.
 */
export class ExchangePages {
  readonly names: (typeof NAMES)[ExchangeLang];
  // /exchange
  readonly eventNameField: Locator;
  readonly joinerPasswordField: Locator;
  readonly openRoomButton: Locator;
  readonly roomCodeField: Locator;
  /** 'Join' on /exchange (by code), on the join form, and to rejoin after leaving. */
  readonly joinButton: Locator;
  // /ex/{code}, signed out
  readonly signInPanel: Locator;
  readonly signInLink: Locator;
  // /ex/{code}, the join form
  readonly joinForm: Locator;
  readonly joinHeading: Locator;
  readonly event: Locator;
  readonly hostName: Locator;
  readonly roomPassword: Locator;
  readonly passwordHint: Locator;
  /** The join form's error (a wrong password, say). */
  readonly joinError: Locator;
  // /ex/{code}, a quick card first
  readonly quickCard: Locator;
  readonly quickCardName: Locator;
  readonly quickCardContact: Locator;
  readonly saveAndJoinButton: Locator;
  // /ex/{code}, the room
  /** The open room as its host sees it (with its QR code and code). */
  readonly hostRoom: Locator;
  /** The open room as a joiner sees it, waiting for the host to start. */
  readonly waitingRoom: Locator;
  /** The room after leaving it. */
  readonly leftRoom: Locator;
  readonly qr: Locator;
  readonly code: Locator;
  readonly count: Locator;
  readonly faces: Locator;
  readonly startButton: Locator;
  readonly leaveButton: Locator;
  readonly until: Locator;
  readonly confirmDialog: Locator;

  constructor(
    readonly page: Page,
    lang: ExchangeLang = 'en',
  ) {
    const names = NAMES[lang];
    this.names = names;
    this.eventNameField = page.getByLabel(names.eventName, { exact: true });
    this.joinerPasswordField = page.getByLabel(names.joinerPassword, { exact: true });
    this.openRoomButton = page.getByRole('button', { name: names.openRoom, exact: true });
    this.roomCodeField = page.getByLabel(names.roomCode, { exact: true });
    this.joinButton = page.getByRole('button', { name: names.join, exact: true });
    this.signInPanel = page.getByTestId('exchange-sign-in');
    this.signInLink = this.signInPanel.getByRole('link', { name: names.signIn, exact: true });
    this.joinForm = page.getByTestId('exchange-join');
    this.joinHeading = page.getByRole('heading', { name: names.joinHeading, exact: true });
    this.event = page.getByTestId('exchange-event');
    this.hostName = page.getByTestId('exchange-host-name');
    // Not exact: a test that no password is asked for must not miss a relabelled field.
    this.roomPassword = page.getByLabel(names.roomPassword);
    this.passwordHint = page.getByText(names.passwordAsk, { exact: true });
    this.joinError = this.joinForm.getByRole('alert');
    this.quickCard = page.getByTestId('exchange-quick-card');
    this.quickCardName = this.quickCard.getByLabel(names.quickName, { exact: true });
    this.quickCardContact = this.quickCard.getByLabel(names.quickContact, { exact: true });
    this.saveAndJoinButton = this.quickCard.getByRole('button', { name: names.saveAndJoin, exact: true });
    this.hostRoom = page.getByTestId('exchange-host');
    this.waitingRoom = page.getByTestId('exchange-waiting');
    this.leftRoom = page.getByTestId('exchange-left');
    this.qr = page.getByTestId('qr-code');
    this.code = page.getByTestId('exchange-code');
    this.count = page.getByTestId('exchange-count');
    this.faces = page.getByTestId('exchange-faces');
    this.startButton = page.getByRole('button', { name: names.start, exact: true });
    this.leaveButton = page.getByRole('button', { name: names.leave, exact: true });
    this.until = page.getByText(names.until);
    this.confirmDialog = page.getByRole('dialog');
  }

  /** From the home screen to /exchange. */
  async openFromHome(): Promise<void> {
    await this.page.goto('/');
    await this.page.getByRole('link', { name: this.names.homeLink, exact: true }).click();
  }

  async openStart(): Promise<void> {
    await this.page.goto('/exchange');
  }

  /** On /exchange: names the event, sets the joiners' password, and opens the room. */
  async openRoom(eventName: string, password: string): Promise<void> {
    await this.eventNameField.fill(eventName);
    await this.joinerPasswordField.fill(password);
    await this.openRoomButton.click();
  }

  /** The host's room code as shown, e.g. 'ABCD-2345' (without the words read out before it). */
  async shownCode(): Promise<string> {
    return (await this.code.innerText()).replace(new RegExp(`^${this.names.roomCode}\\s*`), '');
  }

  /** The live count, e.g. '3 in the room'. */
  async countText(): Promise<string> {
    return this.count.innerText();
  }

  /** On /exchange: types a room code and joins it (the app then opens /ex/{code}). */
  async joinByCode(typed: string): Promise<void> {
    await this.roomCodeField.fill(typed);
    await this.joinButton.click();
  }

  /** On the join form: types the room's password and joins. */
  async joinWithPassword(password: string): Promise<void> {
    await this.roomPassword.fill(password);
    await this.joinButton.click();
  }

  /** Asked for a card first: makes the quick one, and goes on joining. */
  async makeQuickCard(name: string, contact: string): Promise<void> {
    await this.quickCard.waitFor();
    await this.quickCardName.fill(name);
    await this.quickCardContact.fill(contact);
    await this.saveAndJoinButton.click();
  }

  /** A joiner leaves the room, after a confirm. */
  async leave(): Promise<void> {
    await this.leaveButton.click();
    await this.confirmDialog.getByRole('button', { name: this.names.leave, exact: true }).click();
  }

  /** The host starts the exchange, after a confirm. */
  async start(): Promise<void> {
    await this.startButton.click();
    await this.confirmDialog.getByRole('button', { name: this.names.start, exact: true }).click();
  }
}
