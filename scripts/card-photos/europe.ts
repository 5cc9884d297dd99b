/**
 * European cards (eu): Germany, Austria, Switzerland, France, Spain, Italy and the Netherlands,
 * with accented names, local legal forms, addresses and phones as printed there.
 */
import type { CountryCode } from 'libphonenumber-js/max';
import {
  type CardDraft,
  groups,
  latinAddress,
  lineOf,
  type PhoneKind,
  type PhoneLabels,
  type Printed,
  phoneList,
  type Rng,
  slug,
  validNumber,
} from './common';

type Lang = 'de' | 'fr' | 'es' | 'it' | 'nl';
type Gender = 'm' | 'f';

type Language = {
  given: Record<Gender, readonly string[]>;
  surnames: readonly string[];
  /** Titles, masculine and feminine forms. */
  positions: readonly (readonly [string, string])[];
  stems: readonly string[];
  industries: readonly string[];
  /** Whether the industry word comes first ('Logística Peñalara S.L.'). */
  industryFirst: boolean;
  labels: PhoneLabels;
  email: readonly string[];
  web: readonly string[];
  address: readonly string[];
};

const LANGUAGES: Record<Lang, Language> = {
  de: {
    given: {
      m: ['Jürgen', 'Björn', 'Günther', 'Lukas', 'Matthias', 'Jörg', 'Stefan', 'Maximilian', 'Jan'],
      f: ['Anna', 'Stefanie', 'Sabine', 'Lena', 'Jana', 'Annegret', 'Bärbel', 'Jördis'],
    },
    surnames: [
      'Müller',
      'Schäfer',
      'Weiß',
      'Schröder',
      'Groß',
      'Becker',
      'Hoffmann',
      'Köhler',
      'Krüger',
      'Wöhrle',
      'Bäumer',
      'Fischer',
      'Zimmermann',
      'Gruber',
      'Höller',
    ],
    positions: [
      ['Geschäftsführer', 'Geschäftsführerin'],
      ['Vertriebsleiter', 'Vertriebsleiterin'],
      ['Leiter Einkauf', 'Leiterin Einkauf'],
      ['Projektleiter', 'Projektleiterin'],
      ['Prokurist', 'Prokuristin'],
      ['Entwicklungsingenieur', 'Entwicklungsingenieurin'],
      ['Key Account Manager', 'Key Account Managerin'],
    ],
    stems: ['Nordlicht', 'Sonnenfeld', 'Brückner', 'Waldmann', 'Rheinblick', 'Alpenglück', 'Weißbach'],
    industries: ['Maschinenbau', 'Logistik', 'Software', 'Consulting', 'Medizintechnik', 'Energietechnik'],
    industryFirst: false,
    labels: {
      tel: ['Tel.', 'Telefon', 'T', 'Tel', 'Fon', 'T'],
      mobile: ['Mobil', 'Mobil', 'M', 'Mobile', 'Handy', 'M'],
      fax: ['Fax', 'Fax', 'F', 'Fax', 'Fax', 'F'],
    },
    email: ['E-Mail', 'E-Mail', 'E', 'Mail', ''],
    web: ['Web', '', 'Internet', 'W'],
    address: ['', '', 'Adresse', 'Anschrift'],
  },
  fr: {
    given: {
      m: ['François', 'Jérôme', 'Cédric', 'Stéphane', 'Benoît', 'Loïc', 'Hervé', 'Nicolas', 'Théo'],
      f: ['Zoë', 'Hélène', 'Amélie', 'Léa', 'Émilie', 'Céline', 'Gaëlle', 'Anaïs', 'Chloé'],
    },
    surnames: [
      'Dubois',
      'Lefèvre',
      'Martin',
      'Lefebvre',
      'Girard',
      'Moreau',
      'Fontaine',
      'Bérard',
      'Rousseau',
      'Mercier',
      'Chevalier',
      'Favre',
      'Rochat',
    ],
    positions: [
      ['Directeur commercial', 'Directrice commerciale'],
      ['Chef de projet', 'Cheffe de projet'],
      ['Responsable des achats', 'Responsable des achats'],
      ['Ingénieur commercial', 'Ingénieure commerciale'],
      ['Président-directeur général', 'Présidente-directrice générale'],
      ["Chargé d'affaires", "Chargée d'affaires"],
    ],
    stems: ['Lumière', 'Atelier Marceau', 'Bellevue', 'Rivière', 'Étoile', 'Horizon', 'Côté Sud'],
    industries: ['Conseil', 'Logistique', 'Digital', 'Ingénierie', 'Immobilier', 'Événements'],
    industryFirst: false,
    labels: {
      tel: ['Tél.', 'Tél', 'T', 'Tél. fixe', 'Standard', 'T'],
      mobile: ['Mobile', 'Port.', 'M', 'Portable', 'Mob.', 'M'],
      fax: ['Fax', 'Fax', 'F', 'Fax', 'Fax', 'F'],
    },
    email: ['E-mail', 'Email', 'Courriel', 'E', ''],
    web: ['Web', 'Site', '', 'W'],
    address: ['', '', 'Adresse'],
  },
  es: {
    given: {
      m: ['José', 'Jesús', 'Ángel', 'Íñigo', 'Álvaro', 'Sergio', 'Rubén', 'Andrés'],
      f: ['María', 'Lucía', 'Begoña', 'Inés', 'Ainhoa', 'Sofía', 'Nuria', 'Mónica'],
    },
    surnames: [
      'García',
      'López',
      'Fernández',
      'Ruiz',
      'Martínez',
      'Sánchez',
      'Gómez',
      'Rodríguez',
      'Núñez',
      'Muñoz',
      'Pérez',
      'Jiménez',
      'Ortega',
      'Castaño',
    ],
    positions: [
      ['Director de Ventas', 'Directora de Ventas'],
      ['Jefe de Proyecto', 'Jefa de Proyecto'],
      ['Responsable de Compras', 'Responsable de Compras'],
      ['Gerente General', 'Gerente General'],
      ['Ingeniero de Software', 'Ingeniera de Software'],
      ['Consejero Delegado', 'Consejera Delegada'],
    ],
    stems: ['Ibérica', 'Alcázar', 'Peñalara', 'Mediterráneo', 'Cántabra', 'Solana'],
    industries: ['Soluciones', 'Tecnologías', 'Logística', 'Consultores', 'Ingeniería', 'Distribuciones'],
    industryFirst: true,
    labels: {
      tel: ['Tel.', 'Teléfono', 'T', 'Tlf.', 'Tel', 'T'],
      mobile: ['Móvil', 'Móvil', 'M', 'Móvil', 'Cel.', 'M'],
      fax: ['Fax', 'Fax', 'F', 'Fax', 'Fax', 'F'],
    },
    email: ['Email', 'Correo', 'E-mail', 'E', ''],
    web: ['Web', '', 'W'],
    address: ['', '', 'Dirección'],
  },
  it: {
    given: {
      m: ['Niccolò', 'Lorenzo', 'Matteo', 'Andrea', 'Mattia', 'Giuseppe', 'Nicolò', 'Davide'],
      f: ['Chiara', 'Giulia', 'Federica', 'Francesca', 'Martina', 'Elena', 'Beatrice'],
    },
    surnames: [
      'Rossi',
      'Bianchi',
      'Ferrari',
      'Esposito',
      'Romano',
      'Colombo',
      'Ricci',
      'Marino',
      'Galli',
      'Conti',
      'De Luca',
      "Dell'Acqua",
    ],
    positions: [
      ['Responsabile Marketing', 'Responsabile Marketing'],
      ['Direttore Commerciale', 'Direttrice Commerciale'],
      ['Amministratore Delegato', 'Amministratrice Delegata'],
      ['Responsabile Acquisti', 'Responsabile Acquisti'],
      ['Ingegnere di Progetto', 'Ingegnere di Progetto'],
      ['Export Manager', 'Export Manager'],
    ],
    stems: ['Lombarda', 'Brenta', 'Verdi', 'Adriatica', 'Dolomiti', 'Solaris'],
    industries: ['Meccanica', 'Tessuti', 'Studio', 'Logistica', 'Informatica', 'Costruzioni'],
    industryFirst: true,
    labels: {
      tel: ['Tel.', 'Telefono', 'T', 'Tel', 'Uff.', 'T'],
      mobile: ['Cell.', 'Cellulare', 'M', 'Mobile', 'Cell', 'M'],
      fax: ['Fax', 'Fax', 'F', 'Fax', 'Fax', 'F'],
    },
    email: ['E-mail', 'Email', 'E', 'Mail', ''],
    web: ['Web', 'Sito', '', 'W'],
    address: ['', '', 'Indirizzo', 'Sede'],
  },
  nl: {
    given: {
      m: ['Daan', 'Sören', 'Thijs', 'Bram', 'Sem', 'Joris', 'Ruud', 'Koen'],
      f: ['Femke', 'Joëlle', 'Anouk', 'Zoë', 'Chloë', 'Lieke', 'Sanne', 'Noëlle'],
    },
    surnames: [
      'de Vries',
      'Jansen',
      'van den Berg',
      'Bakker',
      'Visser',
      'de Jong',
      'Smit',
      'van Dijk',
      'Mulder',
      'de Boer',
      'van der Meer',
      'Meijer',
    ],
    positions: [
      ['Directeur', 'Directrice'],
      ['Accountmanager', 'Accountmanager'],
      ['Projectleider', 'Projectleider'],
      ['Hoofd Marketing', 'Hoofd Marketing'],
      ['Commercieel Directeur', 'Commercieel Directeur'],
    ],
    stems: ['Grachtenhuis', 'Polderwerk', 'Oranje', 'Delta', 'Zeewind', 'Tulp'],
    industries: ['Logistiek', 'Digitaal', 'Advies', 'Techniek', 'Vastgoed', 'Software'],
    industryFirst: false,
    labels: {
      tel: ['T', 'Tel.', 'Telefoon', 'T', 'Tel', 'T'],
      mobile: ['M', 'Mob.', 'Mobiel', 'M', 'Mobiel', 'M'],
      fax: ['F', 'Fax', 'Fax', 'F', 'Fax', 'F'],
    },
    email: ['E', 'E-mail', 'Email', ''],
    web: ['W', 'Web', '', 'I'],
    address: ['', '', 'Adres', 'Bezoekadres'],
  },
};

