/**
 * The editor's model of /information/edit, kept pure so it is unit-tested without a browser.
 *
 * A draft is the ordered list of blocks with a stable local `key` each (React keys, focus after a
 * move). A deleted block stays in the list, marked, until the draft is saved: the editor shows an
 * "Undo" row in its place, and moves skip over it. A new pdf, img or swipe block holds empty
 * values until its file is uploaded, so the contract itself refuses to save it.
 *
 * Validation is the contract's (`saveCompanyBodySchema`, the server's own schema) plus one rule
 * of the editor: a text, heading, link or video block may not be left empty. Errors come back as
 * catalogue keys per block and field, translated by the screen.
 */
import {
  COMPANY_ITEMS_MAX,
  COMPANY_SWIPE_MAX,
  type CompanyItem,
  type CompanyItemType,
  type SaveCompanyBody,
  saveCompanyBodySchema,
} from '../../api';

export const BLOCK_TYPES = [
  'text',
  'title',
  'url',
  'pdf',
  'video',
  'img',
  'swipe',
] as const satisfies readonly CompanyItemType[];

export type DraftBlock = { key: string; item: CompanyItem; deleted: boolean };

/** The editable field of a block an error belongs to. */
export type BlockField = 'content' | 'url' | 'title' | 'file' | 'urls';

export type ErrorKey =
  | 'company.errors.required'
  | 'company.errors.fileRequired'
  | 'company.errors.tooLong'
  | 'company.errors.link'
  | 'company.errors.tooMany'
  | 'http.linkWrong';
export type FieldError = { key: ErrorKey; max?: number };
export type BlockErrors = Partial<Record<BlockField, FieldError>>;

export type Validation =
  | { ok: true; body: SaveCompanyBody }
  | { ok: false; errors: Record<string, BlockErrors>; tooMany: boolean };

let counter = 0;
export const newKey = (): string => `b${Date.now().toString(36)}${(counter++).toString(36)}`;

export function emptyItem(type: CompanyItemType): CompanyItem {
  switch (type) {
    case 'text':
    case 'title':
      return { type, content: '' };
    case 'url':
      return { type, content: { url: '', title: '' } };
    case 'pdf':
      return { type, content: { url: '', name: '', size: 0 } };
    case 'video':
    case 'img':
      return { type, content: { url: '' } };
    case 'swipe':
      return { type, content: { urls: [] } };
  }
}

export function draftOf(items: readonly CompanyItem[], key: () => string = newKey): DraftBlock[] {
  return items.map((item) => ({ key: key(), item, deleted: false }));
}

export const liveBlocks = (draft: readonly DraftBlock[]): DraftBlock[] => draft.filter((b) => !b.deleted);

/** Room for another block (deleted ones do not count: they go when saved). */
export const canAdd = (draft: readonly DraftBlock[]): boolean => liveBlocks(draft).length < COMPANY_ITEMS_MAX;

export function addBlock(draft: readonly DraftBlock[], type: CompanyItemType, key: string = newKey()): DraftBlock[] {
  return [...draft, { key, item: emptyItem(type), deleted: false }];
}

export function updateBlock(draft: readonly DraftBlock[], key: string, item: CompanyItem): DraftBlock[] {
  return draft.map((b) => (b.key === key ? { ...b, item } : b));
}

/** The index of the nearest live block before (-1) or after (1) the one with `key`, or -1. */
function neighbour(draft: readonly DraftBlock[], key: string, dir: -1 | 1): number {
  const at = draft.findIndex((b) => b.key === key);
  if (at < 0) return -1;
  for (let i = at + dir; i >= 0 && i < draft.length; i += dir) {
    if (!draft[i]?.deleted) return i;
  }
  return -1;
}

export const canMove = (draft: readonly DraftBlock[], key: string, dir: -1 | 1): boolean =>
  neighbour(draft, key, dir) >= 0;

/** Swaps the block with its nearest live neighbour in that direction; unchanged at either end. */
export function moveBlock(draft: readonly DraftBlock[], key: string, dir: -1 | 1): DraftBlock[] {
  const to = neighbour(draft, key, dir);
  const from = draft.findIndex((b) => b.key === key);
  if (to < 0 || from < 0) return [...draft];
  const next = [...draft];
  [next[from], next[to]] = [next[to] as DraftBlock, next[from] as DraftBlock];
  return next;
}

export function deleteBlock(draft: readonly DraftBlock[], key: string): DraftBlock[] {
  return draft.map((b) => (b.key === key ? { ...b, deleted: true } : b));
}

export function undoDelete(draft: readonly DraftBlock[], key: string): DraftBlock[] {
  return draft.map((b) => (b.key === key ? { ...b, deleted: false } : b));
}

/** A block as it is saved: links trimmed (a pasted link often carries spaces), text as typed. */
function cleanItem(item: CompanyItem): CompanyItem {
  if (item.type === 'url') return { type: 'url', content: { url: item.content.url.trim(), title: item.content.title } };
  if (item.type === 'video') return { type: 'video', content: { url: item.content.url.trim() } };
  return item;
}

/** The editor's own rule: a block the user added must say something. */
function emptyErrors(item: CompanyItem): BlockErrors {
  const required: FieldError = { key: 'company.errors.required' };
  if ((item.type === 'text' || item.type === 'title') && item.content.trim() === '') return { content: required };
  if ((item.type === 'url' || item.type === 'video') && item.content.url.trim() === '') return { url: required };
  return {};
}

type Issue = { code: string; path: PropertyKey[]; maximum?: unknown };

/** Which field of a block, and which message, a contract issue at `items.i.<rest>` is about. */
function issueError(item: CompanyItem, rest: PropertyKey[], issue: Issue): [BlockField, FieldError] {
  const max =
    typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint' ? Number(issue.maximum) : undefined;
  const sub = rest[1];
  switch (item.type) {
    case 'text':
    case 'title':
      return ['content', { key: 'company.errors.tooLong', max }];
    case 'url':
      if (sub === 'title') return ['title', { key: 'company.errors.tooLong', max }];
      return ['url', { key: 'company.errors.link' }];
    case 'video':
      return ['url', { key: 'http.linkWrong' }];
    case 'pdf':
    case 'img':
      return ['file', { key: 'company.errors.fileRequired' }];
    case 'swipe':
      if (issue.code === 'too_big' && rest.length === 2) return ['urls', { key: 'company.errors.tooMany', max }];
      return ['urls', { key: 'company.errors.fileRequired' }];
  }
}

/** Checks the live blocks as they would be saved; errors are keyed by each block's `key`. */
export function validateDraft(draft: readonly DraftBlock[]): Validation {
  const live = liveBlocks(draft);
  const items = live.map((b) => cleanItem(b.item));
  const errors: Record<string, BlockErrors> = {};
  live.forEach((block, i) => {
    const own = emptyErrors(items[i] as CompanyItem);
    if (Object.keys(own).length > 0) errors[block.key] = own;
  });
  const parsed = saveCompanyBodySchema.safeParse({ items });
  let tooMany = false;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [root, index, ...rest] = issue.path;
      if (root !== 'items') continue;
      if (typeof index !== 'number') {
        tooMany = true;
        continue;
      }
      const block = live[index];
      const item = items[index];
      if (!block || !item) continue;
      const [field, error] = issueError(item, rest, issue as Issue);
      const current = errors[block.key] ?? {};
      current[field] ??= error;
      errors[block.key] = current;
    }
  }
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors, tooMany };
}

export { COMPANY_ITEMS_MAX, COMPANY_SWIPE_MAX };
