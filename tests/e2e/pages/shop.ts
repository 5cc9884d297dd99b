import type { Locator, Page } from 'playwright-core';
import type { PhotoFile } from './card';

export type ShopKind = 'image' | 'metal';

/** The products' names, as the shop's headings give them. */
const PRODUCT: Record<ShopKind, string> = { image: 'Image card', metal: 'Metal limited edition' };

export type Delivery = { recipient: string; phone: string; address: string };

/**
 * The exclusive NFC card shop, in English: /exclusiveCard (the products, the order form, my
 * orders and each order's state) and /bindExclusiveCard/{no}?c={check} (the link on the card's
 * chip). Accessible names it expects (from src/i18n/locales/en/info.json; screen authors: keep
 * these, or change them here too):
 *   - on the shop: a list item per product with a heading 'Image card' or 'Metal limited edition'
 *     and a link named 'Order this card'; my orders' links in the list with the test id `orders`
 *   - the order form: a heading 'Order: {product}', fields labelled 'Name on the card',
 *     'Recipient', 'Phone for the courier' and 'Delivery address', and a button 'Place order'
 *   - an order: its state in the test id `order-status`, its tracking number in `order-tracking`
 *     ('Tracking number: {no}'), and a file input for the payment proof (the only one on it)
 *   - the chip's link: a button named 'Bind to my card', the words 'Bound! Tap the card on any
 *     phone to share your card.' once bound, and a refusal (the server's words) as an alert in
 *     the page's main landmark
 */
export class ShopPages {
  // /exclusiveCard, the shop's front
  readonly orders: Locator;
  // /exclusiveCard?buy={kind}, the order form
  readonly nameOnCard: Locator;
  readonly recipient: Locator;
  readonly phone: Locator;
  readonly address: Locator;
  readonly placeButton: Locator;
  // /exclusiveCard?order={id}, an order
  readonly status: Locator;
  readonly tracking: Locator;
  readonly proofInput: Locator;
  // /bindExclusiveCard/{no}?c={check}
  readonly bindButton: Locator;
  readonly bound: Locator;
  /** Why the chip's link was refused (another account's card, a wrong check code). */
  readonly bindRefusal: Locator;

  constructor(readonly page: Page) {
    this.orders = page.getByTestId('orders');
    this.nameOnCard = page.getByLabel('Name on the card');
    this.recipient = page.getByLabel('Recipient');
    this.phone = page.getByLabel('Phone for the courier');
    this.address = page.getByLabel('Delivery address');
    this.placeButton = page.getByRole('button', { name: 'Place order' });
    this.status = page.getByTestId('order-status');
    this.tracking = page.getByTestId('order-tracking');
    this.proofInput = page.locator('input[type="file"]');
    this.bindButton = page.getByRole('button', { name: 'Bind to my card' });
    this.bound = page.getByText('Bound! Tap the card on any phone to share your card.');
    this.bindRefusal = page.getByRole('main').getByRole('alert');
  }

  async open(): Promise<void> {
    await this.page.goto('/exclusiveCard');
  }

  /** A product's heading on the shop's front. */
  productHeading(kind: ShopKind): Locator {
    return this.page.getByRole('heading', { name: PRODUCT[kind], exact: true });
  }

  /** A product on the shop's front: its picture, words, price and order link. */
  product(kind: ShopKind): Locator {
    return this.page.getByRole('listitem').filter({ has: this.productHeading(kind) });
  }

  /** The order form's heading, 'Order: {product}'. */
  formHeading(kind: ShopKind): Locator {
    return this.page.getByRole('heading', { name: `Order: ${PRODUCT[kind]}`, exact: true });
  }

  /** From the shop's front to a product's order form. */
  async orderThis(kind: ShopKind): Promise<void> {
    await this.product(kind).getByRole('link', { name: 'Order this card' }).click();
    await this.formHeading(kind).waitFor();
  }

  /** On the order form: where the cards go, then the order placed (the app then shows the order). */
  async placeOrder(delivery: Delivery): Promise<void> {
    await this.recipient.fill(delivery.recipient);
    await this.phone.fill(delivery.phone);
    await this.address.fill(delivery.address);
    await this.placeButton.click();
  }

  /** On an order: picks the photo of the payment receipt. */
  async uploadProof(file: PhotoFile): Promise<void> {
    await this.proofInput.setInputFiles(file);
  }

  /** The state shown on an order, e.g. 'Submitted'. */
  async statusText(): Promise<string | null> {
    return this.status.textContent();
  }

  /** From my orders on the shop's front to one order (by its line, e.g. its order number). */
  async openOrder(text?: string | RegExp): Promise<void> {
    const links = this.orders.getByRole('link');
    await (text === undefined ? links.first() : links.filter({ hasText: text })).click();
  }

  /** Opens the chip's link (a path with its `?c=` check code). */
  async openLink(pathAndSearch: string): Promise<void> {
    await this.page.goto(pathAndSearch);
  }

  /** On the chip's link: binds the card to my card (the words `bound` then say so). */
  async bind(): Promise<void> {
    await this.bindButton.click();
  }
}
