import { describe, expect, it } from 'vitest';
import { draftOf } from '../../src/components/card/draft';
import { acceptSuggestion, scanIntoDraft } from '../../src/components/card/scan-handoff';
import { EMPTY_FIELDS } from '../../src/lib/card-fields';

describe('recognized fields into my card draft', () => {
  const card = {
    name: 'Chan',
    english_name: '',
    profile: '',
    is_open: 1 as const,
    photo: '/blobs/old.jpg',
    photo_back: '',
    extension: {
      company: [],
      address: [],
      tel: [{ key: 'mobile', content: '+852 9123 4567' }],
      email: [],
      website: [],
      other: [],
      industry: [],
      social: [],
    },
  };

  it('fills only what is empty, offers the rest, and puts the photo on the side shot', () => {
    const { draft, suggestions } = scanIntoDraft(draftOf(card), {
      side: 'back',
      photo: 'local:abc',
      fields: {
        ...EMPTY_FIELDS,
        name: 'Chan Tai Man',
        english_name: 'Tai Man Chan',
        company: ['Acme Ltd'],
        position: ['Director'],
        tel: ['+852 9123 4567', '+852 2345 6789'],
        email: ['tm@acme.example'],
      },
    });
    // Names: the one typed stays; the empty one is filled.
    expect(draft.name).toBe('Chan');
    expect(draft.english_name).toBe('Tai Man Chan');
    expect(draft.photo).toBe('/blobs/old.jpg');
    expect(draft.photo_back).toBe('local:abc');
    // Empty lists filled; a list with entries keeps them, the new number is offered.
    expect(draft.company.map((c) => [c.name, c.position])).toEqual([['Acme Ltd', 'Director']]);
    expect(draft.lists.tel.map((e) => [e.key, e.content])).toEqual([['mobile', '+852 9123 4567']]);
    expect(draft.lists.email.map((e) => e.content)).toEqual(['tm@acme.example']);
    expect(suggestions.map((s) => [s.field, s.value])).toEqual([
      ['name', 'Chan Tai Man'],
      ['tel', '+852 2345 6789'],
    ]);

    // Accepted one by one: the name replaces, the number is added with a work label.
    const [name, tel] = suggestions;
    if (!name || !tel) throw new Error('two suggestions');
    const withTel = acceptSuggestion(draft, tel);
    expect(withTel.name).toBe('Chan');
    expect(withTel.lists.tel.map((e) => [e.key, e.content])).toEqual([
      ['mobile', '+852 9123 4567'],
      ['work', '+852 2345 6789'],
    ]);
    expect(acceptSuggestion(withTel, name).name).toBe('Chan Tai Man');
  });

  it('a typed name and website stay when the scan misreads them; the misreads are only offered', () => {
    const typed = {
      ...card,
      name: 'Alice Whitfield',
      extension: { ...card.extension, website: [{ key: 'company', content: 'whitfield.example.com' }] },
    };
    const { draft, suggestions } = scanIntoDraft(draftOf(typed), {
      side: 'front',
      photo: 'local:x',
      fields: { ...EMPTY_FIELDS, name: 'Alice Whitfeld', website: ['whitfeld.example.com', 'WHITFIELD.example.com'] },
    });
    expect(draft.name).toBe('Alice Whitfield');
    expect(draft.lists.website.map((e) => e.content)).toEqual(['whitfield.example.com']);
    expect(suggestions.map((s) => [s.field, s.value])).toEqual([
      ['name', 'Alice Whitfeld'],
      ['website', 'whitfeld.example.com'],
    ]);
  });

  it('keeps what the card has when nothing was recognized', () => {
    const { draft, suggestions } = scanIntoDraft(draftOf(card), {
      side: 'front',
      photo: 'local:x',
      fields: EMPTY_FIELDS,
    });
    expect(draft.name).toBe('Chan');
    expect(draft.photo).toBe('local:x');
    expect(draft.lists.tel).toHaveLength(1);
    expect(suggestions).toEqual([]);
  });
});
