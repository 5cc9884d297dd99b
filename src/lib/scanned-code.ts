import { SHARE_KEY_PATTERN } from '../api/card';

/**
 * What a scanned QR code means to /scanqrcode. Our codes hold a card's public link,
 * `${origin}/s/${share_str}` (src/lib/share-links.ts). A code is a business card only when it
 * is an http(s) link on this app's own origin whose path ends in `/s/<share key>`; anything
 * else (another site, a phone number, plain text) is "not a business card QR code".
 */

/** The share key a scanned text points to, or null when it is not one of our card links. */
export function cardShareKey(text: string, origin: string): string | null {
  let url: URL;
  let own: string;
  try {
    url = new URL(text.trim());
    own = new URL(origin).origin;
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.origin !== own) return null;
  const match = /(?:^|\/)s\/([^/]+)\/?$/.exec(url.pathname);
  if (!match?.[1]) return null;
  let key: string;
  try {
    key = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return SHARE_KEY_PATTERN.test(key) ? key : null;
}
