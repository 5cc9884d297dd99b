import type { Locator, Page } from 'playwright-core';
import type { PhotoFile } from './card';

/**
 * /myProfile, /editMyProfile (with its avatar editor) and the head of /userHome, in English.
 * Accessible names the avatar and my name expect (from src/i18n/locales/en/auth.json):
 *   - on /userHome: my name in the test id `user-name`, a link named 'Add your name' while I have
 *     none, and my letter avatar (`.profile-head .avatar-fallback`) while I have no photo
 *   - on /editMyProfile: a region named 'Avatar' holding my avatar (`img.avatar` once I have a
 *     photo) and the file input `avatar-input`; a dialog named 'Crop your photo' with a slider
 *     labelled 'Zoom', buttons 'Preview' and 'Use this photo', and the preview as an image named
 *     'Your new avatar'; saved offline, the words 'Saved on this device; it will sync when you
 *     are back online'
 *   - in the top bar (the banner landmark): my avatar photo as `img.avatar`
 */
export class ProfilePages {
  readonly details: Locator;
  readonly fullName: Locator;
  readonly save: Locator;
  readonly pending: Locator;
  // /userHome
  readonly userName: Locator;
  readonly addNameLink: Locator;
  readonly letterAvatar: Locator;
  // /editMyProfile, the avatar
  readonly avatarEditor: Locator;
  readonly avatarInput: Locator;
  /** My photo in the avatar editor, once I have one. */
  readonly editorAvatar: Locator;
  readonly cropDialog: Locator;
  readonly zoom: Locator;
  readonly previewButton: Locator;
  readonly preview: Locator;
  readonly useButton: Locator;
  readonly savedOffline: Locator;
  /** My photo in the top bar, once I have one. */
  readonly topBarAvatar: Locator;

  constructor(readonly page: Page) {
    this.details = page.getByTestId('profile-details');
    this.fullName = page.getByLabel('Name', { exact: true });
    this.save = page.getByRole('button', { name: 'Save' });
    this.pending = page.getByTestId('sync-pending');
    this.userName = page.getByTestId('user-name');
    this.addNameLink = page.getByRole('link', { name: 'Add your name' });
    this.letterAvatar = page.locator('.profile-head .avatar-fallback');
    this.avatarEditor = page.getByRole('region', { name: 'Avatar', exact: true });
    this.avatarInput = page.getByTestId('avatar-input');
    this.editorAvatar = this.avatarEditor.locator('img.avatar');
    this.cropDialog = page.getByRole('dialog', { name: 'Crop your photo' });
    this.zoom = this.cropDialog.getByLabel('Zoom');
    this.previewButton = this.cropDialog.getByRole('button', { name: 'Preview' });
    this.preview = this.cropDialog.getByRole('img', { name: 'Your new avatar' });
    this.useButton = this.cropDialog.getByRole('button', { name: 'Use this photo' });
    this.savedOffline = page.getByText('Saved on this device; it will sync when you are back online');
    this.topBarAvatar = page.getByRole('banner').locator('img.avatar');
  }

  async editName(name: string): Promise<void> {
    await this.page.getByRole('link', { name: 'Edit', exact: true }).click();
    await this.fullName.fill(name);
    await this.save.click();
    await this.page.waitForURL('**/myProfile');
  }

  async openHome(): Promise<void> {
    await this.page.goto('/userHome');
  }

  async openEdit(): Promise<void> {
    await this.page.goto('/editMyProfile');
  }

  /** On /editMyProfile: picks a photo for my avatar, and waits for the crop dialog. */
  async pickAvatar(file: PhotoFile): Promise<void> {
    await this.avatarInput.setInputFiles(file);
    await this.cropDialog.waitFor();
  }

  /** In the crop dialog: the zoom slider set to `zoom` (1 to 4). */
  async zoomTo(zoom: number): Promise<void> {
    await this.zoom.fill(String(zoom));
  }

  /** In the crop dialog: shows the cropped square, and waits for it. */
  async showPreview(): Promise<void> {
    await this.previewButton.click();
    await this.preview.waitFor();
  }

  /** In the crop dialog, after the preview: makes it my avatar (the dialog then closes). */
  async confirmPhoto(): Promise<void> {
    await this.useButton.click();
  }
}
