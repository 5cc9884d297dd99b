import { generateKeyPairSync, sign } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CardCopy,
  copyBody,
  copyFragment,
  copyOfCard,
  fittedCopy,
  readCopyFragment,
  signedBytes,
  verifyCopy,
} from '../../src/lib/card-copy';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const rawPublic = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');

const signed = (shareKey: string, copy: CardCopy) => {
  const body = copyBody(copy);
  return copyFragment(body, sign(null, signedBytes(shareKey, body), privateKey));
};

const chan: CardCopy = {
  cardId: 4211,
  name: '陳大文',
  englishName: 'Peter Chan',
  company: 'Harbour Logistics Ltd',
  position: 'Sales Director',
  tel: '+852 6234 5678',
  email: 'peter.chan@harbour.example',
};

async function verified(shareKey: string, fragment: string) {
  const read = readCopyFragment(fragment);
  if (!read) return null;
  return { copy: read.copy, ok: await verifyCopy(shareKey, read.body, read.signature, rawPublic) };
}

describe('the card copy a QR code carries', () => {
  it('reads back what was signed, verified under its own share key only', async () => {
    const fragment = signed('AbCdEf012345', chan);
    expect(fragment).toMatch(/^[A-Z2-7]+$/);
    expect(await verified('AbCdEf012345', fragment)).toEqual({ copy: chan, ok: true });
    // The same copy under another card's link does not verify.
    expect((await verified('ZZZZZZ012345', fragment))?.ok).toBe(false);
  });

  it('says a copy changed in any byte is not the server’s', async () => {
    const fragment = signed('AbCdEf012345', chan);
    const read = readCopyFragment(fragment);
    if (!read) throw new Error('unread');
    const forged = copyBody({ ...chan, tel: '+852 9999 0000' });
    expect(await verifyCopy('AbCdEf012345', forged, read.signature, rawPublic)).toBe(false);
    const flipped = Uint8Array.from(read.signature);
    flipped[10] = (flipped[10] ?? 0) ^ 1;
    expect(await verifyCopy('AbCdEf012345', read.body, flipped, rawPublic)).toBe(false);
  });

  it('reads nothing from a fragment that is not a copy', () => {
    for (const junk of ['', 'hello', '#top', 'A'.repeat(300), '!!!!', 'A'.repeat(1_000_000)])
      expect(readCopyFragment(junk)).toBeNull();
  });

  it('keeps any card within its limits: long names cut between characters, a long e-mail left out', () => {
    const long: CardCopy = {
      ...chan,
      name: '歐陽'.repeat(30),
      company: 'Very Long Company Name Holdings International Limited (Hong Kong Branch)',
      email: `${'a'.repeat(60)}@example.com`,
    };
    const fitted = fittedCopy(long);
    expect(fitted.name).toBe('歐陽'.repeat(4));
    expect(new TextEncoder().encode(fitted.company).length).toBeLessThanOrEqual(36);
    expect(fitted.email).toBe('');
    expect(readCopyFragment(signed('k', long))?.copy).toEqual(fitted);
  });

  it('round-trips any text and card id', () => {
    const field = fc.string({ unit: 'grapheme', maxLength: 20 });
    fc.assert(
      fc.property(
        fc.record({
          cardId: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
          name: field,
          englishName: field,
          company: field,
          position: field,
          tel: field,
          email: field,
        }),
        (copy) => {
          const fragment = copyFragment(copyBody(copy), new Uint8Array(64));
          expect(readCopyFragment(fragment)?.copy).toEqual(fittedCopy(copy));
        },
      ),
    );
  });

  it('takes the first company with a name, the first phone that is not a fax, the first e-mail', () => {
    expect(
      copyOfCard({
        card_id: 7,
        name: 'Ann',
        english_name: '',
        extension: {
          company: [
            { name: '', position: '' },
            { name: 'Acme', position: 'CTO' },
          ],
          tel: [
            { key: 'work_fax', content: '+852 2111 0000' },
            { key: 'mobile', content: '+852 9111 0000' },
          ],
          email: [{ content: 'ann@acme.example' }],
        },
      }),
    ).toEqual({
      cardId: 7,
      name: 'Ann',
      englishName: '',
      company: 'Acme',
      position: 'CTO',
      tel: '+852 9111 0000',
      email: 'ann@acme.example',
    });
  });
});
