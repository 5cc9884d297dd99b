import type { CardExtensionInput, CreateCardBody } from '../api/card';
import { CARD_ENTRIES_MAX, CARD_ENTRY_KINDS } from '../api/card';
import { type Hlc, isNewer, maxHlc } from './hlc';

/**
 * A change to my card carries only what it changed (sync mutation `patchCard`), so two devices
 * editing different parts of one card both keep their edit:
 * - a plain field (name, photo, profile, …) is replaced if the change is newer than the last
 *   write of that field (hybrid logical clock stamps, newest edit wins);
 * - an extension list (phones, emails, …) is merged entry by entry: the change names the list as
 *   it was before (`from`) and after (`to`) the edit; entries it removed are removed, entries it
 *   added are added, and entries another device added or removed meanwhile stay as that device
 *   left them. When nobody else touched the list, the result is exactly `to` (order included).
 * One definition, used by the server and by the device's optimistic copy.
 */
export const CARD_FIELDS = ['name', 'english_name', 'photo', 'photo_back', 'profile', 'is_open'] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export const CARD_LISTS = ['company', ...CARD_ENTRY_KINDS] as const;
export type CardList = (typeof CARD_LISTS)[number];

type ListChange<L extends CardList> = { from: CardExtensionInput[L]; to: CardExtensionInput[L] };
export type CardPatch = {
  fields?: Partial<Pick<CreateCardBody, CardField>>;
  lists?: { [L in CardList]?: ListChange<L> };
};
export type FieldClocks = Record<string, Hlc>;

export const EMPTY_CARD: CreateCardBody = {
  name: '',
  english_name: '',
  photo: '',
  photo_back: '',
  profile: '',
  is_open: 0,
  extension: { company: [], address: [], tel: [], email: [], website: [], other: [], industry: [], social: [] },
};

/** JSON with object keys sorted: entries compare by value whatever order their fields came in. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** What an edit changed: the fields that differ and the lists that differ (with their before). */
export function cardPatchOf(base: CreateCardBody, next: CreateCardBody): CardPatch {
  const fields: Record<string, unknown> = {};
  for (const field of CARD_FIELDS) if (base[field] !== next[field]) fields[field] = next[field];
  const lists: Record<string, unknown> = {};
  for (const list of CARD_LISTS) {
    if (!same(base.extension[list], next.extension[list])) {
      lists[list] = { from: base.extension[list], to: next.extension[list] };
    }
  }
  return { fields, lists } as CardPatch;
}

export function isEmptyPatch(patch: CardPatch): boolean {
  return Object.keys(patch.fields ?? {}).length === 0 && Object.keys(patch.lists ?? {}).length === 0;
}

/**
 * When each entry of a list was last written (aligned with the list), and when the edit being
 * merged was made: with them, two edits of the same entry keep the later one (cloud card rows).
 */
export type EntryStamps = { stamps: readonly (Hlc | undefined)[]; stamp: Hlc };
export type MergedList<T> = { list: T[]; stamps: Hlc[]; superseded: boolean };

/** An entry's label (`key`), which an edit in place keeps: the same row with another value. */
const slotOf = (entry: unknown): unknown =>
  entry && typeof entry === 'object' ? (entry as { key?: unknown }).key : null;

/**
 * Three-way merge of one list, entries compared by value (see the header), with the stamps of
 * each entry when `stamped` is given. An entry the edit changed in place (the same position and
 * label in `from` and `to`) takes the old one's place; if another edit changed or removed that
 * entry meanwhile, the edit's entry is added, or, with stamps, the entry the other edit put under
 * that label is kept if it was written later and replaced if earlier. Replaying it changes nothing.
 */
