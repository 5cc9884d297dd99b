import type { Locator, Page } from 'playwright-core';
import type { PhotoFile } from './card';

/**
 * The accessible names of the feedback screen, in the app's English ('en') and Traditional
 * Chinese ('hk'), from src/i18n/locales/{en,hk}/info.json. Screen authors: keep these, or change
 * them here too.
 */
const NAMES = {
  en: {
    title: 'Feedback',
    content: 'Your message',
    contact: 'Phone or email',
    agree: 'I agree to the terms of use',
    send: 'Send',
    removeImage: (n: number) => `Remove image ${n}`,
    sent: 'Thank you! Your feedback has been sent.',
    sentOffline: 'Saved. It will be sent when you are back online.',
  },
  hk: {
    title: '意見反饋',
    content: '你的意見',
    contact: '電話或電郵',
    agree: '我同意使用條款',
    send: '發送',
    removeImage: (n: number) => `移除第 ${n} 張圖片`,
    sent: '多謝！你的意見已發送。',
    sentOffline: '已儲存，恢復網絡後會自動發送。',
  },
} as const;

export type FeedbackLang = keyof typeof NAMES;

export type FeedbackMessage = { content: string; contact: string };

/**
 * /suggestions, the feedback form and where the message sent is. Accessible names it expects,
 * in English (the same in Chinese from NAMES above):
 *   - a heading 'Feedback'
 *   - fields labelled 'Your message' and 'Phone or email', a checkbox labelled 'I agree to the
 *     terms of use', a button named 'Send', and each field's error as an alert
 *   - a button named 'Remove image {n}' for each picked image, and a file input for them (the
 *     only one on the form)
 *   - once sent, the words 'Saved. It will be sent when you are back online.' while the message
 *     waits on the phone, then 'Thank you! Your feedback has been sent.'
 */
export class FeedbackPage {
  readonly names: (typeof NAMES)[FeedbackLang];
  readonly heading: Locator;
  readonly content: Locator;
  readonly contact: Locator;
  readonly imageInput: Locator;
  readonly agree: Locator;
  readonly sendButton: Locator;
  /** The form's errors (each under its field). */
  readonly errors: Locator;
  /** Sent, as the server has it. */
  readonly sent: Locator;
  /** Kept on the phone until it is back online. */
  readonly waiting: Locator;

  constructor(
    readonly page: Page,
    lang: FeedbackLang = 'en',
  ) {
    const names = NAMES[lang];
    this.names = names;
    this.heading = page.getByRole('heading', { name: names.title });
    this.content = page.getByLabel(names.content);
    this.contact = page.getByLabel(names.contact);
    this.imageInput = page.locator('input[type="file"]');
    this.agree = page.getByLabel(names.agree);
    this.sendButton = page.getByRole('button', { name: names.send });
    this.errors = page.getByRole('alert');
    this.sent = page.getByText(names.sent);
    this.waiting = page.getByText(names.sentOffline);
  }

  /** Opens /suggestions and waits for the form. */
  async open(): Promise<void> {
    await this.page.goto('/suggestions');
    await this.heading.waitFor();
  }

  /** The form's error holding this text. */
  error(text: string): Locator {
    return this.errors.filter({ hasText: text });
  }

  /** The button removing the n-th picked image (from 1). */
  removeImageButton(n: number): Locator {
    return this.page.getByRole('button', { name: this.names.removeImage(n) });
  }

  /** Types the message and how to reply. */
  async write(message: FeedbackMessage): Promise<void> {
    await this.content.fill(message.content);
    await this.contact.fill(message.contact);
  }

  /** Picks a screenshot to send with it. */
  async addImage(file: PhotoFile): Promise<void> {
    await this.imageInput.setInputFiles(file);
  }

  /** Agrees to the terms and sends. */
  async agreeAndSend(): Promise<void> {
    await this.agree.check();
    await this.send();
  }

  async send(): Promise<void> {
    await this.sendButton.click();
  }
}
