import type { Locator, Page } from 'playwright-core';

/** /scanqrcode in English: the camera's viewfinder, its errors, and scanning a photo instead. */
export class ScanQrCodePage {
  readonly heading: Locator;
  readonly video: Locator;
  readonly starting: Locator;
  readonly error: Locator;
  readonly retryButton: Locator;
  readonly notice: Locator;
  readonly photoButton: Locator;
  readonly backLink: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Scan a QR code' });
    this.video = page.getByLabel('Camera preview');
    this.starting = page.getByRole('status').filter({ hasText: 'Starting the camera…' });
    this.error = page.getByTestId('scan-error').getByRole('alert');
    this.retryButton = page.getByRole('button', { name: 'Try again' });
    this.notice = page.getByTestId('scan-notice');
    this.photoButton = page.getByRole('button', { name: 'Scan a photo' });
    this.backLink = page.getByRole('link', { name: 'Back' });
  }

  async open(): Promise<void> {
    await this.page.goto('/scanqrcode');
    await this.heading.waitFor();
  }

  /** Waits until the camera's picture plays in the viewfinder. */
  async waitForCamera(): Promise<void> {
    await this.page.waitForFunction(() => {
      const video = document.querySelector('video');
      return video !== null && !video.paused && video.videoWidth > 0;
    });
  }

  /** "Scan a photo", then picks `png` in the file chooser. */
  async scanPhoto(png: Buffer, name = 'qr.png'): Promise<void> {
    const [chooser] = await Promise.all([this.page.waitForEvent('filechooser'), this.photoButton.click()]);
    await chooser.setFiles({ name, mimeType: 'image/png', buffer: png });
  }
}
