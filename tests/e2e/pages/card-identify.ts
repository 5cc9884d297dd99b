import type { Locator, Page } from 'playwright-core';

/**
 * /card/identify/{side}/{callbackPath}/{cardId}: recognizing my own paper card from the camera or
 * a picked photo, then back to `callbackPath` (the card editor) with what was read. In any
 * language; it expects the test ids `identify-file` (the photo picker's file input) and
 * `identify-working` (the spinner while recognizing).
 */
export class CardIdentifyPage {
  readonly fileInput: Locator;
  readonly working: Locator;

  constructor(readonly page: Page) {
    this.fileInput = page.getByTestId('identify-file');
    this.working = page.getByTestId('identify-working');
  }

  /** Opens the screen for one side of my card, to go back to `callbackPath` (the editor by default). */
  async open(side: 'front' | 'back' = 'front', callbackPath = '/card/create', cardId = '0'): Promise<void> {
    await this.page.goto(`/card/identify/${side}/${encodeURIComponent(callbackPath)}/${cardId}`);
  }

  /**
   * Recognizes a photo of my card (a file's path): picks it, and waits for the app to go back to
   * `callbackPath` with what it read (recognition can take long on a busy machine).
   */
  async recognize(photoPath: string, callbackPath = '/card/create', timeout = 90_000): Promise<void> {
    await this.fileInput.setInputFiles(photoPath);
    await this.page.waitForURL((url) => url.pathname === callbackPath, { timeout });
  }
}
