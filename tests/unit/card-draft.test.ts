import { describe, expect, it } from 'vitest';
import { CARD_ENTRIES_MAX, CARD_TEXT_MAX, type MyCard } from '../../src/api';
import {
  addRow,
  bodyOf,
  canAdd,
  draftOf,
  fieldId,
  removeRow,
  undoRemove,
  updateCompany,
  updateEntry,
  validateDraft,
} from '../../src/components/card/draft';

const card: Pick<MyCard, 'name' | 'english_name' | 'photo' | 'photo_back' | 'profile' | 'is_open' | 'extension'> = {
  name: '陳大文',
  english_name: 'Chan Tai Man',
  photo: '/blobs/a.jpg',
  photo_back: 'local:abc',
  profile: 'Hello',
  is_open: 0,
  extension: {
    company: [{ name: 'Acme', department: 'Sales', position: 'Manager', key: 'company' }],
    address: [],
    tel: [{ key: 'mobile', content: '91234567' }],
    email: [{ key: 'work', content: 'tai@acme.hk' }],
    website: [],
    other: [],
    industry: [],
    social: [{ key: 'wechat', content: 'taiman' }],
  },
};

describe('card editor draft', () => {
  it('starts from my card and gives back the same body', () => {
    const result = validateDraft(draftOf(card));
    expect(result).toEqual({ ok: true, body: card });
  });

  it('starts a new card private (searchable only when its owner says so), named after my profile', () => {
    const draft = draftOf(null, 'Amy');
    expect(draft.name).toBe('Amy');
    expect(draft.is_open).toBe(0);
    expect(Object.values(draft.lists).every((rows) => rows.length === 0)).toBe(true);
  });

  it('adds rows with the list’s first label and leaves blank rows out of the body', () => {
    let draft = addRow(draftOf(card), 'tel', 'new');
    expect(draft.lists.tel.at(-1)).toEqual({ id: 'new', key: 'work', content: '', deleted: false });
    expect(bodyOf(draft).extension.tel).toHaveLength(1);
    draft = updateEntry(draft, 'tel', 'new', { key: 'work_fax', content: ' 2345 6789 ' });
    const result = validateDraft(draft);
    expect(result.ok && result.body.extension.tel).toEqual([
      { key: 'mobile', content: '91234567' },
      { key: 'work_fax', content: '2345 6789' },
    ]);
    draft = addRow(draft, 'company', 'c2');
    expect(bodyOf(draft).extension.company).toHaveLength(1);
    draft = updateCompany(draft, 'c2', { position: 'Director' });
    expect(bodyOf(draft).extension.company[1]).toEqual({
      key: 'company',
      name: '',
      department: '',
      position: 'Director',
    });
  });

  it('keeps a removed row until undone', () => {
    const draft = draftOf(card);
    const id = draft.lists.email[0]?.id ?? '';
    const removed = removeRow(draft, 'email', id);
    expect(removed.lists.email).toHaveLength(1);
    expect(bodyOf(removed).extension.email).toEqual([]);
    expect(bodyOf(undoRemove(removed, 'email', id)).extension.email).toEqual(card.extension.email);
    const companyId = draft.company[0]?.id ?? '';
    expect(bodyOf(removeRow(draft, 'company', companyId)).extension.company).toEqual([]);
  });

  it('stops adding at the contract’s limit, removed rows not counted', () => {
    let draft = draftOf(null);
    for (let i = 0; i < CARD_ENTRIES_MAX; i++) draft = addRow(draft, 'email', `e${i}`);
    expect(canAdd(draft, 'email')).toBe(false);
    draft = removeRow(draft, 'email', 'e3');
    expect(canAdd(draft, 'email')).toBe(true);
  });

  it('maps contract errors to the row and field they belong to', () => {
    let draft = draftOf(card);
    draft = addRow(draft, 'tel', 'blank');
    draft = addRow(draft, 'tel', 'long');
    draft = updateEntry(draft, 'tel', 'long', { content: '9'.repeat(CARD_TEXT_MAX + 1) });
    const companyId = draft.company[0]?.id ?? '';
    draft = updateCompany(draft, companyId, { department: 'x'.repeat(CARD_TEXT_MAX + 1) });
    draft = { ...draft, name: 'n'.repeat(81) };
    const result = validateDraft(draft);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      name: { key: 'card.errors.tooLong', max: 80 },
      [fieldId('tel', 'long', 'content')]: { key: 'card.errors.tooLong', max: CARD_TEXT_MAX },
      [fieldId('company', companyId, 'department')]: { key: 'card.errors.tooLong', max: CARD_TEXT_MAX },
    });
  });

  it('refuses more entries than the contract allows', () => {
    let draft = draftOf(null);
    for (let i = 0; i <= CARD_ENTRIES_MAX; i++) {
      draft = updateEntry(addRow(draft, 'website', `w${i}`), 'website', `w${i}`, { content: `site${i}.hk` });
    }
    const result = validateDraft(draft);
    expect(result.ok === false && result.errors.website).toEqual({ key: 'card.errors.tooMany', max: CARD_ENTRIES_MAX });
  });
});
