import type { Locator, Page } from 'playwright-core';

export type PhotoFile = { name: string; mimeType: string; buffer: Buffer };
export type EntryList = 'address' | 'tel' | 'email' | 'website' | 'other' | 'industry' | 'social';
export type CompanyInput = { name: string; department: string; position: string };

/**
 * The names the card screens use, in the app's English ('en') and Traditional Chinese ('hk'),
 * from src/i18n/locales/{en,hk}/card.json (and app.json for Save). Screen authors: keep these, or
 * change them here too.
 */
const NAMES = {
  en: {
    name: 'Name',
    englishName: 'English name',
    profile: 'Profile',
    isOpen: 'Public card',
    save: 'Save',
    flip: /^Show (back|front)$/,
    companyName: 'Company name',
    department: 'Department',
    position: 'Position',
    /** The text of each list's "add" button. */
    add: {
      company: 'Add company',
      address: 'Add address',
      tel: 'Add phone number',
      email: 'Add email',
      website: 'Add website',
      other: 'Add other details',
      industry: 'Add industry',
      social: 'Add platform',
    },
    use: (value: string) => `Use ${value}`,
    dismiss: (value: string) => `Dismiss ${value}`,
  },
  hk: {
    name: '姓名',
    englishName: '英文名',
    profile: '個人簡介',
    isOpen: '公開名片',
    save: '保存',
    flip: /^查看(背面|正面)$/,
    companyName: '公司名稱',
    department: '部門',
    position: '職位',
    add: {
      company: '新增公司',
      address: '新增地址',
      tel: '新增電話',
      email: '新增電郵',
      website: '新增網站',
      other: '新增其他資料',
      industry: '新增行業',
      social: '新增通訊平台',
    },
    use: (value: string) => `加入 ${value}`,
    dismiss: (value: string) => `略過 ${value}`,
  },
} satisfies Record<string, { add: Record<EntryList | 'company', string> } & Record<string, unknown>>;

export type CardLang = keyof typeof NAMES;

/**
 * /card/create (the editor) and /card/info (my card), in English or Chinese (NAMES above). The
 * editor's fields are labelled 'Name', 'English name' and 'Profile', its switch 'Public card',
 * its submit button 'Save'; each list is a section `section[data-list="{list}"]` with an add
 * button (NAMES' `add`) and a group per row (its label a combobox, its content a textbox); a
 * field in error is `aria-invalid` and `aria-describedby` its message. What recognizing my paper
 * card read and the card already had is offered in the test id `scan-suggestions`, each value in
 * `.scan-suggestion-value` with buttons named 'Use {value}' and 'Dismiss {value}'.
 */
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
  readonly names: (typeof NAMES)[CardLang];
  /** The editor's fields in error. */
  readonly invalid: Locator;
  /** What recognizing my paper card offers to add (in the editor). */
  readonly suggestions: Locator;

  constructor(
    readonly page: Page,
    lang: CardLang = 'en',
  ) {
    const names = NAMES[lang];
    this.names = names;
    this.name = page.getByLabel(names.name, { exact: true });
    this.englishName = page.getByLabel(names.englishName, { exact: true });
    this.profile = page.getByLabel(names.profile, { exact: true });
    this.isOpen = page.getByRole('switch', { name: names.isOpen });
    this.save = page.getByRole('button', { name: names.save, exact: true });
    this.photos = page.getByTestId('card-photos');
    this.flip = this.photos.getByRole('button', { name: names.flip });
    this.cardName = page.getByTestId('card-name');
    this.details = page.getByTestId('card-details');
    this.pending = page.getByTestId('sync-pending');
    this.invalid = page.locator('[aria-invalid="true"]');
    this.suggestions = page.getByTestId('scan-suggestions');
  }

  async openEditor(): Promise<void> {
    await this.page.goto('/card/create');
  }

  async openInfo(): Promise<void> {
    await this.page.goto('/card/info');
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

  /** The content fields of a list's rows, in order. */
  entries(list: EntryList): Locator {
    return this.section(list).getByRole('textbox');
  }

  /** The label choosers of a list's rows, in order. */
  entryLabels(list: EntryList): Locator {
    return this.section(list).getByRole('combobox');
  }

  /** Adds an entry at the end of a list; `label` is the label's name in the page's language. */
  async addEntry(list: EntryList, content: string, label?: string): Promise<void> {
    const section = this.section(list);
    await section.getByRole('button', { name: this.names.add[list] }).click();
    const row = section.getByRole('group').last();
    if (label) await row.getByRole('combobox').selectOption({ label });
    await row.getByRole('textbox').fill(content);
  }

  async addCompany(company: CompanyInput): Promise<void> {
    const section = this.section('company');
    await section.getByRole('button', { name: this.names.add.company }).click();
    const row = section.getByRole('group').last();
    await row.getByLabel(this.names.companyName).fill(company.name);
    await row.getByLabel(this.names.department).fill(company.department);
    await row.getByLabel(this.names.position).fill(company.position);
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

  /** The message shown for a field in error (what its aria-describedby points to). */
  async messageOf(field: Locator): Promise<string> {
    const id = await field.getAttribute('aria-describedby');
    return (await this.page.locator(`[id="${id}"]`).textContent()) ?? '';
  }

  /** The values recognizing my paper card offers, in order. */
  async offered(): Promise<string[]> {
    return this.suggestions.locator('.scan-suggestion-value').allTextContents();
  }

  /** The button adding an offered value to my card. */
  acceptButton(value: string): Locator {
    return this.page.getByRole('button', { name: this.names.use(value) });
  }

  /** The button dismissing an offered value. */
  dismissButton(value: string): Locator {
    return this.page.getByRole('button', { name: this.names.dismiss(value) });
  }

  async acceptSuggestion(value: string): Promise<void> {
    await this.acceptButton(value).click();
  }

  async dismissSuggestion(value: string): Promise<void> {
    await this.dismissButton(value).click();
  }
}
