export { buildVCard, type VCardInput } from '../../src/lib/card-vcard';

/**
 * Content-Disposition of a downloaded vCard named after the card: an ASCII file name for old
 * clients and the UTF-8 one (RFC 6266 / 5987) that every current browser uses.
 */
export function vcardDisposition(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const base = Array.from(name.replace(/[\u0000-\u001f\u007f"\\/:*?<>|]/g, '').trim())
    .slice(0, 60)
    .join('');
  const utf8 = `${base || 'card'}.vcf`;
  const asciiBase = base.replace(/[^\x20-\x7e]/g, '').trim();
  const ascii = `${asciiBase || 'card'}.vcf`;
  const encoded = encodeURIComponent(utf8).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
