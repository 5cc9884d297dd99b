import type { Locator, Page } from 'playwright-core';

export type PhotoFile = { name: string; mimeType: string; buffer: Buffer };
export type EntryList = 'address' | 'tel' | 'email' | 'website' | 'other' | 'industry' | 'social';
export type CompanyInput = { name: string; department: string; position: string };

/** The English text of each list's "add" button. */
const ADD: Record<EntryList | 'company', string> = {
  company: 'Add company',
  address: 'Add address',
  tel: 'Add phone number',
  email: 'Add email',
  website: 'Add website',
  other: 'Add other details',
  industry: 'Add industry',
  social: 'Add platform',
};

/** /card/create (the editor) and /card/info (my card), in English. */
export class CardPages {
  readonly name: Locator;
  readonly englishName: Locator;
  readonly profile: Locator;
  readonly isOpen: Locator;
  readonly save: Locator;
  readonly photos: Locator;
  readonly flip: Locator;
  readonly cardName: Locator;
  readonly details: Locator;
  readonly pending: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByLabel('Name', { exact: true });
    this.englishName = page.getByLabel('English name', { exact: true });
    this.profile = page.getByLabel('Profile', { exact: true });
    this.isOpen = page.getByRole('switch', { name: 'Public card' });
    this.save = page.getByRole('button', { name: 'Save', exact: true });
    this.photos = page.getByTestId('card-photos');
    this.flip = this.photos.getByRole('button', { name: /^Show (back|front)$/ });
    this.cardName = page.getByTestId('card-name');
    this.details = page.getByTestId('card-details');
    this.pending = page.getByTestId('sync-pending');
  }

  /** The visible face of the card photos (the other face is hidden from the accessibility tree). */
  photo(alt: string | RegExp): Locator {
    return this.photos.getByRole('img', { name: alt });
  }

  /** The photo picker of one side, with its preview and its error. */
  photoPicker(side: 'front' | 'back'): Locator {
    return this.page.getByTestId(`photo-picker-${side}`);
  }

  async choosePhoto(side: 'front' | 'back', file: PhotoFile): Promise<void> {
    await this.page.getByTestId(`photo-input-${side}`).setInputFiles(file);
    await this.photoPicker(side).getByRole('img').waitFor();
  }

  /** Picks a file the editor should refuse, and answers the message it shows. */
  async refusedPhoto(side: 'front' | 'back', file: PhotoFile): Promise<string> {
    await this.page.getByTestId(`photo-input-${side}`).setInputFiles(file);
    const alert = this.photoPicker(side).getByRole('alert');
    await alert.waitFor();
    return (await alert.textContent()) ?? '';
  }

  private section(list: EntryList | 'company'): Locator {
    return this.page.locator(`section[data-list="${list}"]`);
  }

  /** Adds an entry at the end of a list; `label` is the label's English name. */
  async addEntry(list: EntryList, content: string, label?: string): Promise<void> {
    const section = this.section(list);
    await section.getByRole('button', { name: ADD[list] }).click();
    const row = section.getByRole('group').last();
    if (label) await row.getByRole('combobox').selectOption({ label });
    await row.getByRole('textbox').fill(content);
  }

  async addCompany(company: CompanyInput): Promise<void> {
    const section = this.section('company');
    await section.getByRole('button', { name: ADD.company }).click();
    const row = section.getByRole('group').last();
    await row.getByLabel('Company name').fill(company.name);
    await row.getByLabel('Department').fill(company.department);
    await row.getByLabel('Position').fill(company.position);
  }

  /** Saves the editor and waits for /card/info. */
  async saveCard(): Promise<void> {
    await this.save.click();
    await this.page.waitForURL('**/card/info');
  }

  /** The icon of an entry, by its accessible name (e.g. 'Email amy@example.com'). */
  action(name: string): Locator {
    return this.details
      .getByRole('button', { name, exact: true })
      .or(this.details.getByRole('link', { name, exact: true }));
  }
}