const ENGLISH_POSITIONS = [
  'Sales Manager',
  'Head of Marketing',
  'Managing Director',
  'Business Development Manager',
  'CTO',
  'Project Manager',
  'Export Manager',
];

type City = {
  city: string;
  postcode: string;
  streets: readonly string[];
  /** The area code as dialled at home (trunk 0 included where there is one) and the local length. */
  area: string;
  local: number;
  /** The language of a Swiss city ('de' or 'fr'); the country's otherwise. */
  lang?: Lang;
};
type Country = {
  code: CountryCode;
  lang: Lang;
  names: readonly string[];
  forms: readonly string[];
  tlds: readonly string[];
  /** Street then number ('Friedrichstraße 68'), or number then street ('12 rue de Rivoli'). */
  numberFirst: boolean;
  cities: readonly City[];
  /** Mobile prefixes as dialled at home and the digits after them. */
  mobile: readonly string[];
  /** How many digits may follow a mobile prefix. */
  mobileDigits: readonly number[];
};

const COUNTRIES: readonly Country[] = [
  {
    code: 'DE',
    lang: 'de',
    names: ['Deutschland', 'Germany'],
    forms: ['GmbH', 'GmbH', 'AG', 'GmbH & Co. KG', 'SE'],
    tlds: ['.de', '.de', '.com', '.eu'],
    numberFirst: false,
    cities: [
      { city: 'Berlin', postcode: '10117', streets: ['Friedrichstraße', 'Unter den Linden'], area: '030', local: 8 },
      { city: 'München', postcode: '80539', streets: ['Maximilianstraße', 'Leopoldstraße'], area: '089', local: 8 },
      { city: 'Hamburg', postcode: '20095', streets: ['Mönckebergstraße', 'Jungfernstieg'], area: '040', local: 8 },
      { city: 'Frankfurt am Main', postcode: '60313', streets: ['Zeil', 'Mainzer Landstraße'], area: '069', local: 8 },
      { city: 'Düsseldorf', postcode: '40212', streets: ['Königsallee'], area: '0211', local: 7 },
      { city: 'Köln', postcode: '50672', streets: ['Hohenzollernring'], area: '0221', local: 7 },
      { city: 'Stuttgart', postcode: '70173', streets: ['Königstraße'], area: '0711', local: 7 },
    ],
    mobile: ['0151', '0152', '0160', '0162', '0170', '0171', '0172', '0176', '0177', '0179'],
    mobileDigits: [7, 8],
  },
  {
    code: 'AT',
    lang: 'de',
    names: ['Österreich', 'Austria'],
    forms: ['GmbH', 'GmbH', 'AG', 'GmbH & Co KG'],
    tlds: ['.at', '.at', '.com', '.eu'],
    numberFirst: false,
    cities: [
      { city: 'Wien', postcode: '1010', streets: ['Kärntner Straße', 'Mariahilfer Straße'], area: '01', local: 7 },
      { city: 'Salzburg', postcode: '5020', streets: ['Getreidegasse'], area: '0662', local: 6 },
      { city: 'Graz', postcode: '8010', streets: ['Herrengasse'], area: '0316', local: 6 },
      { city: 'Linz', postcode: '4020', streets: ['Landstraße'], area: '0732', local: 6 },
    ],
    mobile: ['0664', '0676', '0699', '0650'],
    mobileDigits: [7],
  },
  {
    code: 'CH',
    lang: 'de',
    names: ['Schweiz', 'Switzerland', 'Suisse'],
    forms: ['AG', 'GmbH', 'AG', 'SA', 'Sàrl'],
    tlds: ['.ch', '.ch', '.com'],
    numberFirst: false,
    cities: [
      { city: 'Zürich', postcode: '8001', streets: ['Bahnhofstrasse', 'Löwenstrasse'], area: '044', local: 7 },
      { city: 'Bern', postcode: '3011', streets: ['Marktgasse', 'Spitalgasse'], area: '031', local: 7 },
      { city: 'Basel', postcode: '4001', streets: ['Freie Strasse'], area: '061', local: 7 },
      {
        city: 'Genève',
        postcode: '1204',
        streets: ['Rue du Rhône', 'Quai du Mont-Blanc'],
        area: '022',
        local: 7,
        lang: 'fr',
      },
      { city: 'Lausanne', postcode: '1003', streets: ['Avenue de la Gare'], area: '021', local: 7, lang: 'fr' },
    ],
    mobile: ['076', '077', '078', '079'],
    mobileDigits: [7],
  },
  {
    code: 'FR',
    lang: 'fr',
    names: ['France'],
    forms: ['SAS', 'S.A.', 'SARL', 'SA', 'SAS'],
    tlds: ['.fr', '.fr', '.com', '.eu'],
    numberFirst: true,
    cities: [
      { city: 'Paris', postcode: '75004', streets: ['rue de Rivoli'], area: '01', local: 8 },
      {
        city: 'Paris',
        postcode: '75008',
        streets: ['avenue des Champs-Élysées', 'rue du Faubourg Saint-Honoré'],
        area: '01',
        local: 8,
      },
      { city: 'Paris', postcode: '75009', streets: ['boulevard Haussmann'], area: '01', local: 8 },
      { city: 'Lyon', postcode: '69002', streets: ['place Bellecour', 'rue de la République'], area: '04', local: 8 },
      { city: 'Marseille', postcode: '13001', streets: ['boulevard Longchamp'], area: '04', local: 8 },
      { city: 'Bordeaux', postcode: '33000', streets: ['rue Sainte-Catherine'], area: '05', local: 8 },
      { city: 'Lille', postcode: '59800', streets: ['rue Esquermoise'], area: '03', local: 8 },
      { city: 'Nantes', postcode: '44000', streets: ['quai de la Fosse'], area: '02', local: 8 },
    ],
    mobile: ['06', '07'],
    mobileDigits: [8],
  },
  {
    code: 'ES',
    lang: 'es',
    names: ['España', 'Spain'],
    forms: ['S.L.', 'S.A.', 'S.L.U.', 'SL'],
    tlds: ['.es', '.es', '.com', '.eu'],
    numberFirst: false,
    cities: [
      { city: 'Madrid', postcode: '28014', streets: ['Calle de Alcalá', 'Calle del Prado'], area: '91', local: 7 },
      { city: 'Madrid', postcode: '28046', streets: ['Paseo de la Castellana'], area: '91', local: 7 },
      {
        city: 'Barcelona',
        postcode: '08007',
        streets: ['Passeig de Gràcia', 'Rambla de Catalunya'],
        area: '93',
        local: 7,
      },
      { city: 'Valencia', postcode: '46004', streets: ['Calle Colón'], area: '96', local: 7 },
      { city: 'Sevilla', postcode: '41001', streets: ['Avenida de la Constitución'], area: '95', local: 7 },
      { city: 'Bilbao', postcode: '48009', streets: ['Calle Ercilla'], area: '94', local: 7 },
    ],
    mobile: ['6'],
    mobileDigits: [8],
  },
  {
    code: 'IT',
    lang: 'it',
    names: ['Italia', 'Italy'],
    forms: ['S.r.l.', 'S.p.A.', 'Srl', 'S.r.l.'],
    tlds: ['.it', '.it', '.com', '.eu'],
    numberFirst: false,
    cities: [
      { city: 'Milano', postcode: '20123', streets: ['Via Torino', 'Corso Magenta'], area: '02', local: 8 },
      { city: 'Milano', postcode: '20121', streets: ['Via Montenapoleone', 'Via Manzoni'], area: '02', local: 8 },
      { city: 'Roma', postcode: '00186', streets: ['Via del Corso', 'Via dei Coronari'], area: '06', local: 8 },
      { city: 'Torino', postcode: '10123', streets: ['Corso Vittorio Emanuele II'], area: '011', local: 7 },
      { city: 'Firenze', postcode: '50122', streets: ['Via dei Calzaiuoli'], area: '055', local: 7 },
      { city: 'Bologna', postcode: '40121', streets: ["Via dell'Indipendenza"], area: '051', local: 7 },
    ],
    mobile: ['320', '328', '333', '338', '340', '347', '348', '349'],
    mobileDigits: [7],
  },
  {
    code: 'NL',
    lang: 'nl',
    names: ['Nederland', 'The Netherlands'],
    forms: ['B.V.', 'B.V.', 'BV', 'N.V.'],
    tlds: ['.nl', '.nl', '.com', '.eu'],
    numberFirst: false,
    cities: [
      { city: 'Amsterdam', postcode: '1015 CJ', streets: ['Keizersgracht', 'Herengracht'], area: '020', local: 7 },
      { city: 'Amsterdam', postcode: '1012 LG', streets: ['Damrak'], area: '020', local: 7 },
      { city: 'Rotterdam', postcode: '3011 AD', streets: ['Coolsingel'], area: '010', local: 7 },
      { city: 'Den Haag', postcode: '2514 EA', streets: ['Lange Voorhout'], area: '070', local: 7 },
      { city: 'Utrecht', postcode: '3511 AZ', streets: ['Oudegracht'], area: '030', local: 7 },
    ],
    mobile: ['06'],
    mobileDigits: [8],
  },
];

