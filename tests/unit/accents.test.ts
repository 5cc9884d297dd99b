import { describe, expect, it } from 'vitest';
import { restoreAccents } from '../../src/lib/card-fields/accents';

describe('restoreAccents', () => {
  it('puts back the umlauts of German names and places on a card from a German-speaking country', () => {
    expect(restoreAccents('Jorg Schroder', 'DE')).toBe('Jörg Schröder');
    expect(restoreAccents('Herrengasse 175, 8010 Graz, OSTERREICH', 'AT')).toBe(
      'Herrengasse 175, 8010 Graz, ÖSTERREICH',
    );
    expect(restoreAccents('Geschaftsfuhrer', 'CH')).toBe('Geschäftsführer');
  });

  it('puts back Spanish accents only on a Spanish card', () => {
    expect(restoreAccents('María Gomez Lopez', 'ES')).toBe('María Gómez López');
    expect(restoreAccents('Calle de Alcala 68, 28014 Madrid', 'ES')).toBe('Calle de Alcalá 68, 28014 Madrid');
    expect(restoreAccents('Maria Rossi', 'IT')).toBe('Maria Rossi');
    expect(restoreAccents('Jorg Muller', 'US')).toBe('Jorg Muller');
  });

  it('reads a street name’s ß that came out as f or B on any card, and leaves other words alone', () => {
    expect(restoreAccents('Leopoldstrafe 87, 80539 Munchen', 'DE')).toBe('Leopoldstraße 87, 80539 München');
    expect(restoreAccents('Leopoldstrabe 87', 'US')).toBe('Leopoldstrabe 87');
    expect(restoreAccents('HauptstraBe 5', 'GB')).toBe('Hauptstraße 5');
    expect(restoreAccents('Strafe', 'DE')).toBe('Strafe');
    expect(restoreAccents('Mariahilfer Strape 111, 1010 Wien', 'AT')).toBe('Mariahilfer Straße 111, 1010 Wien');
    expect(restoreAccents('Mariahilfer Stra8e 111', 'AT')).toBe('Mariahilfer Straße 111');
    expect(restoreAccents('Leopoldstrale 87', 'DE')).toBe('Leopoldstraße 87');
    // b and r only where German is spoken.
    expect(restoreAccents('Kärntner Strabe 78, 1010 Wien', 'AT')).toBe('Kärntner Straße 78, 1010 Wien');
    expect(restoreAccents('Königstrare 107', 'DE')).toBe('Königstraße 107');
  });

  it('reads ü that came out as "ii" in a word the lists know, and a Spanish accent read as a circumflex', () => {
    expect(restoreAccents('Briickner Medizintechnik GmbH', 'DE')).toBe('Brückner Medizintechnik GmbH');
    expect(restoreAccents('Hawaii Street', 'DE')).toBe('Hawaii Street');
    expect(restoreAccents('Avenida de la Constituciôn 61', 'ES')).toBe('Avenida de la Constitución 61');
    expect(restoreAccents('Rua do Antônio 5', 'PT')).toBe('Rua do Antônio 5');
  });
});
