import { describe, expect, it } from 'vitest';
import { extractFields, type OcrLine } from '../../src/lib/card-fields';
import { cardRegion } from '../../src/lib/card-fields/region';

const lines = (texts: string[]): OcrLine[] =>
  texts.map((text, i) => ({ text, bbox: { x0: 0, y0: i * 30, x1: 300, y1: i * 30 + 20 }, confidence: 90 }));

describe('cardRegion', () => {
  it('follows the country codes printed on the card first', () => {
    expect(cardRegion(['Tel: +886 2 2345 6789', 'Mobile: 0912-345-678'], 'HK')).toBe('TW');
    expect(cardRegion(['T +44 20 7946 0958', 'www.example.com'], 'CN')).toBe('GB');
  });

  it('reads the address and the domains when no code is printed', () => {
    expect(cardRegion(['台北市信義區信義路五段7號', '(02) 2345-6789'], 'HK')).toBe('TW');
    expect(cardRegion(['10 Anson Road, #15-08, Singapore 079903'], 'HK')).toBe('SG');
    expect(cardRegion(['Friedrichstraße 68, 10117 Berlin', 'info@example.de'], 'HK')).toBe('DE');
    expect(cardRegion(['j.dubois@atelier.fr'], 'CN')).toBe('FR');
    expect(cardRegion(['Market Street, San Francisco, CA 94103'], 'HK')).toBe('US');
  });

  it('keeps the area when the card says nothing, or when the area is among equal votes', () => {
    expect(cardRegion(['Peter Chan', 'Sales Manager', '2345 6789'], 'HK')).toBe('HK');
    expect(cardRegion(['www.example.com'], 'CN')).toBe('CN');
    expect(cardRegion(['香港中環德輔道中88號', '深圳市南山区科技园路1号'], 'CN')).toBe('CN');
  });
});

describe('numbers printed without a country code on a card from elsewhere', () => {
  it("are numbers of the card's country, not the user's area", () => {
    const taiwan = extractFields(
      lines(['林志偉', '台北市信義區信義路五段7號12樓', '電話 (02) 2345-6789', '手機 0912-345-678']),
      {
        area: 'hk',
      },
    );
    expect(taiwan.tel).toEqual(['+886 2 2345 6789', '+886 912 345 678']);
    const singapore = extractFields(
      lines(['Rachel Lim', '1 Raffles Place, Singapore 048616', 'T 6123 4567', 'M 9123 4567']),
      {
        area: 'ch',
      },
    );
    expect(singapore.tel).toEqual(['+65 6123 4567', '+65 9123 4567']);
    const germany = extractFields(lines(['Jürgen Müller', 'Friedrichstraße 68, 10117 Berlin', 'Tel. 030 1234567']), {
      area: 'hk',
    });
    expect(germany.tel).toEqual(['+49 30 1234567']);
  });
});
