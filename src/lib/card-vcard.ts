import type { CardExtension } from '../api';
import { escapeComponent, escapeText, foldLine, plainValue, splitPersonalName, websiteUrl } from './vcard-text';

/**
 * A card as a vCard 3.0 file (RFC 2426), the contact file of SPEC §7 (export_vcf, share/vcf,
 * user_card_info/{key}/1). Pure, so the server's contact files and
 * the ones a device makes offline (a friend's card in the card holder) are the same.
 *
 * - FN is the name (else the English name); N splits it into family and given names, for
 *   Chinese, Japanese and Korean names as for Western ones (splitPersonalName); the English name,
 *   when both are present, is the NICKNAME.
 * - One ORG (company;department) and TITLE (position) per company; with several companies each
 *   pair shares a group (company1.ORG, company1.TITLE) so they stay paired.
 * - TEL, EMAIL, ADR, URL and X-SOCIALPROFILE per entry, with the TYPE its label maps to. A URL
 *   is http(s) only (SPEC §5: one without a scheme is a protocol-less link, written https://);
 *   any other scheme (javascript:, data:, ...) is dropped, and commas, semicolons and spaces in
 *   it are percent-encoded, so no importer splits it.
 * - NOTE holds the profile, then the industry and other entries, one per line.
 * - PHOTO is the avatar (else the card's front photo) embedded as a base64 JPEG (PHOTO;ENCODING=b;
 *   TYPE=JPEG), which iOS and Google Contacts need: they do not fetch a URI.
 *
 * Text is escaped (backslash, comma, newline, and semicolon inside the components of N, ORG and
 * ADR, where it separates them; a semicolon in a single text value such as NOTE is written as
 * is, as RFC 6350 says and as importers read it), lines end in CRLF, and lines longer than
 * 75 octets are folded without splitting a UTF-8 character.
 */
export type VCardInput = {
  /** A stable id for the contact, so importing twice updates one contact. */
  uid: string;
  name: string;
  english_name: string;
  profile: string;
  /** The picture as JPEG bytes (the server's vcard-photo.ts), or null. */
  photo: Uint8Array | null;
  extension: CardExtension;
};

const TEL_TYPES: Record<string, string[]> = {
  work: ['work', 'voice'],
  mobile: ['cell', 'voice'],
  home: ['home', 'voice'],
  work_fax: ['work', 'fax'],
  home_fax: ['home', 'fax'],
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
  const { family, given } = splitPersonalName(card.name || card.english_name);
  const lines: string[] = ['BEGIN:VCARD', 'VERSION:3.0', 'PRODID:-//Cardbook//Cardbook//EN'];
  lines.push(`UID:${plainValue(card.uid)}`);
  lines.push(`FN:${escapeText(displayName)}`);
  lines.push(`N:${escapeComponent(family)};${escapeComponent(given)};;;`);
  if (card.name && card.english_name && card.english_name !== card.name) {
    lines.push(`NICKNAME:${escapeText(card.english_name)}`);
  }
  const grouped = ext.company.length > 1;
  ext.company.forEach((company, i) => {
    const group = grouped ? `company${i + 1}.` : '';
    if (company.name || company.department) {
      const org = company.department
        ? `${escapeComponent(company.name)};${escapeComponent(company.department)}`
        : escapeComponent(company.name);
      lines.push(`${group}ORG:${org}`);
    }
    if (company.position) lines.push(`${group}TITLE:${escapeText(company.position)}`);
  });
  for (const tel of ext.tel) lines.push(`TEL${typeParam(TEL_TYPES[tel.key] ?? [])}:${plainValue(tel.content)}`);
  for (const email of ext.email) {
    lines.push(`EMAIL${typeParam(EMAIL_TYPES[email.key] ?? ['internet'])}:${escapeText(email.content.trim())}`);
  }
  for (const adr of ext.address) {
    lines.push(`ADR${typeParam(ADR_TYPES[adr.key] ?? [])}:;;${escapeComponent(adr.content)};;;;`);
  }
  for (const site of ext.website) {
    const url = websiteUrl(site.content);
    if (url) lines.push(`URL${typeParam(URL_TYPES[site.key] ?? [])}:${url}`);
  }
  for (const social of ext.social) {
    lines.push(`X-SOCIALPROFILE${typeParam([social.key])}:${escapeText(social.content.trim())}`);
  }
  const note = [card.profile, ...ext.industry.map((e) => e.content), ...ext.other.map((e) => e.content)]
    .map((s) => s.trim())
    .filter(Boolean)
    .join('\n');
  if (note) lines.push(`NOTE:${escapeText(note)}`);
  if (card.photo) lines.push(`PHOTO;ENCODING=b;TYPE=JPEG:${base64Of(card.photo)}`);
  lines.push('END:VCARD');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** Standard base64 of bytes, in Node and in browsers alike. */
function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