export function mergeStamped<T>(
  current: readonly T[],
  from: readonly T[],
  to: readonly T[],
  stamped?: EntryStamps,
  max = CARD_ENTRIES_MAX,
): MergedList<T> {
  const stampAt = (i: number): Hlc => stamped?.stamps[i] ?? '';
  const edit = stamped?.stamp ?? '';
  if (same(current, from)) {
    const kept = new Map(current.map((entry, i) => [canonical(entry), stampAt(i)]));
    const list = to.slice(0, max);
    return { list, stamps: list.map((entry) => kept.get(canonical(entry)) ?? edit), superseded: false };
  }
  const keyOf = (entry: T) => canonical(entry);
  const before = new Set(from.map(keyOf));
  const after = new Set(to.map(keyOf));
  // Entries changed in place: old entry's key → the entry replacing it.
  const replaced = new Map<string, T>();
  from.forEach((old, i) => {
    const next = to[i];
    if (next === undefined || after.has(keyOf(old)) || before.has(keyOf(next))) return;
    if (slotOf(old) === slotOf(next)) replaced.set(keyOf(old), next);
  });
  const items: { entry: T; stamp: Hlc; known: boolean }[] = [];
  const placed = new Set<string>();
  current.forEach((entry, i) => {
    const key = keyOf(entry);
    if (!before.has(key) || after.has(key)) {
      items.push({ entry, stamp: stampAt(i), known: before.has(key) || after.has(key) });
      return;
    }
    const next = replaced.get(key);
    if (next !== undefined) {
      items.push({ entry: next, stamp: edit, known: true });
      placed.add(keyOf(next));
    }
  });
  const held = new Set(items.map((item) => keyOf(item.entry)));
  const replacing = new Set([...replaced.values()].map(keyOf));
  let superseded = false;
  for (const entry of to) {
    const key = keyOf(entry);
    if (before.has(key) || held.has(key)) continue;
    // Its old entry is gone: another edit changed that row meanwhile. The later one stays.
    const rival =
      stamped && replacing.has(key) && !placed.has(key)
        ? items.find((item) => !item.known && slotOf(item.entry) === slotOf(entry))
        : undefined;
    if (rival && !isNewer(edit, rival.stamp)) {
      superseded = true;
      continue;
    }
    if (rival) Object.assign(rival, { entry, stamp: edit, known: true });
    else items.push({ entry, stamp: edit, known: true });
    held.add(key);
  }
  const kept = items.slice(0, max);
  return { list: kept.map((item) => item.entry), stamps: kept.map((item) => item.stamp), superseded };
}

/** Three-way merge of one list without stamps (card lists): see mergeStamped. */
export function mergeList<T>(current: readonly T[], from: readonly T[], to: readonly T[]): T[] {
  return mergeStamped(current, from, to).list;
}

export type PatchOutcome = { card: CreateCardBody; clocks: FieldClocks; superseded: string[] };

/** Applies a change made at `hlc` to the card; fields last written later keep their value. */
export function applyCardPatch(current: CreateCardBody, patch: CardPatch, clocks: FieldClocks, hlc: Hlc): PatchOutcome {
  const card: CreateCardBody = { ...current, extension: { ...current.extension } };
  const nextClocks: FieldClocks = { ...clocks };
  const superseded: string[] = [];
  for (const field of CARD_FIELDS) {
    const value = patch.fields?.[field];
    if (value === undefined) continue;
    if (!isNewer(hlc, clocks[field])) {
      superseded.push(field);
      continue;
    }
    (card as Record<CardField, unknown>)[field] = value;
    nextClocks[field] = hlc;
  }
  for (const list of CARD_LISTS) {
    const change = patch.lists?.[list];
    if (!change) continue;
    (card.extension as Record<CardList, unknown[]>)[list] = mergeList<unknown>(
      current.extension[list],
      change.from,
      change.to,
    );
    nextClocks[list] = clocks[list] ? maxHlc(clocks[list], hlc) : hlc;
  }
  return { card, clocks: nextClocks, superseded };
}

/** The editable part of a card as the server answers it. */
export function cardBodyOf(card: CreateCardBody): CreateCardBody {
  const body: Record<string, unknown> = {};
  for (const field of CARD_FIELDS) body[field] = card[field];
  const extension: Record<string, unknown> = {};
  for (const list of CARD_LISTS) extension[list] = card.extension[list];
  return { ...(body as Omit<CreateCardBody, 'extension'>), extension: extension as CardExtensionInput };
}
