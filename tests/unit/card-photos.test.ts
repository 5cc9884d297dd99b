import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { type CardPhotoPlan, planCardPhotos } from '../../scripts/card-photos/index';

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

const plans = planCardPhotos({ count: 30, seed: 2026 });
const shown = (plan: CardPhotoPlan) => shownText(plan.scene.html).split('\n');
const byKind = (kind: string) => plans.filter((p) => p.kind === kind);

describe('card photo generator', () => {
  it('is deterministic from the seed, and card i does not depend on the count', () => {
    expect(planCardPhotos({ count: 30, seed: 2026 })).toEqual(plans);
    expect(planCardPhotos({ count: 4, seed: 2026 })).toEqual(plans.slice(0, 4));
    const other = planCardPhotos({ count: 30, seed: 2027 });
    expect(other.map((p) => p.card.truth)).not.toEqual(plans.map((p) => p.card.truth));
  });

  it('makes 10 cards of each kind, of varied layouts, tilts and camera effects', () => {
    expect(plans.map((p) => p.kind).sort()).toEqual([
      ...Array(10).fill('cn'),
      ...Array(10).fill('en'),
      ...Array(10).fill('hk'),
    ]);
    expect(new Set(plans.map((p) => p.scene.layout)).size).toBe(5);
    expect(new Set(plans.map((p) => p.name)).size).toBe(30);
    for (const { scene } of plans) {
      expect(scene.width).toBeGreaterThanOrEqual(1600);
      expect(scene.width).toBeLessThanOrEqual(2400);
      expect(Math.abs(scene.tilt.x)).toBeLessThanOrEqual(20);
      expect(Math.abs(scene.tilt.y)).toBeLessThanOrEqual(20);
      expect(Math.abs(scene.tilt.z)).toBeLessThanOrEqual(15);
      expect(scene.camera.quality).toBeGreaterThanOrEqual(60);
      expect(scene.camera.quality).toBeLessThanOrEqual(85);
    }
    expect(plans.some((p) => p.scene.camera.blur > 0)).toBe(true);
    expect(plans.some((p) => p.scene.camera.blur === 0)).toBe(true);
    expect(plans.some((p) => p.scene.html.includes("'Noto Sans CJK SC'"))).toBe(true);
    expect(plans.some((p) => /'Noto (Sans|Serif) CJK (TC|HK)'/.test(p.scene.html))).toBe(true);
  });

  it('follows the naming rules of the truth per kind', () => {
    for (const { card } of byKind('hk')) {
      expect(card.truth.name).toMatch(/^[\u4e00-\u9fff]{2,3}$/);
      expect(card.truth.english_name).toMatch(/^[A-Z][a-z]+ [A-Z][A-Za-z]+$/);
      expect(card.truth.company).toHaveLength(2);
      expect(card.truth.company[0]).toMatch(/有限公司$/);
      expect(card.truth.company[1]).toMatch(/(Limited|Ltd\.)$/);
    }
    for (const { card } of byKind('cn')) {
      expect(card.truth.name).toMatch(/^[\u4e00-\u9fff]{2,3}$/);
      expect(card.truth.english_name).toBe('');
      expect(card.truth.company[0]).toMatch(/有限公司$/);
    }
    for (const { card } of byKind('en')) {
      expect(card.truth.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(card.truth.english_name).toBe('');
      expect(card.truth.company[0]).toMatch(/(Inc\.|LLC|Ltd\.?|Limited)$/);
    }
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
      expect(truth.address).toEqual(plan.card.address.map((a) => a.joined));
      for (const address of plan.card.address) {
        for (const line of address.lines) expect(lines, `${plan.name}: ${line}`).toContain(line);
        // Lines joined per language give the truth entry back.
        const joined = /[\u4e00-\u9fff]/.test(address.joined) ? address.lines.join('') : address.lines.join(' ');
        expect(joined).toBe(address.joined);
      }
      expect(text).not.toMatch(/undefined|NaN/);
    }
  });

  it('draws every phone as a number whose international format is in the truth (faxes in other)', () => {
    for (const plan of plans) {
      const { truth } = plan.card;
      const lines = shown(plan);
      const region = plan.kind === 'cn' ? 'CN' : 'HK';
      const tel: string[] = [];
      const fax: string[] = [];
      for (const phone of plan.card.phones) {
        expect(lines, `${plan.name}: ${phone.shown}`).toContain(phone.shown);
        const parsed = parsePhoneNumberFromString(phone.shown, region);
        expect(parsed?.isValid(), `${plan.name}: ${phone.shown}`).toBe(true);
        const international = parsed?.formatInternational() ?? '';
        expect(international).toBe(phone.international);
        (phone.fax ? fax : tel).push(international);
        expect(lines.some((l) => l.startsWith(phone.label))).toBe(true);
      }
      expect(truth.tel).toEqual(tel);
      expect(truth.other.filter((o) => o.startsWith('Fax: '))).toEqual(fax.map((f) => `Fax: ${f}`));
      for (const value of truth.tel) {
        if (plan.kind === 'hk') expect(value).toMatch(/^\+852 [235689]\d{3} \d{4}$/);
        if (plan.kind === 'cn') expect(value).toMatch(/^\+86 (1[3-9]\d \d{4} \d{4}|\d{2,3} \d{4} \d{4})$/);
        if (plan.kind === 'en') expect(value).toMatch(/^\+(1|44) /);
      }
    }
  });
});
