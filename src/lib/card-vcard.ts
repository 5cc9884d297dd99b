import type { CardExtension } from '../api';
import { CHAT_NUMBER_PLATFORMS, isSocialValue } from './card-rules';
import { escapeText, foldLine, plainValue, splitPersonalName, structured, websiteUrl } from './vcard-text';

/** Side of the square a contact picture fits in: enough for a contact, small to send. */
export const VCARD_PHOTO_PX = 400;

/**
 * A card as a vCard 3.0 file (RFC 2426): the one vCard writer of the app. Every contact file is
 * made here: my card and a friend's (export_vcf, share/vcf, user_card_info/{key}/1), the ones
 * in /api/user/export, a friend's card made offline, and cloud cards (cloud-export.ts maps a
 * cloud card to this input). Pure; runs in browsers and Node.
 *
 * - FN is the name (else the English name); N splits it into family and given names and an
 *   honorific suffix ("David Wong, Jr."), for Chinese, Japanese and Korean names as for Western
 *   ones (splitPersonalName); the English name, when both are present, is the NICKNAME.
 * - One ORG (company;department) and TITLE (position) per company; with several companies each
 *   pair shares a group (company1.ORG, company1.TITLE) so they stay paired.
 * - TEL, EMAIL, ADR, URL and X-SOCIALPROFILE per entry, with the TYPE its label maps to. A URL
 *   is http(s) only (SPEC §5: one without a scheme is a protocol-less link, written https://);
 *   any other scheme (javascript:, data:, ...) is dropped, and commas, semicolons and spaces in
 *   it are percent-encoded, so no importer splits it. A social entry is a handle or an http(s)
 *   link (isSocialValue, the rule the editor and the server check); any other is dropped.
 * - NOTE holds the profile, then the industry and other entries, one per line.
 * - PHOTO is the picture embedded as a base64 JPEG (PHOTO;ENCODING=b;TYPE=JPEG), which iOS and
 *   Google Contacts need (they do not fetch a URI): on the server the bytes come from
 *   server/services/vcard-photo.ts. A device that cannot read the picture gives its absolute
 *   http(s) URL instead (PHOTO;VALUE=uri).
 *
 * Text is escaped (backslash, comma, semicolon, newline: RFC 2426 §4) in every text value, and
 * within each component of N, ORG and ADR, whose unescaped semicolons separate the components;
 * lines end in CRLF, and lines longer than 75 octets are folded without splitting a UTF-8
 * character.
 */
export type VCardInput = {
  /** A stable id for the contact, so importing twice updates one contact. */
  uid: string;
  name: string;
  english_name: string;
  profile: string;
  /** The picture as JPEG bytes (the server's vcard-photo.ts), else its absolute http(s) URL, or null. */
  photo: Uint8Array | string | null;
  extension: CardExtension;
};

const TEL_TYPES: Record<string, string[]> = {
  work: ['work', 'voice'],
  mobile: ['cell', 'voice'],
  home: ['home', 'voice'],
  work_fax: ['work', 'fax'],
  home_fax: ['home', 'fax'],
  voice: ['voice'],
};
const EMAIL_TYPES: Record<string, string[]> = { work: ['internet', 'work'], personal: ['internet', 'home'] };
const ADR_TYPES: Record<string, string[]> = { work: ['work'], home: ['home'], postal: ['postal'] };
const URL_TYPES: Record<string, string[]> = { company: ['work'], personal: ['home'], blog: ['blog'] };

/** TYPE parameter values: lower-case tokens only. */
function typeParam(types: readonly string[]): string {
  const tokens = types.map((t) => t.toLowerCase().replace(/[^a-z0-9-]/g, '')).filter(Boolean);
  return tokens.length ? `;TYPE=${tokens.join(',')}` : '';
}

export function buildVCard(card: VCardInput): string {
  const ext = card.extension;
  const displayName = card.name || card.english_name || ext.company[0]?.name || 'Cardbook';
  const { family, given, suffix } = splitPersonalName(card.name || card.english_name);
  const lines: string[] = ['BEGIN:VCARD', 'VERSION:3.0', 'PRODID:-//Cardbook//Cardbook//EN'];
  lines.push(`UID:${plainValue(card.uid)}`);
  lines.push(`FN:${escapeText(displayName)}`);
  lines.push(`N:${structured([family, given, '', '', suffix])}`);
  if (card.name && card.english_name && card.english_name !== card.name) {
    lines.push(`NICKNAME:${escapeText(card.english_name)}`);
  }
  const grouped = ext.company.length > 1;
  ext.company.forEach((company, i) => {
    const group = grouped ? `company${i + 1}.` : '';
    if (company.name || company.department) {
      lines.push(`${group}ORG:${structured(company.department ? [company.name, company.department] : [company.name])}`);
    }
    if (company.position) lines.push(`${group}TITLE:${escapeText(company.position)}`);
  });
  for (const tel of ext.tel) lines.push(`TEL${typeParam(TEL_TYPES[tel.key] ?? [])}:${plainValue(tel.content)}`);
  for (const email of ext.email) {
    lines.push(`EMAIL${typeParam(EMAIL_TYPES[email.key] ?? ['internet'])}:${escapeText(email.content.trim())}`);
  }
  for (const adr of ext.address) {
    lines.push(`ADR${typeParam(ADR_TYPES[adr.key] ?? [])}:${structured(['', '', adr.content, '', '', '', ''])}`);
  }
  for (const site of ext.website) {
    const url = websiteUrl(site.content);
    if (url) lines.push(`URL${typeParam(URL_TYPES[site.key] ?? [])}:${url}`);
  }
  for (const social of ext.social) {
    const content = social.content.trim();
    if (!content || (!CHAT_NUMBER_PLATFORMS.has(social.key) && !isSocialValue(content))) continue;
    lines.push(`X-SOCIALPROFILE${typeParam([social.key])}:${escapeText(content)}`);
  }
  const note = [card.profile, ...ext.industry.map((e) => e.content), ...ext.other.map((e) => e.content)]
    .map((s) => s.trim())
    .filter(Boolean)
    .join('\n');
  if (note) lines.push(`NOTE:${escapeText(note)}`);
  if (card.photo instanceof Uint8Array) lines.push(`PHOTO;ENCODING=b;TYPE=JPEG:${base64Of(card.photo)}`);
  else if (card.photo && /^https?:\/\//i.test(card.photo)) {
    const uri = websiteUrl(card.photo);
    if (uri) lines.push(`PHOTO;VALUE=uri:${uri}`);
  }
  lines.push('END:VCARD');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** Standard base64 of bytes, in Node and in browsers alike. */
function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
