import { describe, expect, it } from 'vitest';
import { chatNumber, mailAction, phoneAction, socialAction, websiteAction } from '../../src/lib/card-actions';

describe('card entry actions (SPEC §5)', () => {
  it('opens mail only for an email address', () => {
    expect(mailAction(' amy@example.com ')).toEqual({ ok: true, href: 'mailto:amy@example.com', external: false });
    expect(mailAction('amy@example')).toEqual({ ok: false, messageKey: 'card.errors.mail' });
    expect(mailAction('not an email')).toEqual({ ok: false, messageKey: 'card.errors.mail' });
  });

  it('calls a phone of five or more characters', () => {
    expect(phoneAction('+852 9123-4567')).toEqual({ ok: true, href: 'tel:+85291234567', external: false });
    expect(phoneAction('1234')).toEqual({ ok: false, messageKey: 'card.errors.phone' });
  });

  it('opens a website as given with http, else protocol-less; refuses under five characters', () => {
    expect(websiteAction('https://acme.hk')).toMatchObject({ ok: true, href: 'https://acme.hk' });
    expect(websiteAction('acme.hk/about')).toMatchObject({ ok: true, href: '//acme.hk/about' });
    expect(websiteAction('a.hk')).toEqual({ ok: false, messageKey: 'card.errors.url' });
    expect(websiteAction('javascript:alert(1)//http')).toEqual({ ok: false, messageKey: 'card.errors.url' });
  });

  it('normalises WhatsApp and Signal numbers: 8 digits get 852, 11 digits stay', () => {
    expect(chatNumber('9123-4567')).toBe('85291234567');
    expect(chatNumber('+852 9123 4567')).toBe('85291234567');
    expect(chatNumber('138-1234-5678')).toBe('13812345678');
    expect(socialAction('whatsapp', '9123 4567')).toMatchObject({ href: 'https://wa.me/85291234567' });
    expect(socialAction('signal', '91234567')).toMatchObject({ href: 'https://signal.me/#p/+85291234567' });
  });
});
