import thai400 from '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff2?url';
import thai700 from '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-700-normal.woff2?url';

/**
 * Thai text never renders as boxes: Noto Sans Thai ships with the app (precached, so offline
 * too) as "Cardbook Thai", first in the font stack (styles.css) but only for the Thai block
 * (unicode-range), so only a page with Thai text downloads it and every other script keeps the
 * system font. Declared through the FontFace API: the Content Security Policy allows no inline
 * style, and the package's own CSS has no unicode-range.
 */
const THAI_RANGE = 'U+0E01-0E5B, U+200C-200D, U+25CC';

export function registerThaiFont(): void {
  if (typeof FontFace === 'undefined') return;
  for (const [url, weight] of [
    [thai400, '400'],
    [thai700, '700'],
  ] as const) {
    document.fonts.add(
      new FontFace('Cardbook Thai', `url(${url}) format('woff2')`, {
        weight,
        unicodeRange: THAI_RANGE,
        display: 'swap',
      }),
    );
  }
}
