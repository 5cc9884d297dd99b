/**
 * Accents the recognizer cannot read, put back by the card's language: its models (French,
 * English, Chinese) have no ä ö ß á í ó, so "Jörg Schröder" comes out "Jorg Schroder" and
 * "Sofía Fernández" "Sofia Fernandez". Only words whose unaccented form is no word or name of
 * that language are restored ("Muller" on a German card is Müller; "Maria" stays Maria, except on
 * a Spanish card), and only on cards printed in that language's countries.
 */
import type { CountryCode } from 'libphonenumber-js/max';

const GERMAN = words(
  // Given names and surnames.
  'Jörg Jürgen Björn Jörn Sören Bärbel Jördis Günter Günther Käthe Dörte Götz Jürgens',
  'Müller Schröder Schäfer Krüger Köhler Jäger Böhm Möller Förster Gärtner Hübner Höller Göbel Brückner Krämer Wölfel Löffler Bäumer Dürr',
  // Places and words of addresses and titles.
  'München Köln Düsseldorf Nürnberg Lübeck Münster Würzburg Göttingen Saarbrücken Osnabrück Mönchengladbach Österreich Kärnten Tübingen Lüneburg',
  'Geschäftsführer Geschäftsführerin Geschäftsführung Büro Lösungen Gründer Gründerin Prüfung',
  'Zürich Graubünden Thüringen Fürth Jülich Lörrach Verkäufer Verkäuferin Geschäftsleitung Rechtsanwältin',
);

/** Labels and titles of German-language cards with no accent to restore: only what tells their language. */
const GERMAN_CUES = words(
  'Telefon Telefax Mobil Handy Strasse Niederlassung Inhaber Inhaberin Vorstand Prokurist Prokuristin',
  'Projektleiter Projektleiterin Vertriebsleiter Vertriebsleiterin Abteilungsleiter Abteilungsleiterin Leiter Leiterin',
  'Vertrieb Beratung Entwicklung Einkauf Buchhaltung Steuerberater Steuerberaterin Rechtsanwalt',
);

/** Words of Switzerland's French-speaking cards the French model reads without their accent. */
const SWISS_FRENCH = words('Genève Neuchâtel Sàrl');

const SPANISH = words(
  'María José Sofía Lucía Andrés Sebastián Martín Begoña Íñigo Jesús Ramón Adrián Álvaro Óscar Rubén Iván Joaquín Nicolás Tomás',
  'Agustín Inés Belén Mónica Verónica Raúl Víctor Ángel Ángela Héctor César Fermín Germán Julián Elías Matías Sofía Noemí',
  'Fernández Sánchez Rodríguez Gómez López Martínez Pérez González Hernández Jiménez Álvarez Gutiérrez Ramírez Domínguez Vázquez',
  'Suárez Núñez Méndez Ibáñez Benítez Muñoz García Díaz Peña Ordóñez Velázquez Márquez Sáez Galán Román Calderón Rincón Cortés',
  'Colón León Córdoba Málaga Cádiz Alcalá Logroño Ávila Cáceres Almería Jaén Castellón Alcorcón Móstoles Leganés Cataluña España',
  'Dirección Teléfono Móvil Gestión Administración Comunicación Ingeniería Tecnología Tecnologías Logística Consultoría Técnico',
  'Técnica Compañía Económico Económica Informática Energía Asesoría Construcción Producción Atención Jurídico Jurídica Análisis',
  'Mediterráneo Mediterránea Atlántico Atlántica Ibérica Innovación Educación Distribución Comercialización Señor',
);

const ITALIAN = words('Nicolò Niccolò Società Città Università Attività Qualità Forlì Cantù Mosè');

const LANGUAGE_OF: Partial<Record<CountryCode, Map<string, string>>> = {
  IT: ITALIAN,
  DE: GERMAN,
  AT: GERMAN,
  CH: new Map([...GERMAN, ...SWISS_FRENCH]),
  LI: GERMAN,
  ES: SPANISH,
};

