import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CreateCardBody } from '../../src/api';
import { applyCardPatch, cardPatchOf, EMPTY_CARD, mergeList, mergeStamped } from '../../src/lib/card-merge';
import { formatHlc, nextHlc } from '../../src/lib/hlc';
import { cutBySize } from '../../workers/sync/pusher';

const entry = fc.record({ key: fc.constantFrom('work', 'mobile', 'home'), content: fc.string({ maxLength: 6 }) });
const list = fc.uniqueArray(entry, { maxLength: 6, selector: (e) => `${e.key}|${e.content}` });

describe('mergeList', () => {
  it('gives the edit exactly when nobody else touched the list', () => {
    fc.assert(
      fc.property(list, list, (from, to) => {
        expect(mergeList(from, from, to)).toEqual(to);
      }),
    );
  });

  it('changes nothing when replayed', () => {
    fc.assert(
      fc.property(list, list, list, (current, from, to) => {
        const once = mergeList(current, from, to);
        expect(mergeList(once, from, to)).toEqual(once);
      }),
    );
  });

  it('keeps both of two edits made from the same list, in either order', () => {
    fc.assert(
      fc.property(list, list, list, (base, a, b) => {
        const ab = mergeList(mergeList(base, base, a), base, b);
        const ba = mergeList(mergeList(base, base, b), base, a);
        const keys = (l: { key: string; content: string }[]) => new Set(l.map((e) => `${e.key}|${e.content}`));
        expect(keys(ab)).toEqual(keys(ba));
        // Whatever either edit added is there, unless the other one removed it too.
        for (const e of [...a, ...b]) {
          const removedByOther = base.some((x) => x.key === e.key && x.content === e.content);
          if (!removedByOther) expect(keys(ab).has(`${e.key}|${e.content}`)).toBe(true);
        }
      }),
    );
  });
});

describe('mergeStamped (cloud card rows)', () => {
  const base = [
    { key: 'name', value: 'Chan' },
    { key: 'tel', value: '1111' },
    { key: 'email', value: 'c@x.hk' },
  ];
  const early = formatHlc(1_000, 0, 'a');
  const late = formatHlc(2_000, 0, 'b');
  const stamps = base.map(() => formatHlc(500, 0, 'c'));
  const set = (key: string, value: string) => base.map((row) => (row.key === key ? { key, value } : row));
  /** Applies edits in order, each made from `base` at its stamp. */
  const apply = (...edits: [typeof base, string][]) =>
    edits.reduce(
      (state, [to, stamp]) => {
        const out = mergeStamped(state.list, base, to, { stamps: state.stamps, stamp });
        return { list: out.list, stamps: out.stamps, superseded: [...state.superseded, out.superseded] };
      },
      { list: base, stamps: stamps as string[], superseded: [] as boolean[] },
    );

  it('keeps edits of two different rows, in place, in either order', () => {
    const name = set('name', 'Chan Tai-man');
    const tel = set('tel', '2222');
    const want = [
      { key: 'name', value: 'Chan Tai-man' },
      { key: 'tel', value: '2222' },
      { key: 'email', value: 'c@x.hk' },
    ];
    expect(apply([name, early], [tel, late]).list).toEqual(want);
    expect(apply([tel, late], [name, early]).list).toEqual(want);
  });

  it('keeps the later of two edits of the same row, in either order, and says the earlier lost', () => {
    const a = set('tel', '2222');
    const b = set('tel', '3333');
    const want = set('tel', '3333');
    expect(apply([a, early], [b, late])).toMatchObject({ list: want, superseded: [false, false] });
    expect(apply([b, late], [a, early])).toMatchObject({ list: want, superseded: [false, true] });
  });

  it('changes nothing when replayed', () => {
    const once = apply([set('tel', '2222'), early]);
    const again = mergeStamped(once.list, base, set('tel', '2222'), { stamps: once.stamps, stamp: early });
    expect(again.list).toEqual(once.list);
  });
});

describe('applyCardPatch', () => {
  const card = (name: string): CreateCardBody => ({ ...EMPTY_CARD, name });

  it('sends only what changed', () => {
    const before = card('Chan');
    const after = {
      ...before,
      profile: 'Hello',
      extension: { ...before.extension, tel: [{ key: 'work', content: '12345' }] },
    };
    expect(cardPatchOf(before, after)).toEqual({
      fields: { profile: 'Hello' },
      lists: { tel: { from: [], to: [{ key: 'work', content: '12345' }] } },
    });
  });

  it('keeps a field written later, and says so', () => {
    const later = formatHlc(2_000, 0, 'b');
    const earlier = formatHlc(1_000, 0, 'a');
    const out = applyCardPatch(card('Later'), { fields: { name: 'Earlier', profile: 'p' } }, { name: later }, earlier);
    expect(out.card.name).toBe('Later');
    expect(out.card.profile).toBe('p');
    expect(out.superseded).toEqual(['name']);
    expect(out.clocks).toEqual({ name: later, profile: earlier });
  });
});

describe('nextHlc', () => {
  it('never goes backwards, even when the wall clock does', () => {
    const a = nextHlc(null, 5_000, 'dev');
    const b = nextHlc(a, 4_000, 'dev');
    const c = nextHlc(b, 4_000, 'dev');
    expect(a < b && b < c).toBe(true);
    expect(nextHlc(c, 6_000, 'dev') > c).toBe(true);
  });
});

describe('cutBySize', () => {
  const row = (id: string, size: number) => ({
    id,
    name: 'setProfile' as const,
    args: { profile: 'x'.repeat(size) },
    createdAt: 0,
  });

  it('cuts a queue of large changes into requests under the limit, and sets apart one too large ever', () => {
    const rows = [row('a', 1_500_000), row('b', 1_500_000), row('c', 1_500_000), row('huge', 3_000_000), row('d', 10)];
    const { batch, tooLarge } = cutBySize('client-1', rows);
    expect(batch.map((r) => r.id)).toEqual(['a', 'b']);
    expect(tooLarge).toEqual([]);
    const rest = cutBySize('client-1', rows.slice(2));
    expect(rest.batch.map((r) => r.id)).toEqual(['c', 'd']);
    expect(rest.tooLarge.map((r) => r.id)).toEqual(['huge']);
  });
});
