/**
 * The model of the card editor (/card/create), kept pure so it is unit-tested without a browser.
 *
 * A draft holds my card's fields and every extension list as rows with a stable local `id`
 * (React keys, focus after a removal). A removed row stays in its list, marked, until the draft
 * is saved: the editor shows an "Undo" row in its place. Rows whose text is all blank are left
 * out of the body, as the server would drop them anyway.
 *
 * Validation is the contract's own (`createCardBodySchema`, the schema the server checks);
 * its issues come back as catalogue keys per field id, translated by the screen:
 * `name`, `english_name`, `profile`, `photo`, `photo_back`, a list (`tel`: too many entries) or
 * one field of one row (`tel:<id>:content`, `company:<id>:department`).
 */
import {
  CARD_ENTRIES_MAX,
  CARD_ENTRY_KINDS,
  CARD_LABELS,
  type CardEntryKind,
  type CardExtension,
  type CardRuleKey,
  type CreateCardBody,
  createCardBodySchema,
  isCardRuleKey,
  isTextRuleKey,
  type MyCard,
} from '../../api';

export type DraftEntry = { id: string; key: string; content: string; deleted: boolean };
export type DraftCompany = {
  id: string;
  key: string;
  name: string;
  department: string;
  position: string;
  deleted: boolean;
};
export type DraftList = 'company' | CardEntryKind;

export type CardDraft = {
  name: string;
  english_name: string;
  profile: string;
  is_open: 0 | 1;
  photo: string;
  photo_back: string;
  company: DraftCompany[];
  lists: Record<CardEntryKind, DraftEntry[]>;
};

export type DraftErrorKey =
  | 'card.errors.tooLong'
  | 'card.errors.tooMany'
  | 'card.errors.invalid'
  | 'card.errors.controlChars'
  | `server.${CardRuleKey}`;
export type DraftError = { key: DraftErrorKey; max?: number };

export type DraftValidation = { ok: true; body: CreateCardBody } | { ok: false; errors: Record<string, DraftError> };

let counter = 0;
export const newRowId = (): string => `r${Date.now().toString(36)}${(counter++).toString(36)}`;

/** The error id of one field of one row. */
export const fieldId = (list: DraftList, id: string, field: string): string => `${list}:${id}:${field}`;

/** A draft of my card, or of a new card (named after my profile when I have one). */
export function draftOf(card: Pick<MyCard, keyof CreateCardBody> | null, fallbackName = ''): CardDraft {
  const extension: CardExtension = card?.extension ?? {
    company: [],
    address: [],
    tel: [],
    email: [],
    website: [],
    other: [],
    industry: [],
    social: [],
  };
  const lists = Object.fromEntries(
    CARD_ENTRY_KINDS.map((kind) => [
      kind,
      extension[kind].map((e) => ({ id: newRowId(), key: e.key, content: e.content, deleted: false })),
    ]),
  ) as Record<CardEntryKind, DraftEntry[]>;
  return {
    name: card ? card.name : fallbackName,
    english_name: card?.english_name ?? '',
    profile: card?.profile ?? '',
    is_open: card?.is_open ?? 0,
    photo: card?.photo ?? '',
    photo_back: card?.photo_back ?? '',
    company: extension.company.map((c) => ({ id: newRowId(), ...c, deleted: false })),
    lists,
  };
}

export const liveRows = <T extends { deleted: boolean }>(rows: readonly T[]): T[] => rows.filter((r) => !r.deleted);

/** Whether another row fits in the list (the contract's CARD_ENTRIES_MAX). */
export function canAdd(draft: CardDraft, list: DraftList): boolean {
  const rows: readonly { deleted: boolean }[] = list === 'company' ? draft.company : draft.lists[list];
  return liveRows(rows).length < CARD_ENTRIES_MAX;
}

/** Adds an empty row with the list's first label (`id` lets the caller focus it). */
export function addRow(draft: CardDraft, list: DraftList, id = newRowId()): CardDraft {
  if (list === 'company') {
    const row: DraftCompany = { id, key: 'company', name: '', department: '', position: '', deleted: false };
    return { ...draft, company: [...draft.company, row] };
  }
  const row: DraftEntry = { id, key: CARD_LABELS[list][0], content: '', deleted: false };
  return { ...draft, lists: { ...draft.lists, [list]: [...draft.lists[list], row] } };
}

