/**
 * The rules of my card's entries (SPEC §5, §9), one definition each: the contract checks a
 * card with them (src/api/card.ts, so the editor and the server refuse the same input), and
 * the card views' actions use them to decide what a value opens (card-actions.ts).
 */

/** Minimum length of a phone or website value (SPEC §5, §9). */
export const MIN_CALLABLE_LENGTH = 5;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A phone number: at least 5 characters, and digits (with the usual separators, an extension). */
export function isPhoneValue(value: string): boolean {
  const phone = value.trim();
  return (
    phone.length >= MIN_CALLABLE_LENGTH &&
    /\d/.test(phone) &&
    /^[\d\s+()\-./#*,;]*(?:(?:ext|x)\.?\s*\d+)?$/i.test(phone)
  );
}

export function isEmailValue(value: string): boolean {
  return EMAIL.test(value.trim());
}

/**
 * A website: at least 5 characters; one containing "http" opens as it is, anything else as a
 * protocol-less (https) link (SPEC §5). Answers the link, or null when it is not one.
 */
export function websiteHref(value: string): string | null {
  const site = value.trim();
  if (site.length < MIN_CALLABLE_LENGTH || /\s/.test(site)) return null;
  const href = site.includes('http') ? site : `//${site}`;
  try {
    const url = new URL(href, 'https://example.invalid');
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
  } catch {
    return null;
  }
  return href;
}

export const isWebsiteValue = (value: string): boolean => websiteHref(value) !== null;

/**
 * A website as it is stored (scans and people write bare hosts, "www.example.com.hk"): trimmed,
 * and one without a scheme gets "https://", which opens the same place (SPEC §5). A value that is
 * not a website is answered as it was, for the rule to refuse or the caller to keep.
 */
export function normalizeWebsite(value: string): string {
  const href = websiteHref(value);
  if (href === null) return value;
  return href.startsWith('//') ? `https:${href}` : href;
}

/** A cloud card row's value as it is stored: a website normalised, anything else as it is. */
export const cloudRowValue = (key: string, value: string): string =>
  key.trim() === 'website' ? normalizeWebsite(value) : value;

/** The social platforms whose entry is a phone number. */
export const CHAT_NUMBER_PLATFORMS: ReadonlySet<string> = new Set(['whatsapp', 'signal']);

/**
 * WhatsApp and Signal numbers (SPEC §5): dashes, spaces and plus signs removed; an 8-digit (Hong
 * Kong) number gets the 852 prefix; an 11-digit number is kept as it is.
 */
export function chatNumber(value: string): string {
  const digits = value.replace(/[-+\s]/g, '');
  return /^\d{8}$/.test(digits) ? `852${digits}` : digits;
}

/** A WhatsApp or Signal number once normalised: digits only, as an international number has (8 to 15). */
export function isChatNumber(value: string): boolean {
  return /^\d{8,15}$/.test(chatNumber(value));
}

/**
 * A social entry: a handle or ID (`@alice`, a WeChat ID) as it is, or a link; a link (anything
 * with a URL scheme, `javascript:` included, or starting `//`) must be a website (websiteHref),
 * so it opens as http(s). WhatsApp and Signal numbers are judged by isChatNumber instead.
 */
export function isSocialValue(value: string): boolean {
  const social = value.trim();
  const isLink = /^[a-z][a-z0-9+.-]*:/i.test(social) || social.startsWith('//');
  return !isLink || websiteHref(social) !== null;
}
