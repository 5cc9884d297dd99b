import { useNavigate } from '@tanstack/react-router';
import { type Dispatch, type FormEvent, type RefObject, type SetStateAction, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyItem, CompanyItemType } from '../../api';
import { enqueue } from '../../db/outbox';
import { toast } from '../toast';
import { useBusy } from '../use-busy';
import type { UploadState } from './BlockEditor';
import {
  addBlock,
  type BlockErrors,
  COMPANY_ITEMS_MAX,
  type DraftBlock,
  deleteBlock,
  draftOf,
  liveBlocks,
  moveBlock,
  newKey,
  undoDelete,
  updateBlock,
  validateDraft,
} from './draft';
import { type FileKind, refuseFile } from './media';
import { stageCompanyFile, type UploadResult } from './upload';

/** What to focus once the next render is on screen: a control of one block. */
type FocusTarget = { key: string; action: 'up' | 'down' | 'delete' | 'undo' | 'first' };

type Errors = Record<string, BlockErrors>;
type SetDraft = Dispatch<SetStateAction<DraftBlock[]>>;

export const NO_UPLOAD: UploadState = { busy: 0, error: '' };

/**
 * The state of the company editor: the draft of blocks, their errors and uploads, and saving.
 * Each change of a block says which of its controls keeps the focus.
 */
export function useCompanyDraft(initial: readonly CompanyItem[]) {
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const focus = useRef<FocusTarget | null>(null);
  const list = useRef<HTMLDivElement>(null);
  useBlockFocus(list, focus);

  const clearError = (key: string) => {
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };
  const edit = (key: string, action: FocusTarget['action'] | null, next: (d: DraftBlock[]) => DraftBlock[]) => {
    if (action) focus.current = { key, action };
    setDraft(next);
  };
  const change = (key: string, item: CompanyItem) => {
    edit(key, null, (d) => updateBlock(d, key, item));
    clearError(key);
  };
  const move = (key: string, dir: -1 | 1) => edit(key, dir < 0 ? 'up' : 'down', (d) => moveBlock(d, key, dir));
  const remove = (key: string) => {
    edit(key, 'undo', (d) => deleteBlock(d, key));
    clearError(key);
  };
  const undo = (key: string) => edit(key, 'delete', (d) => undoDelete(d, key));
  const add = (type: CompanyItemType) => {
    const key = newKey();
    edit(key, 'first', (d) => addBlock(d, type, key));
    setFormError('');
  };

  const { uploads, uploading, pick } = useBlockUploads(setDraft, clearError);
  const submit = useCompanySubmit({ draft, uploading, list, setErrors, setFormError });
  return { draft, errors, uploads, uploading, formError, list, change, move, remove, undo, add, pick, ...submit };
}

/**
 * Keyboard users keep their place: after a move, delete, undo or add, focus the control that
 * belongs to the same block (the other move button when this one hit an end).
 */
function useBlockFocus(list: RefObject<HTMLDivElement | null>, focus: RefObject<FocusTarget | null>): void {
  useEffect(() => {
    const target = focus.current;
    if (!target || !list.current) return;
    focus.current = null;
    const block = list.current.querySelector<HTMLElement>(`[data-block="${target.key}"]`);
    if (!block) return;
    let el: HTMLElement | null = null;
    if (target.action === 'first') {
      el = block.querySelector<HTMLElement>('input:not(.file-input), textarea, .file-pick button');
      block.scrollIntoView({ block: 'center', behavior: 'smooth' });
    } else {
      el = block.querySelector<HTMLElement>(`[data-action="${target.action}"]:not(:disabled)`);
      if (!el && (target.action === 'up' || target.action === 'down')) {
        el = block.querySelector<HTMLElement>(`[data-action="${target.action === 'up' ? 'down' : 'up'}"]`);
      }
    }
    el?.focus({ preventScroll: target.action === 'first' });
  });
}

