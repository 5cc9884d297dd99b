import { describe, expect, it } from 'vitest';
import { COMPANY_ITEMS_MAX, COMPANY_SWIPE_MAX, COMPANY_TITLE_MAX, type CompanyItem } from '../../src/api';
import {
  addBlock,
  canAdd,
  canMove,
  type DraftBlock,
  deleteBlock,
  draftOf,
  emptyItem,
  liveBlocks,
  moveBlock,
  undoDelete,
  updateBlock,
  validateDraft,
} from '../../src/components/company/draft';

let n = 0;
const seqKey = () => `k${n++}`;
const keys = (draft: DraftBlock[]) => draft.map((b) => b.key);

const SAMPLE: CompanyItem[] = [
  { type: 'title', content: 'About us' },
  { type: 'text', content: 'Line one\nLine two' },
  { type: 'url', content: { url: 'https://example.com', title: 'Site' } },
];

describe('company editor draft', () => {
  it('keeps the saved order and gives every block its own key', () => {
    const draft = draftOf(SAMPLE, seqKey);
    expect(draft.map((b) => b.item)).toEqual(SAMPLE);
    expect(new Set(keys(draft)).size).toBe(3);
  });

  it('adds an empty block of each type at the end', () => {
    let draft = draftOf([], seqKey);
    for (const type of ['text', 'title', 'url', 'pdf', 'video', 'img', 'swipe'] as const) {
      draft = addBlock(draft, type, seqKey());
      expect(draft.at(-1)?.item).toEqual(emptyItem(type));
    }
    expect(draft).toHaveLength(7);
  });

  it('moves a block up and down, and not past either end', () => {
    const draft = draftOf(SAMPLE, seqKey);
    const [a, b, c] = keys(draft) as [string, string, string];
    expect(keys(moveBlock(draft, b, -1))).toEqual([b, a, c]);
    expect(keys(moveBlock(draft, b, 1))).toEqual([a, c, b]);
    expect(keys(moveBlock(draft, a, -1))).toEqual([a, b, c]);
    expect(keys(moveBlock(draft, c, 1))).toEqual([a, b, c]);
    expect(canMove(draft, a, -1)).toBe(false);
    expect(canMove(draft, a, 1)).toBe(true);
    expect(canMove(draft, c, 1)).toBe(false);
  });

  it('moves over a deleted block to the next live one', () => {
    const draft = draftOf(SAMPLE, seqKey);
    const [a, b, c] = keys(draft) as [string, string, string];
    expect(keys(moveBlock(deleteBlock(draft, b), c, -1))).toEqual([c, b, a]);
    // The first live block cannot move up when only deleted blocks are above it.
    const topDeleted = deleteBlock(draft, a);
    expect(canMove(topDeleted, b, -1)).toBe(false);
    expect(keys(moveBlock(topDeleted, b, -1))).toEqual([a, b, c]);
  });

  it('deletes with undo: the block keeps its place until saved', () => {
    const draft = draftOf(SAMPLE, seqKey);
    const [, b] = keys(draft) as [string, string];
    const deleted = deleteBlock(draft, b);
    expect(liveBlocks(deleted).map((x) => x.key)).not.toContain(b);
    expect(keys(deleted)).toEqual(keys(draft));
    expect(undoDelete(deleted, b)).toEqual(draft);
    const result = validateDraft(deleted);
    expect(result.ok && result.body.items).toEqual([SAMPLE[0], SAMPLE[2]]);
  });

  it('saves what the contract accepts, links trimmed', () => {
    let draft = draftOf(SAMPLE, seqKey);
    draft = addBlock(draft, 'video', 'v');
    draft = updateBlock(draft, 'v', { type: 'video', content: { url: '  https://youtu.be/dQw4w9WgXcQ ' } });
    const result = validateDraft(draft);
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.body.items.at(-1)).toEqual({ type: 'video', content: { url: 'https://youtu.be/dQw4w9WgXcQ' } });
  });

  it('names the field and the message of each problem', () => {
    let draft = draftOf([], seqKey);
    const add = (type: Parameters<typeof addBlock>[1], key: string, item?: CompanyItem) => {
      draft = addBlock(draft, type, key);
      if (item) draft = updateBlock(draft, key, item);
    };
    add('text', 'emptyText');
    add('title', 'longTitle', { type: 'title', content: 'x'.repeat(COMPANY_TITLE_MAX + 1) });
    add('url', 'badLink', { type: 'url', content: { url: 'javascript:alert(1)', title: '' } });
    add('url', 'emptyLink');
    add('video', 'badVideo', { type: 'video', content: { url: 'https://vimeo.com/123' } });
    add('pdf', 'noPdf');
    add('img', 'noImg');
    add('swipe', 'noPictures');
    add('swipe', 'tooManyPictures', {
      type: 'swipe',
      content: { urls: Array.from({ length: COMPANY_SWIPE_MAX + 1 }, (_, i) => `/blobs/company/${i}.webp`) },
    });
    const result = validateDraft(draft);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      emptyText: { content: { key: 'company.errors.required' } },
      longTitle: { content: { key: 'company.errors.tooLong', max: COMPANY_TITLE_MAX } },
      badLink: { url: { key: 'company.errors.link' } },
      emptyLink: { url: { key: 'company.errors.required' } },
      badVideo: { url: { key: 'http.linkWrong' } },
      noPdf: { file: { key: 'company.errors.fileRequired' } },
      noImg: { file: { key: 'company.errors.fileRequired' } },
      noPictures: { urls: { key: 'company.errors.fileRequired' } },
      tooManyPictures: { urls: { key: 'company.errors.tooMany', max: COMPANY_SWIPE_MAX } },
    });
    expect(result.tooMany).toBe(false);
  });

  it('ignores problems in deleted blocks', () => {
    let draft = addBlock(draftOf(SAMPLE, seqKey), 'pdf', 'p');
    expect(validateDraft(draft).ok).toBe(false);
    draft = deleteBlock(draft, 'p');
    expect(validateDraft(draft).ok).toBe(true);
  });

  it('stops adding at the limit, counting only live blocks', () => {
    let draft = draftOf(
      Array.from({ length: COMPANY_ITEMS_MAX }, () => ({ type: 'title', content: 't' }) as const),
      seqKey,
    );
    expect(canAdd(draft)).toBe(false);
    draft = deleteBlock(draft, draft[0]?.key as string);
    expect(canAdd(draft)).toBe(true);
  });
});
