import type { Download, Locator, Page } from 'playwright-core';

/** /myQrCode in English: the QR code of my card, its PNG download and the share sheet. */
export class MyQrCodePage {
  readonly qr: Locator;
  readonly link: Locator;
  readonly shareButton: Locator;
  readonly downloadButton: Locator;
  readonly sheet: Locator;
  readonly noCard: Locator;
  /** Swap mode: "Scan their code", to the scanner. */
  readonly scanTheirs: Locator;

  constructor(readonly page: Page) {
    this.scanTheirs = page.locator('a[href="/scanqrcode"].share-qr-scan');
    this.qr = page.getByTestId('qr-code');
    this.link = page.getByTestId('card-link');
    this.shareButton = page.getByRole('button', { name: 'Share', exact: true });
    this.downloadButton = page.getByRole('button', { name: 'Download PNG' });
    this.sheet = page.getByRole('dialog', { name: 'Share my card' });
    this.noCard = page.getByTestId('qr-no-card');
  }

  async open(): Promise<void> {
    await this.page.goto('/myQrCode');
  }

  /** Waits for the QR code (the card arrives from the first sync). */
  async waitForQr(timeout = 30_000): Promise<void> {
    await this.qr.waitFor({ timeout });
  }

  async downloadPng(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.downloadButton.click()]);
    return download;
  }

  async openShareSheet(): Promise<void> {
    await this.shareButton.click();
    await this.sheet.waitFor();
  }

  channel(name: string | RegExp): Locator {
    return this.sheet.getByRole('link', { name });
  }
}

/** /s/{share_key} in English, as a visitor or a member sees it. */
export class SharedCardPage {
  readonly name: Locator;
  readonly englishName: Locator;
  readonly photos: Locator;
  readonly details: Locator;
  readonly promo: Locator;
  readonly addFriendButton: Locator;
  readonly downloadVcardButton: Locator;
  readonly saveContactButton: Locator;
  readonly loginDialog: Locator;
  /** A card shown from the copy its QR code carried: checked with the server's key, or changed by someone. */
  readonly verified: Locator;
  readonly forged: Locator;
  /** Scanned with no signal: in the card holder, waiting. */
  readonly waiting: Locator;
  /** Swap mode: "Show my code". */
  readonly showMine: Locator;

  constructor(readonly page: Page) {
    this.verified = page.getByTestId('copy-verified');
    this.forged = page.getByTestId('copy-forged');
    this.waiting = page.getByTestId('scan-waiting');
    this.showMine = page.getByTestId('swap-show-mine');
    this.name = page.getByTestId('shared-name');
    this.englishName = page.getByTestId('shared-english-name');
    this.photos = page.getByTestId('card-photos');
    this.details = page.getByTestId('card-details');
    this.promo = page.getByTestId('company-blocks');
    this.addFriendButton = page.getByRole('button', { name: 'Add friend' });
    this.downloadVcardButton = page.getByRole('button', { name: 'Download vCard' });
    this.saveContactButton = page.getByRole('button', { name: 'Save to contacts' });
    this.loginDialog = page.getByRole('alertdialog', { name: 'You are not logged in' });
  }

  async open(shareKey: string): Promise<void> {
    await this.page.goto(`/s/${shareKey}`);
    await this.name.waitFor();
  }

  async downloadVcard(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.downloadVcardButton.click()]);
    return download;
  }

  /** Add friend as a visitor, then "Register" in the dialog. */
  async addFriendThenRegister(): Promise<void> {
    await this.addFriendButton.click();
    await this.loginDialog.waitFor();
    await this.loginDialog.getByRole('button', { name: 'Register' }).click();
    await this.page.waitForURL((url) => url.pathname === '/register');
  }
}
