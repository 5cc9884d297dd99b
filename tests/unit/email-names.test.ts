import { describe, expect, it } from 'vitest';
import { nameMendedByEmail } from '../../src/lib/card-fields/email-names';

describe('nameMendedByEmail', () => {
  it('puts back a letter of a name OCR misread, as the e-mail address spells it', () => {
    expect(nameMendedByEmail('Mohamed Irfan bin Abdullal', ['mohamed.abdullah@lioncity.com.sg'])).toBe(
      'Mohamed Irfan bin Abdullah',
    );
    expect(nameMendedByEmail('María Gómez Lépez', ['maria.lopez@example.es'])).toBe('María Gómez Lopez');
    expect(nameMendedByEmail('TAN Mei Ling', ['meiling.tam@example.sg'])).toBe('TAN Mei Ling');
  });

  it('leaves a name alone where the address adds an initial or spells it otherwise, and short words', () => {
    expect(nameMendedByEmail('Laura Connor', ['lconnor@oakridge.co'])).toBe('Laura Connor');
    expect(nameMendedByEmail('Jörg Bäumer', ['jbaeumer@example.de'])).toBe('Jörg Bäumer');
    expect(nameMendedByEmail('Peter Chan', ['peter.chang@example.hk'])).toBe('Peter Chan');
    expect(nameMendedByEmail('Maria Lopez', [])).toBe('Maria Lopez');
  });
});
