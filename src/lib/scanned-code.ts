import { SHARE_KEY_PATTERN } from '../api/card';
import { isRoomCode, normaliseRoomCode } from '../api/exchange';

/**
 * What a scanned QR code means to /scanqrcode. Our codes hold a card's public link,
 * `${origin}/s/${share_str}` (src/lib/share-links.ts), or an exchange room's, `${origin}/ex/{code}`. A code is a business card only when it
 * is an http(s) link on this app's own origin whose path ends in `/s/<share key>`; anything
 * else (another site, a phone number, plain text) is "not a business card QR code".
 */

/** The path of a scanned link on this app's own origin, or null for anything else. */
function ownPath(text: string, origin: string): string | null {
  let url: URL;
  let own: string;
  try {
    url = new URL(text.trim());
    own = new URL(origin).origin;
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return url.origin === own ? url.pathname : null;
}

/** The room code of a scanned exchange link (`${origin}/ex/{room_code}`), or null. */
export function exchangeRoomCode(text: string, origin: string): string | null {
  const path = ownPath(text, origin);
  const match = path === null ? null : /(?:^|\/)ex\/([A-Za-z0-9-]{1,20})\/?$/.exec(path);
  if (!match?.[1]) return null;
  const code = normaliseRoomCode(match[1]);
  return isRoomCode(code) ? code : null;
}

/** The share key a scanned text points to, or null when it is not one of our card links. */
export function cardShareKey(text: string, origin: string): string | null {
  const path = ownPath(text, origin);
  const match = path === null ? null : /(?:^|\/)s\/([^/]+)\/?$/.exec(path);
  if (!match?.[1]) return null;
  let key: string;
  try {
    key = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return SHARE_KEY_PATTERN.test(key) ? key : null;
}

/** The fragment of a scanned link, without its '#' ('' when none): a card link's carries the card's copy (src/lib/card-copy.ts). */
export function scannedFragment(text: string): string {
  try {
    return new URL(text.trim()).hash.slice(1);
  } catch {
    return '';
  }
}
