/**
 * SPEC §5: what tapping the icon of a card entry opens, one rule per kind, used by every card
 * view (my card, a shared card, a friend's card). A rule answers the link to open, or the
 * message key to show instead when the value cannot be opened.
 */
export type CardAction = { ok: true; href: string; external: boolean } | { ok: false; messageKey: CardActionError };
export type CardActionError = 'card.errors.mail' | 'card.errors.url' | 'card.errors.phone';

/** Minimum length of a phone or website value (SPEC §5, §9). */
export const MIN_CALLABLE_LENGTH = 5;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function mailAction(value: string): CardAction {
  const email = value.trim();
  return EMAIL.test(email)
    ? { ok: true, href: `mailto:${email}`, external: false }
    : { ok: false, messageKey: 'card.errors.mail' };
}

export function phoneAction(value: string): CardAction {
  const phone = value.trim();
  if (phone.length < MIN_CALLABLE_LENGTH) return { ok: false, messageKey: 'card.errors.phone' };
  return { ok: true, href: `tel:${phone.replace(/[^\d+#*,;]/g, '')}`, external: false };
}

/** A value containing "http" opens as it is; anything else as a protocol-less (https) link. */
export function websiteAction(value: string): CardAction {
  const site = value.trim();
  if (site.length < MIN_CALLABLE_LENGTH) return { ok: false, messageKey: 'card.errors.url' };
  const href = site.includes('http') ? site : `//${site}`;
  try {
    const url = new URL(href, 'https://example.invalid');
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, messageKey: 'card.errors.url' };
  } catch {
    return { ok: false, messageKey: 'card.errors.url' };
  }
  return { ok: true, href, external: true };
}

export function mapAction(address: string): CardAction {
  return {
    ok: true,
    href: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.trim())}`,
    external: true,
  };
}

/**
 * WhatsApp and Signal numbers: dashes, spaces and plus signs removed; an 8-digit (Hong Kong)
 * number gets the 852 prefix; an 11-digit number is kept as it is.
 */
export function chatNumber(value: string): string {
  const digits = value.replace(/[-+\s]/g, '');
  return /^\d{8}$/.test(digits) ? `852${digits}` : digits;
}

/** The chat app a social entry opens, by its key; null when the key has no direct link. */
export function socialAction(key: string, value: string): CardAction | null {
  const v = value.trim();
  if (/^https?:\/\//.test(v)) return { ok: true, href: v, external: true };
  switch (key) {
    case 'whatsapp':
      return { ok: true, href: `https://wa.me/${chatNumber(v)}`, external: true };
    case 'signal':
      return { ok: true, href: `https://signal.me/#p/+${chatNumber(v)}`, external: true };
    case 'telegram':
      return { ok: true, href: `https://t.me/${v.replace(/^@/, '')}`, external: true };
    case 'line':
      return { ok: true, href: `https://line.me/R/ti/p/~${encodeURIComponent(v)}`, external: true };
    case 'twitter':
      return { ok: true, href: `https://x.com/${v.replace(/^@/, '')}`, external: true };
    case 'instagram':
      return { ok: true, href: `https://instagram.com/${v.replace(/^@/, '')}`, external: true };
    case 'facebook':
      return { ok: true, href: `https://facebook.com/${encodeURIComponent(v)}`, external: true };
    case 'messenger':
      return { ok: true, href: `https://m.me/${encodeURIComponent(v)}`, external: true };
    case 'youtube':
      return { ok: true, href: `https://youtube.com/@${v.replace(/^@/, '')}`, external: true };
    default:
      return null;
  }
}
