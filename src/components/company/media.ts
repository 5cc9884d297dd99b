/**
 * The small rules of the company blocks, pure so they are unit-tested: embed addresses and sizes
 * (SPEC §9), the carousel's timing and wrap-around, the PDF settle time, which picked files may be
 * uploaded (SPEC §5: PDF at most 20MB, images at most 12MB, refused on the device before any
 * byte is sent), and which links a url block may open.
 */
import { COMPANY_IMAGE_MAX_BYTES, COMPANY_PDF_MAX_BYTES } from '../../api';

/** SPEC §9: YouTube player height. */
export const YOUTUBE_HEIGHT = 300;
/** SPEC §9: Facebook player default width, height = width / 1.36, or 300 when it cannot be computed. */
export const FACEBOOK_WIDTH = 280;
export const FACEBOOK_RATIO = 1.36;
export const FACEBOOK_FALLBACK_HEIGHT = 300;
/** SPEC §9: carousel autoplay. */
export const SWIPE_INTERVAL_MS = 4000;
/** SPEC §9: PDF pages keep a loading state about this long after the page count is known. */
export const PDF_SETTLE_MS = 1500;

/** The privacy-enhanced YouTube player (no cookies until the viewer plays), started by the tap. */
export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1&playsinline=1&rel=0`;
}

export function facebookFrame(
  url: string,
  width: number = FACEBOOK_WIDTH,
): { src: string; width: number; height: number } {
  const w = Number.isFinite(width) && width > 0 ? Math.round(width) : FACEBOOK_WIDTH;
  const height = Number.isFinite(width) && width > 0 ? Math.round(width / FACEBOOK_RATIO) : FACEBOOK_FALLBACK_HEIGHT;
  const params = new URLSearchParams({ href: url, show_text: 'false', width: String(w), autoplay: 'true' });
  return { src: `https://www.facebook.com/plugins/video.php?${params.toString()}`, width: w, height };
}

/** The slide after moving by `step` from `index` among `count`, wrapping at both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

export type FileKind = 'pdf' | 'img';
export type FileRefusal =
  | 'company.errors.pdfTooLarge'
  | 'company.errors.imageTooLarge'
  | 'company.errors.notPdf'
  | 'company.errors.notImage';

/** Why a picked file may not be uploaded, or null when it may. Only name, type and size are read. */
export function refuseFile(file: { name: string; type: string; size: number }, kind: FileKind): FileRefusal | null {
  if (kind === 'pdf') {
    const looksPdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
    if (!looksPdf) return 'company.errors.notPdf';
    return file.size > COMPANY_PDF_MAX_BYTES ? 'company.errors.pdfTooLarge' : null;
  }
  if (!file.type.startsWith('image/')) return 'company.errors.notImage';
  return file.size > COMPANY_IMAGE_MAX_BYTES ? 'company.errors.imageTooLarge' : null;
}

/** The link of a url block when it is http(s), else null (never a javascript: or data: link). */
export function safeLink(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** "1.2 MB", "830 KB": a file size for people. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export type PdfFailure = 'company.pdf.invalid' | 'company.pdf.missing' | 'company.pdf.password' | 'company.pdf.network';

/**
 * The reason to show for a PDF that did not load, as a catalogue key, or null when only the
 * error's own message can say (pdf.js names its exceptions; `status` is the HTTP status of the
 * file's fetch; a TypeError from fetch is the network).
 */
export function pdfFailure(err: unknown): PdfFailure | null {
  if (typeof err !== 'object' || err === null) return null;
  const { name, status } = err as { name?: unknown; status?: unknown };
  if (name === 'InvalidPDFException') return 'company.pdf.invalid';
  if (name === 'PasswordException') return 'company.pdf.password';
  if (name === 'MissingPDFException' || status === 404 || status === 410) return 'company.pdf.missing';
  if (name === 'TypeError' || name === 'ResponseException') return 'company.pdf.network';
  return null;
}
