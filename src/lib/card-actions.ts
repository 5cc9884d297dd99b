/**
 * SPEC §5: what tapping the icon of a card entry opens, one rule per kind, used by every card
 * view (my card, a shared card, a friend's card). A rule answers the link to open, or the
 * message key to show instead when the value cannot be opened.
 */
import { chatNumber, isEmailValue, isPhoneValue, websiteHref } from './card-rules';

export type CardAction = { ok: true; href: string; external: boolean } | { ok: false; messageKey: CardActionError };
export type CardActionError = 'card.errors.mail' | 'card.errors.url' | 'card.errors.phone';

export { chatNumber, MIN_CALLABLE_LENGTH } from './card-rules';

export function mailAction(value: string): CardAction {
  const email = value.trim();
  return isEmailValue(email)
    ? { ok: true, href: `mailto:${email}`, external: false }
    : { ok: false, messageKey: 'card.errors.mail' };
}

export function phoneAction(value: string): CardAction {
  const phone = value.trim();
  if (!isPhoneValue(phone)) return { ok: false, messageKey: 'card.errors.phone' };
  return { ok: true, href: `tel:${phone.replace(/[^\d+#*,;]/g, '')}`, external: false };
}

/** A value containing "http" opens as it is; anything else as a protocol-less (https) link. */
export function websiteAction(value: string): CardAction {
  const href = websiteHref(value);
  return href ? { ok: true, href, external: true } : { ok: false, messageKey: 'card.errors.url' };
}

export function mapAction(address: string): CardAction {
  return {
    ok: true,
    href: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.trim())}`,
    external: true,
  };
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
