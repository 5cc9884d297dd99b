import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPANY_IMAGE_MAX_BYTES, COMPANY_PDF_MAX_BYTES } from '../../src/api';
import {
  activeVideo,
  releaseVideo,
  setActiveVideo,
  subscribeActiveVideo,
} from '../../src/components/company/active-video';
import {
  facebookFrame,
  formatBytes,
  pdfFailure,
  refuseFile,
  safeLink,
  wrapIndex,
  YOUTUBE_HEIGHT,
  youtubeEmbedUrl,
} from '../../src/components/company/media';

describe('company block rules', () => {
  it('embeds YouTube from the privacy-enhanced host, 300 high (SPEC §9)', () => {
    expect(youtubeEmbedUrl('dQw4w9WgXcQ')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/);
    expect(YOUTUBE_HEIGHT).toBe(300);
  });

  it('sizes the Facebook player width / 1.36, 280 wide by default, 300 high when it cannot compute (SPEC §9)', () => {
    const url = 'https://www.facebook.com/watch?v=123';
    const frame = facebookFrame(url);
    expect(frame).toMatchObject({ width: 280, height: Math.round(280 / 1.36) });
    expect(new URL(frame.src).searchParams.get('href')).toBe(url);
    expect(new URL(frame.src).origin).toBe('https://www.facebook.com');
    expect(facebookFrame(url, 340)).toMatchObject({ width: 340, height: 250 });
    expect(facebookFrame(url, Number.NaN)).toMatchObject({ width: 280, height: 300 });
    expect(facebookFrame(url, 0)).toMatchObject({ width: 280, height: 300 });
  });

  it('wraps the carousel at both ends', () => {
    expect(wrapIndex(0, 1, 3)).toBe(1);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, -4, 3)).toBe(0);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });

  it('refuses a PDF over 20MB and an image over 12MB before uploading (SPEC §5)', () => {
    const pdf = (size: number, type = 'application/pdf', name = 'a.pdf') => ({ name, type, size });
    expect(refuseFile(pdf(COMPANY_PDF_MAX_BYTES), 'pdf')).toBeNull();
    expect(refuseFile(pdf(COMPANY_PDF_MAX_BYTES + 1), 'pdf')).toBe('company.errors.pdfTooLarge');
    expect(refuseFile(pdf(21 * 1024 * 1024), 'pdf')).toBe('company.errors.pdfTooLarge');
    expect(refuseFile(pdf(10, ''), 'pdf')).toBeNull();
    expect(refuseFile(pdf(10, '', 'a.txt'), 'pdf')).toBe('company.errors.notPdf');
    expect(refuseFile(pdf(10, 'image/png', 'a.png'), 'pdf')).toBe('company.errors.notPdf');
    const img = (size: number, type = 'image/png') => ({ name: 'a.png', type, size });
    expect(refuseFile(img(COMPANY_IMAGE_MAX_BYTES), 'img')).toBeNull();
    expect(refuseFile(img(COMPANY_IMAGE_MAX_BYTES + 1), 'img')).toBe('company.errors.imageTooLarge');
    expect(refuseFile(img(10, 'application/pdf'), 'img')).toBe('company.errors.notImage');
  });

  it('opens only http and https links', () => {
    expect(safeLink('https://example.com/a')?.host).toBe('example.com');
    expect(safeLink('http://example.com')).not.toBeNull();
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink('data:text/html,hi')).toBeNull();
    expect(safeLink('example.com')).toBeNull();
  });

  it('gives the PDF failure a reason in words', () => {
    expect(pdfFailure({ name: 'InvalidPDFException' })).toBe('company.pdf.invalid');
    expect(pdfFailure({ name: 'PasswordException' })).toBe('company.pdf.password');
    expect(pdfFailure({ name: 'FetchError', status: 404 })).toBe('company.pdf.missing');
    expect(pdfFailure(new TypeError('Failed to fetch'))).toBe('company.pdf.network');
    expect(pdfFailure(new Error('odd'))).toBeNull();
    expect(pdfFailure('x')).toBeNull();
  });

  it('formats sizes', () => {
    expect(formatBytes(500)).toBe('1 KB');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});

describe('one video at a time', () => {
  afterEach(() => {
    releaseVideo('a');
    releaseVideo('b');
  });

  it('makes the newly started video the only active one and tells the others', () => {
    const listener = vi.fn();
    const stop = subscribeActiveVideo(listener);
    setActiveVideo('a');
    expect(activeVideo()).toBe('a');
    setActiveVideo('b');
    expect(activeVideo()).toBe('b');
    expect(listener).toHaveBeenCalledTimes(2);
    setActiveVideo('b');
    expect(listener).toHaveBeenCalledTimes(2);
    releaseVideo('a'); // not the active one: nothing changes
    expect(activeVideo()).toBe('b');
    releaseVideo('b');
    expect(activeVideo()).toBeNull();
    stop();
  });
});
