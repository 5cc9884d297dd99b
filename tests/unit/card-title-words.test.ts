import { describe, expect, it } from 'vitest';
import { extractFields, type OcrLine } from '../../src/lib/card-fields';
import { readAsTitle, withTitleWordsRead } from '../../src/lib/card-fields/title-words';
import { stackedLines } from './support/card-lines';

describe('withTitleWordsRead', () => {
  it('reads back a title word OCR misread by one letter, in its capitals', () => {
    expect(withTitleWordsRead('Gales Manager')).toBe('Sales Manager');
    expect(withTitleWordsRead('Chief Financial Oficer')).toBe('Chief Financial Officer');
    expect(withTitleWordsRead('SENIOR MANGER')).toBe('SENIOR MANAGER');
  });

  it('splits two title words run together', () => {
    expect(withTitleWordsRead('AssistantVice President')).toBe('Assistant Vice President');
  });

  it("leaves other languages' titles, accented words, short words and words it cannot tell apart as printed", () => {
    for (const title of [
      'Président-directeur général',
      'Direktor Vertrieb',
      'Presidente',
      'Projekt Manager',
      'Claims Manager',
      'Head of Sales',
      'Jefa de Proyecto',
    ])
      expect(withTitleWordsRead(title)).toBe(title);
  });
});

describe('readAsTitle', () => {
  it('takes a line for a title once its misread word is read back, when all its words are title words', () => {
    expect(readAsTitle('Senior Manage, Business Development')).toBe('Senior Manager, Business Development');
    expect(readAsTitle('Gales Manning')).toBeNull();
    expect(readAsTitle('Sales Manager')).toBeNull();
  });
});

describe('a card', () => {
  it('gives a title with a misread word to the position, and an Italian Srl read as Sri to the company', () => {
    const lines = stackedLines(['Tan Wei Ming', 'Senior Manage, Business Development', 'Informatica Solaris Sri']);
    const got = extractFields(lines, { area: 'hk' });
    expect(got.position).toEqual(['Senior Manager, Business Development']);
    expect(got.company).toEqual(['Informatica Solaris Srl']);
    expect(got.other).toEqual([]);
  });

  it("reads a title's misread word back, and nothing else on the card", () => {
    const lines = stackedLines(['Chih-Wei Chiu', 'Gales Manager', 'Gales Trading Ltd.']);
    const got = extractFields(lines, { area: 'hk' });
    expect(got.position).toEqual(['Sales Manager']);
    expect(got.company).toEqual(['Gales Trading Ltd.']);
  });

  it("keeps a Chinese address's unit wrapped alone onto its own line", () => {
    const lines = stackedLines(['許宗翰', '宏昇國際有限公司', '地址: 新北市新店區北新路三段376', '號', '24樓']);
    expect(extractFields(lines, { area: 'hk' }).address).toEqual(['新北市新店區北新路三段376號24樓']);
  });

  it('keeps no line read unsurely in other, and a slogan read surely', () => {
    const lines: OcrLine[] = [
      { text: 'Peter Chan', bbox: { x0: 0, y0: 0, x1: 300, y1: 20 }, confidence: 95 },
      { text: 'v J es TTL', bbox: { x0: 0, y0: 30, x1: 300, y1: 50 }, confidence: 61 },
      { text: 'Your partner in growth', bbox: { x0: 0, y0: 60, x1: 300, y1: 80 }, confidence: 96 },
    ];
    expect(extractFields(lines, { area: 'hk' }).other).toEqual(['Your partner in growth']);
  });

  it('gives a Chinese title cut after 经 its 理 back', () => {
    const lines = stackedLines(['彭敏', '海外销售经', '汇通供应链管理股份有限公司']);
    expect(extractFields(lines, { area: 'ch' }).position).toEqual(['海外销售经理']);
  });
});