export function updateEntry(
  draft: CardDraft,
  list: CardEntryKind,
  id: string,
  patch: Partial<Pick<DraftEntry, 'key' | 'content'>>,
): CardDraft {
  const rows = draft.lists[list].map((r) => (r.id === id ? { ...r, ...patch } : r));
  return { ...draft, lists: { ...draft.lists, [list]: rows } };
}

export function updateCompany(
  draft: CardDraft,
  id: string,
  patch: Partial<Pick<DraftCompany, 'name' | 'department' | 'position'>>,
): CardDraft {
  return { ...draft, company: draft.company.map((r) => (r.id === id ? { ...r, ...patch } : r)) };
}

function setDeleted(draft: CardDraft, list: DraftList, id: string, deleted: boolean): CardDraft {
  if (list === 'company') {
    return { ...draft, company: draft.company.map((r) => (r.id === id ? { ...r, deleted } : r)) };
  }
  const rows = draft.lists[list].map((r) => (r.id === id ? { ...r, deleted } : r));
  return { ...draft, lists: { ...draft.lists, [list]: rows } };
}

export const removeRow = (draft: CardDraft, list: DraftList, id: string): CardDraft =>
  setDeleted(draft, list, id, true);

export const undoRemove = (draft: CardDraft, list: DraftList, id: string): CardDraft =>
  setDeleted(draft, list, id, false);

const blank = (s: string) => s.trim() === '';
const filledEntries = (rows: readonly DraftEntry[]) => liveRows(rows).filter((r) => !blank(r.content));
const filledCompanies = (rows: readonly DraftCompany[]) =>
  liveRows(rows).filter((r) => ![r.name, r.department, r.position].every(blank));

/** The body of card/create the draft stands for, before validation. */
export function bodyOf(draft: CardDraft) {
  const entries = (kind: CardEntryKind) =>
    filledEntries(draft.lists[kind]).map(({ key, content }) => ({ key, content }));
  return {
    name: draft.name,
    english_name: draft.english_name,
    photo: draft.photo,
    photo_back: draft.photo_back,
    profile: draft.profile,
    is_open: draft.is_open,
    extension: {
      company: filledCompanies(draft.company).map(({ key, name, department, position }) => ({
        key,
        name,
        department,
        position,
      })),
      address: entries('address'),
      tel: entries('tel'),
      email: entries('email'),
      website: entries('website'),
      other: entries('other'),
      industry: entries('industry'),
      social: entries('social'),
    },
  };
}

const TOP_FIELDS = new Set(['name', 'english_name', 'profile', 'photo', 'photo_back', 'is_open']);

/** Checks the draft with the contract and answers the body to save, or the errors per field id. */
export function validateDraft(draft: CardDraft): DraftValidation {
  const parsed = createCardBodySchema.safeParse(bodyOf(draft));
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Record<string, DraftError> = {};
  for (const issue of parsed.error.issues) {
    const id = errorIdOf(draft, issue.path);
    if (errors[id]) continue;
    const max = 'maximum' in issue && typeof issue.maximum === 'number' ? issue.maximum : undefined;
    if (isCardRuleKey(issue.message)) errors[id] = { key: `server.${issue.message}` };
    else if (isTextRuleKey(issue.message)) errors[id] = { key: 'card.errors.controlChars' };
    else if (issue.code === 'too_big' && id.includes(':')) errors[id] = { key: 'card.errors.tooLong', max };
    else if (issue.code === 'too_big' && TOP_FIELDS.has(id)) errors[id] = { key: 'card.errors.tooLong', max };
    else if (issue.code === 'too_big') errors[id] = { key: 'card.errors.tooMany', max };
    else errors[id] = { key: 'card.errors.invalid' };
  }
  return { ok: false, errors };
}

/** Maps an issue's path in the body back to the draft row it came from. */
function errorIdOf(draft: CardDraft, path: readonly PropertyKey[]): string {
  const [top, list, index, field] = path;
  if (top !== 'extension') return String(top ?? '');
  if (typeof list !== 'string') return 'extension';
  if (typeof index !== 'number') return list;
  const rows =
    list === 'company'
      ? filledCompanies(draft.company)
      : (CARD_ENTRY_KINDS as readonly string[]).includes(list)
        ? filledEntries(draft.lists[list as CardEntryKind])
        : [];
  const row = rows[index];
  if (!row) return list;
  return fieldId(list as DraftList, row.id, String(field ?? (list === 'company' ? 'name' : 'content')));
}
