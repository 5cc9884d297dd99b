import type { CardEntryKind, CardExtension } from '../../src/api';

/**
 * A card's extension entries as stored (card_extensions) and as the API shows them: read in
 * the same SQL round trip as the card, as one JSON aggregate, by my card, shared cards and
 * friend entries alike.
 */

/** One extension entry as the JSON aggregate gives it. */
export type EntryRow = {
  kind: 'company' | CardEntryKind;
  key: string;
  content: string;
  department: string;
  position: string;
};

/** The card's entries in order, as one JSON array (the card is `c`). */
export const ENTRIES_JSON = `coalesce((
    select json_agg(json_build_object(
      'kind', e.kind, 'key', e.label, 'content', e.content,
      'department', coalesce(e.detail->>'department', ''), 'position', coalesce(e.detail->>'position', ''))
      order by e.kind, e.position)
    from card_extensions e where e.card_id = c.id and e.deleted_at is null), '[]'::json)`;

export function emptyExtension(): CardExtension {
  return { company: [], address: [], tel: [], email: [], website: [], other: [], industry: [], social: [] };
}

export function extensionOf(rows: EntryRow[]): CardExtension {
  const extension = emptyExtension();
  for (const row of rows) {
    if (row.kind === 'company') {
      extension.company.push({ name: row.content, department: row.department, position: row.position, key: row.key });
    } else {
      extension[row.kind].push({ key: row.key, content: row.content });
    }
  }
  return extension;
}
