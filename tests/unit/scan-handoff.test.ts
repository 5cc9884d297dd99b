import { describe, expect, it } from 'vitest';
import { draftOf } from '../../src/components/card/draft';
import { draftWithScan } from '../../src/components/card/scan-handoff';
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

  it('fills names, adds entries the card lacks, and puts the photo on the side shot', () => {
    const draft = draftWithScan(draftOf(card), {
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
    expect(draft.name).toBe('Chan Tai Man');
    expect(draft.english_name).toBe('Tai Man Chan');
    expect(draft.photo).toBe('/blobs/old.jpg');
    expect(draft.photo_back).toBe('local:abc');
    expect(draft.company.map((c) => [c.name, c.position])).toEqual([['Acme Ltd', 'Director']]);
    expect(draft.lists.tel.map((e) => [e.key, e.content])).toEqual([
      ['mobile', '+852 9123 4567'],
      ['work', '+852 2345 6789'],
    ]);
    expect(draft.lists.email.map((e) => e.content)).toEqual(['tm@acme.example']);
  });

  it('keeps what the card has when nothing was recognized', () => {
    const draft = draftWithScan(draftOf(card), { side: 'front', photo: 'local:x', fields: EMPTY_FIELDS });
    expect(draft.name).toBe('Chan');
    expect(draft.photo).toBe('local:x');
    expect(draft.lists.tel).toHaveLength(1);
  });
});
