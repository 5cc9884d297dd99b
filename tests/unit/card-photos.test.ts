import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { CHINESE_KINDS } from '../../scripts/card-photos/common';
import { CARD_KINDS, type CardPhotoPlan, FAULTS, LAYOUTS, planCardPhotos } from '../../scripts/card-photos/index';

/** The text Chromium would show for a scene's HTML: tags gone, entities decoded, lines kept apart. */
function shownText(html: string): string {
  const body = html.slice(html.indexOf('<body>'));
  return body
    .replace(/<[^>]+>/g, '\n')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
}

const plans = planCardPhotos({ count: 140, seed: 2026 });
const shown = (plan: CardPhotoPlan) => shownText(plan.scene.html).split('\n');
const byKind = (kind: string) => plans.filter((p) => p.kind === kind);
const share = (pred: (p: CardPhotoPlan) => boolean) => plans.filter(pred).length / plans.length;
const HAN = /\p{Script=Han}/u;
const HAN_ONLY = /^\p{Script=Han}{2,3}$/u;

/** The calling code of each kind's countries. */
const CALLING: Record<string, RegExp> = {
  hk: /^\+852 /,
  cn: /^\+86 /,
  cnen: /^\+86 /,
  tw: /^\+886 /,
  sg: /^\+65 /,
  en: /^\+(1|44|61) /,
  eu: /^\+(49|43|41|33|34|39|31) /,
};