/**
 * Picked files are kept on this device at once (offline too) and the block names them; the sync
 * worker uploads them when the company is saved. Each block shows a refused file's reason.
 */
function useBlockUploads(setDraft: SetDraft, clearError: (key: string) => void) {
  const { t } = useTranslation();
  const [uploads, setUploads] = useState<Record<string, UploadState>>({});
  const uploading = Object.values(uploads).some((u) => u.busy > 0);
  const setUpload = (key: string, patch: (u: UploadState) => UploadState) =>
    setUploads((all) => ({ ...all, [key]: patch(all[key] ?? NO_UPLOAD) }));

  /** Uploads the picked files of one block (several for a swipe block) and writes their URLs in. */
  const pick = async (key: string, kind: FileKind, files: File[]) => {
    setUpload(key, (u) => ({ ...u, error: '' }));
    clearError(key);
    for (const file of files) {
      const refused = refuseFile(file, kind);
      if (refused) {
        setUpload(key, (u) => ({ ...u, error: t(refused) }));
        continue;
      }
      setUpload(key, (u) => ({ ...u, busy: u.busy + 1 }));
      try {
        const result = await stageCompanyFile(kind, file);
        setDraft((d) => withUploadedFile(d, key, result));
      } catch {
        // IndexedDB refused it (the device's storage is full).
        setUpload(key, (u) => ({ ...u, error: t('http.uploadFailed') }));
      } finally {
        setUpload(key, (u) => ({ ...u, busy: u.busy - 1 }));
      }
    }
  };
  return { uploads, uploading, pick };
}

/** The draft with an uploaded file written into its block: the PDF, the image, or one more swipe picture. */
function withUploadedFile(draft: DraftBlock[], key: string, result: UploadResult): DraftBlock[] {
  return draft.map((b) => {
    if (b.key !== key) return b;
    const item = b.item;
    if (item.type === 'pdf' && result.kind === 'pdf') return { ...b, item: { type: 'pdf', content: result.pdf } };
    if (item.type === 'img') return { ...b, item: { type: 'img', content: { url: result.url } } };
    if (item.type === 'swipe') {
      return { ...b, item: { type: 'swipe', content: { urls: [...item.content.urls, result.url] } } };
    }
    return b;
  });
}

/**
 * Saving writes IndexedDB and the outbox at once (`saveCompany`), so it works offline; it waits
 * for uploads, and an invalid draft shows its errors and focuses the first block with one.
 */
function useCompanySubmit(opts: {
  draft: DraftBlock[];
  uploading: boolean;
  list: RefObject<HTMLDivElement | null>;
  setErrors: (errors: Errors) => void;
  setFormError: (text: string) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { busy: saving, run } = useBusy();
  const { setFormError } = opts;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (opts.uploading) {
      setFormError(t('company.editor.unsavedUploads'));
      return;
    }
    const result = validateDraft(opts.draft);
    if (!result.ok) {
      opts.setErrors(result.errors);
      setFormError(
        result.tooMany ? t('company.editor.limit', { max: COMPANY_ITEMS_MAX }) : t('company.editor.fixErrors'),
      );
      const first = liveBlocks(opts.draft).find((b) => result.errors[b.key]);
      if (first) requestAnimationFrame(() => focusFirstInvalid(opts.list.current, first.key));
      return;
    }
    await run(async () => {
      await enqueue('saveCompany', result.body);
      toast(navigator.onLine ? t('company.saved') : t('company.savedOffline'), 'success');
      await navigate({ to: '/information/info' });
    });
  };
  return { saving, onSubmit };
}

/** Focuses the invalid field of a block, or its file button when the file is what is missing. */
function focusFirstInvalid(list: HTMLElement | null, key: string): void {
  const el = list?.querySelector<HTMLElement>(`[data-block="${key}"] [aria-invalid="true"]`);
  const fallback = list?.querySelector<HTMLElement>(`[data-block="${key}"] .file-pick button`);
  (el ?? fallback)?.focus();
}