/** The accented words by their unaccented, lower-case form. */
function words(...lists: string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const word of lists.join(' ').split(/\s+/)) map.set(bare(word), word);
  return map;
}

/** A word without its accents, in lower case ("Jörg" → "jorg"). */
export function bare(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** `accented` written in the case of `as` read ("JORG" → "JÖRG", "jorg" → "jörg"). */
export function inCaseOf(accented: string, as: string): string {
  if (as === as.toUpperCase()) return accented.toUpperCase();
  if (as === as.toLowerCase()) return accented.toLowerCase();
  return accented;
}

const UMLAUT: Record<string, string> = { ô: 'ö', û: 'ü', â: 'ä' };
const SPANISH_ACUTE: Record<string, string> = { ô: 'ó', û: 'ú', â: 'á', ê: 'é', î: 'í' };

/**
 * `text` with the accents of the card's language put back: a word the lists know, and ß that
 * came out as f, fs or B at the end of a street's name ("Leopoldstrafe", "Maximilianstrafse" are …straße on any card), or as p, 8 or l ("Mariahilfer Strape", "Stra8e"); as b or r on a German-speaking country's card.
 */
export function restoreAccents(text: string, region: CountryCode): string {
  const known = LANGUAGE_OF[region];
  // A word of its own only as p, 8 or B: "Strafe" is a German word. As b or r only on a card of
  // a German-speaking country, where no other word ends so ("Kärntner Strabe", "KönigstraRe").
  const german = region === 'DE' || region === 'AT' || region === 'CH';
  let street = text
    .replace(/(\p{Ll})stra(?:[fBp8l]|fs)e(?!\p{L})/gu, '$1straße')
    .replace(/(?<!\p{L})Stra[p8B]e(?!\p{L})/gu, 'Straße');
  if (german) street = street.replace(/(?<=\p{Ll}s|(?<!\p{L})S)tra[bRr]e(?!\p{L})/gu, 'traße');
  // German has no ô, û or â: OCR's reading of ö, ü and ä ("Wôhrle"); Spanish none of them, nor ê
  // or î: its ó, ú, á, é and í ("Constituciôn").
  if (region === 'DE' || region === 'AT') street = street.replace(/[ôûâ]/g, (c) => UMLAUT[c] ?? c);
  if (region === 'ES') street = street.replace(/[ôûâêî]/g, (c) => SPANISH_ACUTE[c] ?? c);
  if (!known) return street;
  return street.replace(/\p{L}+/gu, (word) => {
    // ü read as "ii" ("Briickner").
    const accented =
      known.get(bare(word)) ?? (word.includes('ii') ? known.get(bare(word.replace(/ii/g, 'u'))) : undefined);
    // A word read bare or with a wrong accent ("Colôn") gets the list's.
    return accented && accented.toLowerCase() !== word.toLowerCase() ? inCaseOf(accented, word) : word;
  });
}

/** Distinct words of a language's lists a card must print (accented or not) to be in that language. */
const LANGUAGE_WORDS = 2;
/** The countries of each list, first the one a card in that language with nothing else to go on most likely comes from. */
const LANGUAGES: [CountryCode[], Map<string, string>][] = [
  [['DE', 'AT', 'CH', 'LI'], new Map([...GERMAN, ...GERMAN_CUES])],
  [['ES'], SPANISH],
];

/**
 * The countries of the language a card is printed in, by the words of its lists it holds
 * ("Sofia Fernandez", "Ingenieria": Spain), most likely first; none when it holds too few. A weak
 * vote for the card's region (./region.ts), which its printed codes, places and domains outweigh.
 */
export function languageCountries(texts: readonly string[]): CountryCode[] {
  const seen = new Set((texts.join(' ').match(/\p{L}+/gu) ?? []).map(bare));
  for (const [countries, list] of LANGUAGES) {
    if ([...list.keys()].filter((w) => seen.has(w)).length >= LANGUAGE_WORDS) return countries;
  }
  return [];
}
