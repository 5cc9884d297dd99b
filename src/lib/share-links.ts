import type { CardShare } from '../api/card';

/**
 * What a card's share sheet offers (SPEC §3 share object): the public link `/s/{share_str}`,
 * the text of its QR code, the social channels, and file names for what it downloads.
 */

/** The channels of the share object that open another site, in the order the sheet lists them. */
export const SOCIAL_CHANNELS = ['whatsapp', 'fb', 'line', 'telegram', 'linkedin', 'twitter'] as const;
export type SocialChannel = (typeof SOCIAL_CHANNELS)[number];

type Shareable = { share_str: string; share: CardShare };

/** The card's public link; '' while the card has no share key yet (not synced). */
export function cardLink(card: Shareable, origin: string): string {
  if (card.share_str === '') return '';
  return card.share.link || `${origin}/s/${encodeURIComponent(card.share_str)}`;
}

/** The text the QR code holds: the share object's `qr`, else the public link. */
export function qrText(card: Shareable, origin: string): string {
  if (card.share_str === '') return '';
  return card.share.qr || cardLink(card, origin);
}

const isWebLink = (href: string) => /^https?:\/\//i.test(href);

/** The social channels that have a web link, each with it. */
export function socialChannels(share: CardShare): { channel: SocialChannel; href: string }[] {
  return SOCIAL_CHANNELS.filter((channel) => isWebLink(share[channel])).map((channel) => ({
    channel,
    href: share[channel],
  }));
}

/**
 * A file name made from a card's name: characters that no file system accepts are replaced,
 * spaces kept, at most 80 characters; `fallback` when nothing is left.
 */
export function fileNameOf(name: string, extension: string, fallback = 'card'): string {
  const cleaned = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80)
    .trim();
  return `${cleaned || fallback}.${extension}`;
}
