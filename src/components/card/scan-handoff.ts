/**
 * What /card/identify recognized on my paper card, handed to the card editor it returns to: a
 * small sessionStorage entry (this tab only) that /card/create reads when it opens and clears
 * once the editor shows it. Recognition misreads, so it never overwrites what my card holds: it
 * fills only what is empty (a name not given, a list with no entry) and offers everything else
 * as suggestions the editor lets me accept one by one (issue 23). The photo goes on the side shot.
 */
import { CARD_ENTRIES_MAX, type CardEntryKind, type CardFields } from '../../api';
import { type CardDraft, type DraftEntry, liveRows, newRowId } from './draft';

export type ScanHandoff = { side: 'front' | 'back'; fields: CardFields; photo: string };

const KEY = 'cardbook.cardScan';

export function putScanHandoff(handoff: ScanHandoff): void {
  sessionStorage.setItem(KEY, JSON.stringify(handoff));
}

export function readScanHandoff(): ScanHandoff | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw === null) return null;
    const value = JSON.parse(raw) as Partial<ScanHandoff>;
    if ((value.side !== 'front' && value.side !== 'back') || typeof value.photo !== 'string' || !value.fields) {
      return null;
    }
    return value as ScanHandoff;
  } catch {
    return null;
  }
}

export function clearScanHandoff(): void {
  sessionStorage.removeItem(KEY);
}

/** The recognized lists, with the label a new entry of each gets. */
const SCANNED_LISTS = [
  ['tel', 'work'],
  ['email', 'work'],
  ['website', 'company'],
  ['address', 'work'],
  ['other', 'other'],
] as const satisfies readonly (readonly [CardEntryKind, string])[];

/** A recognized value the card already has something else for: offered, never written over it. */
export type ScanSuggestion =
  | { id: string; field: 'name' | 'english_name'; value: string }
  | { id: string; field: 'company'; value: string; position: string }
  | { id: string; field: (typeof SCANNED_LISTS)[number][0]; key: string; value: string };

export type ScannedDraft = { draft: CardDraft; suggestions: ScanSuggestion[] };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The entries of a list as recognized: trimmed, blank ones and repeats left out. */
function distinct(values: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    if (value !== '' && !out.some((v) => same(v, value))) out.push(value);
  }
  return out;
}

const entry = (key: string, content: string): DraftEntry => ({ id: newRowId(), key, content, deleted: false });

/**
 * My card's draft with what was recognized: names and lists filled only where empty, the rest
 * (what differs from what the card holds) as suggestions; the photo on the side shot.
 */
export function scanIntoDraft(draft: CardDraft, scan: ScanHandoff): ScannedDraft {
  const { fields } = scan;
  const suggestions: ScanSuggestion[] = [];
  const next: CardDraft = {
    ...draft,
    ...(scan.photo === '' ? {} : scan.side === 'front' ? { photo: scan.photo } : { photo_back: scan.photo }),
  };

  for (const field of ['name', 'english_name'] as const) {
    const value = fields[field].trim();
    if (value === '' || same(value, draft[field])) continue;
    if (draft[field].trim() === '') next[field] = value;
    else suggestions.push({ id: newRowId(), field, value });
  }

  const companies = liveRows(draft.company);
  const scanned = fields.company
    .map((name, i) => ({ name: name.trim(), position: fields.position[i]?.trim() ?? '' }))
    .filter((c, i, all) => c.name !== '' && all.findIndex((o) => same(o.name, c.name)) === i)
    .filter((c) => !companies.some((row) => same(row.name, c.name)));
  if (companies.length === 0) {
    next.company = [
      ...draft.company,
      ...scanned.slice(0, CARD_ENTRIES_MAX).map((c) => ({
        id: newRowId(),
        key: 'company',
        name: c.name,
        department: '',
        position: c.position,
        deleted: false,
      })),
    ];
  } else {
    for (const c of scanned)
      suggestions.push({ id: newRowId(), field: 'company', value: c.name, position: c.position });
  }

  const lists = { ...draft.lists };
  for (const [list, key] of SCANNED_LISTS) {
    const rows = liveRows(draft.lists[list]);
    const values = distinct(fields[list]).filter((v) => !rows.some((row) => same(row.content, v)));
    if (rows.every((row) => row.content.trim() === '')) {
      lists[list] = [...draft.lists[list], ...values.slice(0, CARD_ENTRIES_MAX).map((v) => entry(key, v))];
    } else {
      for (const value of values) suggestions.push({ id: newRowId(), field: list, key, value });
    }
  }
  next.lists = lists;
  return { draft: next, suggestions };
}

/** The draft with one suggestion taken: a name set, or a company or entry added (within the maximum). */
export function acceptSuggestion(draft: CardDraft, suggestion: ScanSuggestion): CardDraft {
  switch (suggestion.field) {
    case 'name':
    case 'english_name':
      return { ...draft, [suggestion.field]: suggestion.value };
    case 'company':
      if (liveRows(draft.company).length >= CARD_ENTRIES_MAX) return draft;
      return {
        ...draft,
        company: [
          ...draft.company,
          {
            id: newRowId(),
            key: 'company',
            name: suggestion.value,
            department: '',
            position: suggestion.position,
            deleted: false,
          },
        ],
      };
    default: {
      const rows = draft.lists[suggestion.field];
      if (liveRows(rows).length >= CARD_ENTRIES_MAX) return draft;
      return {
        ...draft,
        lists: { ...draft.lists, [suggestion.field]: [...rows, entry(suggestion.key, suggestion.value)] },
      };
    }
  }
}