const CALLING: Partial<Record<CountryCode, string>> = {
  DE: '49',
  AT: '43',
  CH: '41',
  FR: '33',
  ES: '34',
  IT: '39',
  NL: '31',
};

/** The ways `country` prints a number: `prefix` is the area or mobile prefix as dialled at home. */
function printedForms(code: CountryCode, prefix: string, rest: string): string[] {
  const cc = `+${CALLING[code] ?? ''}`;
  const bare = prefix.replace(/^0/, '');
  const pairs = (digits: string) => digits.match(/\d\d?/g)?.join(' ') ?? digits;
  switch (code) {
    case 'DE':
    case 'AT':
      return [
        `${cc} ${bare} ${rest}`,
        `${cc} (0)${bare} ${groups(rest, 3, 3, 4).join(' ')}`,
        `${prefix} ${rest}`,
        `${prefix} / ${rest}`,
        `${prefix} ${groups(rest, 3, 4).join(' ')}`,
        `${cc} ${bare} ${groups(rest, 3, 4).join(' ')}`,
      ];
    case 'CH':
      return [
        `${cc} ${bare} ${groups(rest, 3, 2, 2).join(' ')}`,
        `${prefix} ${groups(rest, 3, 2, 2).join(' ')}`,
        `${cc} (0)${bare} ${groups(rest, 3, 2, 2).join(' ')}`,
      ];
    case 'FR':
      return [
        `${cc} ${bare} ${pairs(rest)}`,
        `${prefix} ${pairs(rest)}`,
        `${cc} (0)${bare} ${pairs(rest)}`,
        `${prefix}.${pairs(rest).replaceAll(' ', '.')}`,
      ];
    case 'ES': {
      const all = prefix + rest;
      return [
        `${cc} ${groups(all, 3, 3, 3).join(' ')}`,
        groups(all, 3, 3, 3).join(' '),
        `${cc} ${groups(all, 2, 3, 2, 2).join(' ')}`,
        groups(all, 3, 2, 2, 2).join(' '),
      ];
    }
    case 'IT':
      return [
        `${cc} ${prefix} ${groups(rest, rest.length - 4, 4).join(' ')}`,
        `${prefix} ${groups(rest, rest.length - 4, 4).join(' ')}`,
        `${cc} ${prefix} ${rest}`,
        `${prefix} ${rest}`,
      ];
    default:
      // NL
      return prefix === '06'
        ? [`${prefix} ${rest}`, `${cc} 6 ${groups(rest, 4, 4).join(' ')}`, `${prefix}-${rest}`, `${cc} (0)6 ${rest}`]
        : [
            `${cc} ${bare} ${groups(rest, 3, 4).join(' ')}`,
            `${prefix} ${groups(rest, 3, 4).join(' ')}`,
            `${cc} (0)${bare} ${groups(rest, 3, 4).join(' ')}`,
            `${prefix}-${rest}`,
          ];
  }
}

