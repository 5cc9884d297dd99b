import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyItem, CompanyItemType } from '../../api';
import { enqueue } from '../../db/outbox';
import { isCancelled } from '../../lib/request/errors';
import { toast } from '../toast';
import { BlockEditor, type UploadState } from './BlockEditor';
import './company.css';
import { useBusy } from '../use-busy';
import {
  addBlock,
  BLOCK_TYPES,
  type BlockErrors,
  COMPANY_ITEMS_MAX,
  canAdd,
  canMove,
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
import { PlusIcon } from './icons';
import { type FileKind, refuseFile } from './media';
import { uploadCompanyFile } from './upload';

/** What to focus once the next render is on screen: a control of one block. */
type FocusTarget = { key: string; action: 'up' | 'down' | 'delete' | 'undo' | 'first' };

/**
 * /information/edit: the ordered list of blocks, edited as a draft and saved whole. Saving
 * writes IndexedDB and the outbox at once (`saveCompany`), so it works offline; files are
 * uploaded when picked, which needs the network (the draft stays as it is when that fails).
 */
export function CompanyEditor({ initial }: { initial: readonly CompanyItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [errors, setErrors] = useState<Record<string, BlockErrors>>({});
  const [uploads, setUploads] = useState<Record<string, UploadState>>({});
  const [formError, setFormError] = useState('');
  const { busy: saving, run } = useBusy();
  const focus = useRef<FocusTarget | null>(null);
  const list = useRef<HTMLDivElement>(null);

  // Keyboard users keep their place: after a move, delete, undo or add, focus the control that
  // belongs to the same block (the other move button when this one hit an end).
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

  const live = liveBlocks(draft);
  const uploading = Object.values(uploads).some((u) => u.busy > 0);
  const clearError = (key: string) => {
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  const change = (key: string, item: CompanyItem) => {
    setDraft((d) => updateBlock(d, key, item));
    clearError(key);
  };
  const move = (key: string, dir: -1 | 1) => {
    focus.current = { key, action: dir < 0 ? 'up' : 'down' };
    setDraft((d) => moveBlock(d, key, dir));
  };
  const remove = (key: string) => {
    focus.current = { key, action: 'undo' };
    setDraft((d) => deleteBlock(d, key));
    clearError(key);
  };
  const undo = (key: string) => {
    focus.current = { key, action: 'delete' };
    setDraft((d) => undoDelete(d, key));
  };
  const add = (type: CompanyItemType) => {
    const key = newKey();
    focus.current = { key, action: 'first' };
    setDraft((d) => addBlock(d, type, key));
    setFormError('');
  };

  const setUpload = (key: string, patch: (u: UploadState) => UploadState) =>
    setUploads((all) => ({ ...all, [key]: patch(all[key] ?? { busy: 0, error: '' }) }));

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
      if (!navigator.onLine) {
        setUpload(key, (u) => ({ ...u, error: t('company.files.offline') }));
        return;
      }
      setUpload(key, (u) => ({ ...u, busy: u.busy + 1 }));
      try {
        const result = await uploadCompanyFile(kind, file);
        setDraft((d) =>
          d.map((b) => {
            if (b.key !== key) return b;
            const item = b.item;
            if (item.type === 'pdf' && result.kind === 'pdf')
              return { ...b, item: { type: 'pdf', content: result.pdf } };
            if (item.type === 'img') return { ...b, item: { type: 'img', content: { url: result.url } } };
            if (item.type === 'swipe') {
              return { ...b, item: { type: 'swipe', content: { urls: [...item.content.urls, result.url] } } };
            }
            return b;
          }),
        );
      } catch (err) {
        if (isCancelled(err)) return;
        setUpload(key, (u) => ({ ...u, error: uploadMessage(err) }));
      } finally {
        setUpload(key, (u) => ({ ...u, busy: u.busy - 1 }));
      }
    }
  };

  const uploadMessage = (err: unknown): string => {
    if (!navigator.onLine) return t('company.files.offline');
    const server = (err as { serverMessage?: unknown } | null)?.serverMessage;
    return typeof server === 'string' && server ? server : t('http.uploadFailed');
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (uploading) {
      setFormError(t('company.editor.unsavedUploads'));
      return;
    }
    const result = validateDraft(draft);
    if (!result.ok) {
      setErrors(result.errors);
      setFormError(
        result.tooMany ? t('company.editor.limit', { max: COMPANY_ITEMS_MAX }) : t('company.editor.fixErrors'),
      );
      const first = live.find((b) => result.errors[b.key]);
      if (first) {
        requestAnimationFrame(() => {
          const el = list.current?.querySelector<HTMLElement>(`[data-block="${first.key}"] [aria-invalid="true"]`);
          const fallback = list.current?.querySelector<HTMLElement>(`[data-block="${first.key}"] .file-pick button`);
          (el ?? fallback)?.focus();
        });
      }
      return;
    }
    await run(async () => {
      await enqueue('saveCompany', result.body);
      toast(navigator.onLine ? t('company.saved') : t('company.savedOffline'), 'success');
      await navigate({ to: '/information/info' });
    });
  };

  let n = 0;
  return (
    <form className="company-editor" noValidate onSubmit={(e) => void onSubmit(e)}>
      <div ref={list} className="block-list">
        {draft.map((block) => {
          if (block.deleted) return <DeletedRow key={block.key} block={block} onUndo={() => undo(block.key)} />;
          n += 1;
          return (
            <BlockEditor
              key={block.key}
              block={block}
              index={n}
              errors={errors[block.key] ?? {}}
              upload={uploads[block.key] ?? { busy: 0, error: '' }}
              canUp={canMove(draft, block.key, -1)}
              canDown={canMove(draft, block.key, 1)}
              onChange={(item) => change(block.key, item)}
              onMove={(dir) => move(block.key, dir)}
              onDelete={() => remove(block.key)}
              onPick={(kind, files) => void pick(block.key, kind, files)}
            />
          );
        })}
      </div>

      <section className="block-add" aria-labelledby="block-add-heading">
        <h2 id="block-add-heading">{t('company.editor.addHeading')}</h2>
        {canAdd(draft) ? (
          <div className="block-add-grid">
            {BLOCK_TYPES.map((type) => (
              <button
                key={type}
                type="button"
                className="btn block-add-btn"
                aria-label={t('company.editor.add', { type: t(`company.types.${type}`) })}
                onClick={() => add(type)}
              >
                <PlusIcon />
                {t(`company.types.${type}`)}
              </button>
            ))}
          </div>
        ) : (
          <p className="muted">{t('company.editor.limit', { max: COMPANY_ITEMS_MAX })}</p>
        )}
      </section>

      <div className="editor-actions">
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="form-actions">
          <Link to="/information/info" className="btn btn-ghost">
            {t('app.common.cancel')}
          </Link>
          <button type="submit" className="btn btn-primary" disabled={saving || uploading}>
            {t('app.common.save')}
          </button>
        </div>
      </div>
    </form>
  );
}

function DeletedRow({ block, onUndo }: { block: DraftBlock; onUndo: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="block-deleted" data-block={block.key} role="status">
      <span>{t('company.editor.deleted', { type: t(`company.types.${block.item.type}`) })}</span>
      <button type="button" className="btn btn-ghost btn-inline" data-action="undo" onClick={onUndo}>
        {t('company.editor.undo')}
      </button>
    </div>
  );
}
