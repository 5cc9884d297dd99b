import type { Locator, Page } from 'playwright-core';

type BlockType = 'Text' | 'Heading' | 'Link' | 'PDF' | 'Video' | 'Picture' | 'Slideshow';
type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/** /information/info and /information/edit in English. */
export class CompanyPages {
  /** The blocks as shown on /information/info. */
  readonly blocks: Locator;
  /** Every block being edited on /information/edit, in order. */
  readonly editorBlocks: Locator;
  readonly save: Locator;
  readonly pending: Locator;

  constructor(readonly page: Page) {
    this.blocks = page.getByTestId('company-blocks');
    this.editorBlocks = page.locator('section.block-edit');
    this.save = page.getByRole('button', { name: 'Save', exact: true });
    this.pending = page.getByTestId('sync-pending');
  }

  async openInfo(): Promise<void> {
    await this.page.goto('/information/info');
    await this.page.getByRole('heading', { name: 'Promotional content', level: 1 }).waitFor();
  }

  async openEditor(): Promise<void> {
    await this.page.goto('/information/edit');
    await this.page.getByRole('heading', { name: 'Edit promotional content', level: 1 }).waitFor();
  }

  /** Adds a block of that type and answers its editor (at the position it was added at). */
  async add(type: BlockType): Promise<Locator> {
    const at = await this.editorBlocks.count();
    await this.page.getByRole('button', { name: `Add ${type}`, exact: true }).click();
    const block = this.editorBlocks.nth(at);
    await block.waitFor();
    return block;
  }

  async addText(text: string): Promise<void> {
    await (await this.add('Text')).getByLabel('Text', { exact: true }).fill(text);
  }

  async addHeading(text: string): Promise<void> {
    await (await this.add('Heading')).getByLabel('Heading text').fill(text);
  }

  async addLink(url: string, label: string): Promise<void> {
    const block = await this.add('Link');
    await block.getByLabel('Web address').fill(url);
    await block.getByLabel('Button label (optional)').fill(label);
  }

  async addVideo(url: string): Promise<Locator> {
    const block = await this.add('Video');
    await block.getByLabel('Video link').fill(url);
    return block;
  }

  /** Picks a file (its bytes, or a path on disk) for a new PDF or Picture block; answers the block. */
  async addFile(type: 'PDF' | 'Picture', file: FilePayload | string): Promise<Locator> {
    const block = await this.add(type);
    await block.locator('input[type=file]').setInputFiles(file);
    return block;
  }

  async saveAndWait(): Promise<void> {
    await this.save.click();
    await this.page.waitForURL('**/information/info');
  }
}