function euPhone(rng: Rng, kind: PhoneKind, country: Country, city: City): Printed {
  const mobile = kind === 'mobile';
  let prefix = city.area;
  // A local number starts with 2–8 (no 0 or 1, which would be a prefix of their own).
  const { national, international } = validNumber(
    country.code,
    () => {
      prefix = mobile ? rng.pick(country.mobile) : city.area;
      const digits = mobile ? rng.pick(country.mobileDigits) : city.local;
      return `${prefix}${rng.int(2, 8)}${rng.digits(digits - 1)}`;
    },
    lineOf(kind),
  );
  const rest = national.slice(prefix.length);
  return { shown: rng.pick(printedForms(country.code, prefix, rest)), international };
}

/** German e-mail addresses write ä ö ü as ae oe ue on some cards and drop the dots on others. */
function mailSlug(text: string, fold: boolean): string {
  const folded = fold
    ? text
        .replaceAll('ä', 'ae')
        .replaceAll('ö', 'oe')
        .replaceAll('ü', 'ue')
        .replaceAll('Ä', 'Ae')
        .replaceAll('Ö', 'Oe')
        .replaceAll('Ü', 'Ue')
    : text;
  return slug(folded);
}

export function euCard(rng: Rng): CardDraft {
  const country = rng.pick(COUNTRIES);
  const city = rng.pick(country.cities);
  const lang = city.lang ?? country.lang;
  const language = LANGUAGES[lang];
  const swiss = country.code === 'CH';
  // The Swiss write ss for ß.
  const local = (text: string) => (swiss ? text.replaceAll('ß', 'ss') : text);
  const gender: Gender = rng.chance(0.5) ? 'm' : 'f';
  const given = rng.pick(language.given[gender]);
  let surname = local(rng.pick(language.surnames));
  if (lang === 'es' && rng.chance(0.7)) {
    let second = rng.pick(language.surnames);
    while (second === surname) second = rng.pick(language.surnames);
    surname = `${surname} ${second}`;
  }
  const latinName = `${given} ${surname}`;
  const stem = local(rng.pick(language.stems));
  const industry = rng.pick(language.industries);
  const form = swiss ? rng.pick(lang === 'fr' ? ['SA', 'Sàrl', 'SA'] : ['AG', 'GmbH', 'AG']) : rng.pick(country.forms);
  // Some companies bear the family name ('Müller Logistik GmbH', 'Van den Berg Advies B.V.').
  const family = lang === 'es' ? (surname.split(' ')[0] ?? surname) : surname;
  const owner = rng.chance(0.2) ? family.charAt(0).toUpperCase() + family.slice(1) : stem;
  const company = [`${language.industryFirst ? `${industry} ${owner}` : `${owner} ${industry}`} ${form}`];
  const pair = rng.pick(language.positions);
  const position = rng.chance(0.3) ? rng.pick(ENGLISH_POSITIONS) : gender === 'm' ? pair[0] : pair[1];
  const street = rng.pick(city.streets);
  const number = rng.int(1, 180);
  const line1 = country.numberFirst
    ? `${number}${rng.chance(0.15) ? ' bis' : ''} ${street}`
    : country.code === 'ES' && rng.chance(0.5)
      ? `${street}, ${number}`
      : `${street} ${number}${country.code === 'NL' && rng.chance(0.2) ? '-A' : ''}`;
  const parts = [line1, `${city.postcode} ${city.city}`];
  if (country.code === 'ES' && rng.chance(0.3)) parts.splice(1, 0, `${rng.int(1, 9)}.ª planta`);
  const withCountry = rng.chance(0.45);
  const countryName = swiss
    ? lang === 'fr'
      ? 'Suisse'
      : rng.pick(['Schweiz', 'Switzerland'])
    : rng.pick(country.names);
  if (withCountry) parts.push(countryName);
  const tld = rng.pick(country.tlds);
  const domain = `${slug(owner)}${rng.chance(0.4) ? `-${slug(industry)}` : ''}${tld}`;
  const fold = lang === 'de' && rng.chance(0.5);
  const g = mailSlug(given, fold);
  const f = mailSlug(surname, fold);
  const user = rng.pick([`${g}.${f}`, `${g.charAt(0)}.${f}`, g, f, `${g.charAt(0)}${f}`]);
  return {
    kind: 'eu',
    country: country.code,
    lang,
    chineseName: '',
    latinName,
    nameSuffix: '',
    company,
    position: [position],
    phones: phoneList(rng, country.code, language.labels, (k) => euPhone(rng, k, country, city)),
    emailLabel: rng.pick(language.email),
    email: [`${user}@${domain}`],
    websiteLabel: rng.pick(language.web),
    website: rng.chance(0.7) ? [`www.${domain}`] : [],
    address: [latinAddress(rng, rng.pick(language.address), parts, withCountry && rng.chance(0.5))],
    slogans: [],
  };
}
