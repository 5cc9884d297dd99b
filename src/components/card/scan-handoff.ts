/**
 * What /card/identify recognized on my paper card, handed to the card editor it returns to: a
 * small sessionStorage entry (this tab only) that /card/create reads when it opens and clears
 * once the editor shows it. The editor starts from my card's draft with the recognized fields
 * added (so saving sends them as changes) and the photo in the side that was shot.
 */
import { CARD_ENTRIES_MAX, type CardFields } from '../../api';
import { type CardDraft, type DraftEntry, newRowId } from './draft';

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

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Appends entries the list lacks, with the list's label, up to the contract's maximum. */
function addEntries(rows: DraftEntry[], values: readonly string[], key: string): DraftEntry[] {
  const out = rows.slice();
  for (const value of values) {
    if (value.trim() === '' || out.filter((r) => !r.deleted).length >= CARD_ENTRIES_MAX) continue;
    if (out.some((r) => !r.deleted && same(r.content, value))) continue;
    out.push({ id: newRowId(), key, content: value.trim(), deleted: false });
  }
  return out;
}

/** The draft with what was recognized: names filled, list entries added, the photo set. */
export function draftWithScan(draft: CardDraft, scan: ScanHandoff): CardDraft {
  const { fields } = scan;
  const company = draft.company.slice();
  fields.company.forEach((name, i) => {
    if (name.trim() === '' || company.some((c) => !c.deleted && same(c.name, name))) return;
    company.push({
      id: newRowId(),
      key: 'company',
      name: name.trim(),
      department: '',
      position: fields.position[i]?.trim() ?? '',
      deleted: false,
    });
  });
  const lists = {
    ...draft.lists,
    tel: addEntries(draft.lists.tel, fields.tel, 'work'),
    email: addEntries(draft.lists.email, fields.email, 'work'),
    website: addEntries(draft.lists.website, fields.website, 'company'),
    address: addEntries(draft.lists.address, fields.address, 'work'),
    other: addEntries(draft.lists.other, fields.other, 'other'),
  };
  return {
    ...draft,
    name: fields.name.trim() || draft.name,
    english_name: fields.english_name.trim() || draft.english_name,
    company,
    lists,
    ...(scan.photo === '' ? {} : scan.side === 'front' ? { photo: scan.photo } : { photo_back: scan.photo }),
  };
}
