/**
 * Reads of my cloud cards and groups (SPEC §3 "Cloud card"), all local: the screens list,
 * group and search them offline. Writes go through `mutate` (mutations.ts) like every change.
 */
import type { MutationArgs, MutationName } from '../api';
import type { CardbookDB, CloudCardRow, CloudGroupRow, OutboxRow } from './CardbookDB';

/** A new card or group id, made on this device (CLOUD_ID_PATTERN): a random UUID without dashes. */
export const newCloudId = (): string => crypto.randomUUID().replaceAll('-', '');

/** The first value of a key among a card's rows ('' when it has none). */
export function rowValue(card: Pick<CloudCardRow, 'extension'>, key: string): string {
  return card.extension.find((r) => r.key === key && r.value.trim() !== '')?.value.trim() ?? '';
}

/** Every value of a key among a card's rows. */
export function rowValues(card: Pick<CloudCardRow, 'extension'>, key: string): string[] {
  return card.extension.filter((r) => r.key === key && r.value.trim() !== '').map((r) => r.value.trim());
}

/** What a card is called in lists: its name, else its English name, else its company ('' if none). */
export function cloudCardTitle(card: Pick<CloudCardRow, 'extension'>): string {
  return rowValue(card, 'name') || rowValue(card, 'english_name') || rowValue(card, 'company');
}

/** The line under the title: company and position. */
export function cloudCardSubtitle(card: Pick<CloudCardRow, 'extension'>): string {
  const name = rowValue(card, 'name') || rowValue(card, 'english_name');
  const company = rowValue(card, 'company');
  return [name ? company : '', rowValue(card, 'position')].filter(Boolean).join(' · ');
}

/** Newest first; ties by id so the order never jumps. */
export const newestCloudFirst = (a: CloudCardRow, b: CloudCardRow): number =>
  b.created_at - a.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Groups in their sort order. */
export async function cloudGroupsInOrder(db: CardbookDB): Promise<CloudGroupRow[]> {
  return db.cloudGroups.orderBy('sort').toArray();
}

/** The cards of one group ('' = not grouped), newest first. */
export async function cloudCardsInGroup(db: CardbookDB, groupId: string): Promise<CloudCardRow[]> {
  const rows = await db.cloudCards.where('group_id').equals(groupId).toArray();
  return rows.sort(newestCloudFirst);
}

export type CloudSection = { group: CloudGroupRow | null; cards: CloudCardRow[] };

/**
 * The cards by group: groups in sort order, then "not grouped" (group null) last. A card whose
 * group is not here (deleted elsewhere, not pulled yet) counts as not grouped. Empty groups are
 * kept (they show "no cards").
 */
export function sectionsOf(groups: readonly CloudGroupRow[], cards: readonly CloudCardRow[]): CloudSection[] {
  const byGroup = new Map<string, CloudCardRow[]>(groups.map((g) => [g.id, []]));
  const loose: CloudCardRow[] = [];
  for (const card of cards) (byGroup.get(card.group_id) ?? loose).push(card);
  const sections: CloudSection[] = groups.map((g) => ({
    group: g,
    cards: (byGroup.get(g.id) ?? []).sort(newestCloudFirst),
  }));
  sections.push({ group: null, cards: loose.sort(newestCloudFirst) });
  return sections;
}

/** Lower-cased words of a query. */
export const queryWords = (query: string): string[] => query.toLocaleLowerCase().split(/\s+/).filter(Boolean);

/**
 * Whether a card holds every word of the query in any of its rows' values (case-insensitive).
 * Phone numbers match with or without spaces, dashes and brackets ("9123 4567" finds 91234567).
 */
export function cloudCardMatches(card: Pick<CloudCardRow, 'extension'>, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  const text = card.extension
    .map((r) => r.value)
    .join('\n')
    .toLocaleLowerCase();
  const digits = text.replace(/[\s\-().+]/g, '');
  return words.every(
    (w) => text.includes(w) || (/^[\d\s\-().+]+$/.test(w) && digits.includes(w.replace(/[\s\-().+]/g, ''))),
  );
}

/** My cards that hold every word of the query, newest first (all local, works offline). */
export async function searchCloudCards(db: CardbookDB, query: string): Promise<CloudCardRow[]> {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const rows = await db.cloudCards.filter((card) => cloudCardMatches(card, words)).toArray();
  return rows.sort(newestCloudFirst);
}

const CARD_CHANGES: Partial<Record<MutationName, (args: unknown) => string>> = {
  addCloudCard: (args) => (args as MutationArgs<'addCloudCard'>).id,
  editCloudCard: (args) => (args as MutationArgs<'editCloudCard'>).id,
  moveCloudCard: (args) => (args as MutationArgs<'moveCloudCard'>).cardId,
};

/** The ids of cards with a change the server has not confirmed yet (the "not synced" badge). */
export function pendingCloudCardIds(outbox: readonly OutboxRow[]): Set<string> {
  const ids = new Set<string>();
  for (const entry of outbox) {
    const id = CARD_CHANGES[entry.name]?.(entry.args);
    if (id) ids.add(id);
  }
  return ids;
}

/** Reads the pending card ids from the outbox. */
export async function readPendingCloudCardIds(db: CardbookDB): Promise<Set<string>> {
  return pendingCloudCardIds(await db.outbox.toArray());
}
