import type { CardEntryKind, CardExtension } from '../../src/api';

/**
 * A card's extension entries as stored (card_extensions) and as the API shows them. The card
 * row keeps them as one JSON array (`cards.entries`, migration 0019), which my card, shared cards
 * and friend entries alike read; a trigger sets it from the rows whatever writes them.
 */

/** One extension entry as `cards.entries` holds it. */
export type EntryRow = {
  kind: 'company' | CardEntryKind;
  key: string;
  content: string;
  department: string;
  position: string;
};

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