describe('card photo generator', () => {
  it('is deterministic from the seed, and card i does not depend on the count', () => {
    expect(planCardPhotos({ count: 140, seed: 2026 })).toEqual(plans);
    expect(planCardPhotos({ count: 4, seed: 2026 })).toEqual(plans.slice(0, 4));
    expect(planCardPhotos({ count: 30, seed: 2026 })).toEqual(plans.slice(0, 30));
    const other = planCardPhotos({ count: 30, seed: 2027 });
    expect(other.map((p) => p.card.truth)).not.toEqual(plans.slice(0, 30).map((p) => p.card.truth));
    // Only the kinds asked for, in turn.
    const two = planCardPhotos({ count: 6, seed: 2026, kinds: ['tw', 'eu'] });
    expect(two.map((p) => p.kind)).toEqual(['tw', 'eu', 'tw', 'eu', 'tw', 'eu']);
  });

  it('has seven kinds, hk, en and cn first, every one of them in 14 cards', () => {
    expect(CARD_KINDS).toEqual(['hk', 'en', 'cn', 'cnen', 'tw', 'sg', 'eu']);
    const fourteen = planCardPhotos({ count: 14, seed: 77 });
    for (const kind of CARD_KINDS) expect(fourteen.filter((p) => p.kind === kind)).toHaveLength(2);
    expect(new Set(fourteen.map((p) => p.name)).size).toBe(14);
    for (const kind of CARD_KINDS) expect(byKind(kind)).toHaveLength(20);
  });

  it('varies layouts, papers, fonts, tilts and camera effects', () => {
    expect(new Set(plans.map((p) => p.scene.layout))).toEqual(new Set(LAYOUTS));
    expect(LAYOUTS).toHaveLength(10);
    for (const { kind, scene } of plans) {
      if (scene.layout === 'vertical') expect(CHINESE_KINDS).toContain(kind);
      expect(scene.width).toBeGreaterThanOrEqual(1600);
      expect(scene.width).toBeLessThanOrEqual(2400);
      expect(Math.abs(scene.tilt.x)).toBeLessThanOrEqual(20);
      expect(Math.abs(scene.tilt.y)).toBeLessThanOrEqual(20);
      expect(Math.abs(scene.tilt.z)).toBeLessThanOrEqual(15);
      expect(scene.camera.quality).toBeGreaterThanOrEqual(60);
      expect(scene.camera.quality).toBeLessThanOrEqual(85);
      expect(scene.html).toContain(scene.fonts.latin);
      expect(scene.html).toContain(scene.fonts.cjk);
    }
    // Dark and coloured cards at a fair share (about a quarter), both of them.
    expect(share((p) => p.scene.paper !== 'light')).toBeGreaterThan(0.15);
    expect(share((p) => p.scene.paper !== 'light')).toBeLessThan(0.35);
    expect(share((p) => p.scene.paper === 'dark')).toBeGreaterThan(0.05);
    expect(share((p) => p.scene.paper === 'coloured')).toBeGreaterThan(0.05);
    const latin = new Set(plans.map((p) => p.scene.fonts.latin.split(',')[0]));
    for (const face of ['Liberation Sans', 'Liberation Sans Narrow', 'DejaVu Sans', 'DejaVu Sans Condensed']) {
      expect(latin).toContain(`'${face}'`);
    }
    expect(latin).toContain("'DejaVu Serif'");
    expect(latin).toContain("'Liberation Serif'");
    expect(plans.some((p) => /font-weight:200/.test(p.scene.html))).toBe(true);
    expect(plans.some((p) => /font-weight:700/.test(p.scene.html))).toBe(true);
    // Simplified faces for mainland and Singapore cards, Traditional ones for Hong Kong and Taiwan.
    for (const { kind, scene } of plans) {
      if (kind === 'cn' || kind === 'cnen' || kind === 'sg') expect(scene.fonts.cjk).toMatch(/CJK SC'$/);
      if (kind === 'hk' || kind === 'tw') expect(scene.fonts.cjk).toMatch(/CJK (TC|HK)'$/);
    }
    expect(plans.some((p) => p.scene.fonts.cjk.includes('Serif'))).toBe(true);
  });

  it('draws every fault, as the scene says, and no more', () => {
    for (const fault of FAULTS)
      expect(
        plans.some((p) => p.scene.faults.includes(fault)),
        fault,
      ).toBe(true);
    // A light card on a desk of nearly its colour in about one photo in ten.
    expect(share((p) => p.scene.faults.includes('plain-table'))).toBeGreaterThan(0.04);
    expect(share((p) => p.scene.faults.includes('plain-table'))).toBeLessThan(0.18);
    for (const { scene } of plans) {
      const has = (f: (typeof FAULTS)[number]) => scene.faults.includes(f);
      expect(scene.camera.blur > 0).toBe(has('blur'));
      expect(scene.html.includes('<div class="glare">')).toBe(has('glare'));
      expect(scene.html.includes('<div class="phone-shadow">')).toBe(has('shadow'));
      if (has('plain-table')) expect(scene.paper).toBe('light');
      if (has('low-light')) {
        expect(scene.camera.brightness).toBeLessThan(0.7);
        expect(scene.camera.noise).toBeGreaterThanOrEqual(8);
        expect(has('shadow')).toBe(false);
      } else {
        expect(scene.camera.brightness).toBe(1);
        expect(scene.camera.noise).toBeLessThanOrEqual(7);
      }
    }
    // Glare and shadow never hide what is printed: both stay well short of opaque.
    for (const { scene } of plans) {
      for (const m of scene.html.matchAll(/rgba\((?:255,255,25\d|8,6,4),([\d.]+)\)/g)) {
        expect(Number(m[1])).toBeLessThanOrEqual(0.6);
      }
    }
  });

  it('draws the new layouts as they are meant', () => {
    for (const plan of plans) {
      const { card, scene } = plan;
      if (scene.layout === 'vertical') {
        expect(scene.html).toContain('writing-mode:vertical-rl');
        expect(scene.html).toContain(`<div class="name cjk vname">${card.chineseName}</div>`);
        const hanTitle = card.position.find((p) => HAN.test(p));
        if (hanTitle) expect(scene.html).toContain(`<div class="position vpos">${hanTitle}</div>`);
      }
      if (scene.layout === 'band') expect(scene.html).toMatch(/<div class="band[^"]*" data-bleed><div class="identity/);
      if (scene.layout === 'right-column') expect(scene.html).toMatch(/<div class="rc-side">(<div class="contact)/);
      if (scene.layout === 'minimal') {
        expect(card.truth.address).toEqual([]);
        expect(card.truth.website).toEqual([]);
        expect(card.truth.tel).toHaveLength(1);
        expect(card.truth.other).toEqual([]);
      }
    }
  });

  it('follows the naming rules of the truth per kind', () => {
    for (const { card } of byKind('hk')) {
      expect(card.truth.name).toMatch(HAN_ONLY);
      expect(card.truth.english_name).toMatch(/^[A-Z][a-z]+( [A-Z][A-Za-z]+){1,3}$/);
      // Both names of the company (a minimal card may print none).
      expect(card.truth.company).toHaveLength(card.company.length === 0 ? 0 : 2);
      if (card.company.length > 0) {
        expect(card.truth.company[0]).toMatch(/有限公司$/);
        expect(card.truth.company[1]).toMatch(/(Limited|Ltd\.)$/);
      }
    }
    for (const { card } of byKind('cn')) {
      expect(card.truth.name).toMatch(HAN_ONLY);
      expect(card.truth.english_name).toBe('');
      for (const c of card.truth.company) expect(c).toMatch(/有限公司$/);
      expect(card.truth.position.every((p) => HAN.test(p))).toBe(true);
    }
    for (const { card } of byKind('cnen')) {
      expect(card.truth.name).toMatch(HAN_ONLY);
      expect(card.truth.english_name).toMatch(/^[A-Z][a-zA-Z]+ [A-Z][a-zA-Z]+$/);
      expect(card.truth.position).toHaveLength(2);
      expect(card.truth.position[0]).toMatch(HAN);
      expect(card.truth.position[1]).toMatch(/^[A-Z][A-Za-z ]+$/);
      if (card.company.length > 0) {
        expect(card.truth.company[0]).toMatch(/有限公司$/);
        expect(card.truth.company[1]).toMatch(/(Co\., Ltd\.?|Limited|Corporation)$/);
      }
      // Address entries: the Chinese one first, then maybe the English one.
      expect(card.truth.address[0] ?? '市').toMatch(HAN);
      if (card.truth.address[1]) expect(card.truth.address[1]).not.toMatch(HAN);
    }
    for (const { card } of byKind('tw')) {
      expect(card.truth.name).toMatch(HAN_ONLY);
      if (card.truth.english_name)
        expect(card.truth.english_name).toMatch(/^[A-Z][a-z]+(-[A-Z][a-z]+)? [A-Z][A-Za-z]+(-[A-Z][a-z]+)?$/);
      if (card.company.length > 0) expect(card.truth.company[0]).toMatch(/(股份)?有限公司$/);
      if (card.company[1]) expect(card.company[1]).toMatch(/(Co\., Ltd\.|Corp\.|Inc\.)$/);
      for (const a of card.truth.address.filter((x) => HAN.test(x)))
        expect(a).toMatch(/^(\d{3})?(台|臺|新|高|桃)\S+[區].+號/);
    }
    for (const { card } of byKind('sg')) {
      expect(card.truth.name).toBe(card.chineseName || card.latinName);
      expect(card.truth.english_name).toBe(card.chineseName ? card.latinName : '');
      if (card.chineseName) expect(card.chineseName).toMatch(HAN_ONLY);
      if (card.company.length > 0) expect(card.company.at(-1)).toMatch(/ Pte\.? Ltd\.?$/);
      for (const a of card.truth.address) expect(a).toMatch(/#\d{2}-\d{2}.*Singapore \d{6}$/);
    }
    for (const { card } of byKind('en')) {
      expect(card.truth.name).toMatch(/^[A-Z][a-z]+( [A-Z]\.)? [A-Z][A-Za-z']+$/);
      expect(card.truth.name).not.toMatch(/PhD|MBA|CPA|Esq|FCA|P\.Eng/);
      expect(card.truth.english_name).toBe('');
    }
    for (const { card } of byKind('eu')) {
      expect(card.truth.name).toMatch(/^\p{Lu}\p{Ll}+ (\p{L}[\p{L}' ]*)$/u);
      expect(card.truth.english_name).toBe('');
      for (const c of card.truth.company) {
        expect(c).toMatch(
          / (GmbH|AG|GmbH & Co\.? KG|SE|SA|S\.A\.|SAS|SARL|Sàrl|S\.L\.U?\.|SL|S\.r\.l\.|Srl|S\.p\.A\.|B\.V\.|BV|N\.V\.)$/,
        );
      }
      // Addresses as printed there: a postcode before the city.
      for (const a of card.truth.address) expect(a).toMatch(/\b\d{4,5}( [A-Z]{2})? \p{Lu}/u);
    }
    // Accented names on European cards, middle initials and suffixes on English ones.
    expect(byKind('eu').some((p) => /[À-ž]/.test(p.card.truth.name))).toBe(true);
    expect(byKind('en').some((p) => / [A-Z]\. /.test(p.card.truth.name))).toBe(true);
    expect(byKind('en').some((p) => p.card.nameSuffix !== '')).toBe(true);
    expect(byKind('sg').some((p) => p.card.chineseName !== '')).toBe(true);
    expect(byKind('sg').some((p) => p.card.chineseName === '')).toBe(true);
    expect(byKind('tw').some((p) => p.card.latinName !== '')).toBe(true);
    for (const { card } of plans) {
      expect(card.truth.tel.length + card.truth.other.filter((o) => o.startsWith('Fax: ')).length).toBeGreaterThan(0);
      expect(card.truth.tel.length).toBeLessThanOrEqual(3);
    }
  });

  it('draws every truth value: names, companies, positions, emails, websites, slogans, address lines', () => {
    for (const plan of plans) {
      const { truth } = plan.card;
      const lines = shown(plan);
      const text = lines.join('\n');
      for (const value of [truth.name, truth.english_name, ...truth.company, ...truth.position]) {
        if (value) expect(lines, `${plan.name}: ${value}`).toContain(value);
      }
      for (const value of [...truth.email, ...truth.website, ...plan.card.slogans]) {
        expect(lines, `${plan.name}: ${value}`).toContain(value);
      }
      // A printed suffix stands apart from the name, in no truth field.
      if (plan.card.nameSuffix) {
        expect(lines).toContain(plan.card.nameSuffix);
        expect(JSON.stringify(truth)).not.toContain(plan.card.nameSuffix.replace(/^, /, ''));
      }
      expect(truth.address).toEqual(plan.card.address.map((a) => a.joined));
      for (const address of plan.card.address) {
        for (const line of address.lines) expect(lines, `${plan.name}: ${line}`).toContain(line);
        // Lines joined per language give the truth entry back (Latin ones with ', ', printed comma or not).
        const joined = HAN.test(address.joined)
          ? address.lines.join('')
          : address.lines.map((l) => l.replace(/,$/, '')).join(', ');
        expect(joined).toBe(address.joined);
      }
      expect(text).not.toMatch(/undefined|NaN|\[object/);
    }
  });

  it("draws every phone as a number of the card's country whose international format is in the truth (faxes in other)", () => {
    for (const plan of plans) {
      const { truth, country } = plan.card;
      const lines = shown(plan);
      const tel: string[] = [];
      const fax: string[] = [];
      for (const phone of plan.card.phones) {
        expect(phone.region).toBe(country);
        expect(lines, `${plan.name}: ${phone.shown}`).toContain(phone.shown);
        const parsed = parsePhoneNumberFromString(phone.shown, country);
        expect(parsed?.isValid(), `${plan.name}: ${phone.shown}`).toBe(true);
        expect(parsed?.country, `${plan.name}: ${phone.shown}`).toBe(country);
        const international = parsed?.formatInternational() ?? '';
        expect(international).toBe(phone.international);
        // The truth parses back to the same number, as an international one.
        expect(parsePhoneNumberFromString(international)?.number).toBe(parsed?.number);
        const type = parsed?.getType();
        if (phone.line === 'mobile') expect(['MOBILE', 'FIXED_LINE_OR_MOBILE']).toContain(type);
        else expect(['FIXED_LINE', 'FIXED_LINE_OR_MOBILE']).toContain(type);
        (phone.fax ? fax : tel).push(international);
        if (phone.label) expect(lines.some((l) => l.startsWith(phone.label))).toBe(true);
      }
      expect(truth.tel).toEqual(tel);
      expect(truth.other.filter((o) => o.startsWith('Fax: '))).toEqual(fax.map((f) => `Fax: ${f}`));
      for (const value of [...tel, ...fax]) expect(value, plan.name).toMatch(CALLING[plan.kind] ?? /^$/);
    }
    // Numbers printed without their country code, as each country prints them at home
    // ('(415) 555-0132', '020 7946 0958', '02-2345-6789', '6123 4567', '030 1234567'…), are there too.
    const withoutCode = (shownNumber: string) => !/^\+|^\((852|65)\)|^(86|1)-/.test(shownNumber);
    for (const country of ['HK', 'CN', 'TW', 'SG', 'US', 'GB', 'DE', 'FR']) {
      const cards = plans.filter((p) => p.card.country === country);
      expect(
        cards.some((p) => p.card.phones.some((ph) => withoutCode(ph.shown))),
        country,
      ).toBe(true);
      expect(
        cards.some((p) => p.card.phones.some((ph) => !withoutCode(ph.shown))),
        country,
      ).toBe(true);
    }
  });
});
