import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CARD_LABEL_MAX,
  CARD_LABELS,
  CARD_PHOTO_MAX_BYTES,
  CARD_PROFILE_MAX,
  CARD_TEXT_MAX,
  type CardEntryKind,
} from '../../api';
import { usePhotoSrc } from '../../db';
import { enqueue, stageFile } from '../../db/outbox';
import { cardPatchOf, EMPTY_CARD, isEmptyPatch } from '../../lib/card-merge';
import { toast } from '../toast';
import {
  addRow,
  bodyOf,
  type CardDraft,
  canAdd,
  type DraftCompany,
  type DraftEntry,
  type DraftError,
  type DraftList,
  fieldId,
  newRowId,
  removeRow,
  undoRemove,
  updateCompany,
  updateEntry,
  validateDraft,
} from './draft';
import { ImageIcon, PlusIcon, SocialBadge, TrashIcon } from './icons';
import { isKnownLabel, useEntryLabel } from './labels';
import { acceptSuggestion, type ScanSuggestion } from './scan-handoff';
import './card.css';
import './editor.css';
import { useBusy } from '../use-busy';

/** The lists in the order of the card view (SPEC §2), company included. */
const LISTS = ['industry', 'company', 'address', 'tel', 'email', 'website', 'other', 'social'] as const;
const MB = CARD_PHOTO_MAX_BYTES / (1024 * 1024);

/** Input hints per list, for the on-screen keyboard and autofill. */
const INPUTS: Partial<
  Record<CardEntryKind, { type: string; inputMode?: 'tel' | 'email' | 'url'; autoComplete: string }>
> = {
  tel: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  website: { type: 'url', inputMode: 'url', autoComplete: 'url' },
  address: { type: 'text', autoComplete: 'street-address' },
};

type FocusTarget = { id: string; action: 'remove' | 'undo' | 'first' };

/**
 * /card/create: my whole card as a draft, saved at once. Saving writes IndexedDB and the outbox
 * in one transaction (`saveCard`), so it works offline. A picked photo is kept on this device
 * right away (`stageFile`) and the draft holds its `local:` reference; the sync worker uploads
 * it before sending the change.
 */
export function CardEditor({
  initial,
  isNew,
  start,
  ...props
}: {
  initial: CardDraft;
  isNew: boolean;
  /** Where editing starts when not from `initial` (fields recognized on my paper card): saving sends the difference. */
  start?: CardDraft;
  /** What was recognized on my paper card that the card already had something else for. */
  suggestions?: readonly ScanSuggestion[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(start ?? initial);
  const [offered, setOffered] = useState<readonly ScanSuggestion[]>(props.suggestions ?? []);
  const [errors, setErrors] = useState<Record<string, DraftError>>({});
  const [formError, setFormError] = useState('');
  const { busy: saving, run } = useBusy();
  const [staging, setStaging] = useState(0);
  const focus = useRef<FocusTarget | null>(null);
  const form = useRef<HTMLFormElement>(null);

  // Keyboard users keep their place: after a removal focus its Undo, after Undo the row's
  // remove button, after adding the new row's first field.
  useEffect(() => {
    const target = focus.current;
    if (!target || !form.current) return;
    focus.current = null;
    const row = form.current.querySelector<HTMLElement>(`[data-row="${target.id}"]`);
    const el =
      target.action === 'first'
        ? row?.querySelector<HTMLElement>('input, select')
        : row?.querySelector<HTMLElement>(`[data-action="${target.action}"]`);
    el?.focus();
  });

  const message = (error: DraftError | undefined) => (error ? t(error.key, { max: error.max ?? 0 }) : undefined);
  const clear = (...ids: string[]) => {
    if (ids.some((id) => errors[id])) {
      setErrors((all) => Object.fromEntries(Object.entries(all).filter(([k]) => !ids.includes(k))));
    }
  };
  const set = (patch: Partial<CardDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    clear(...Object.keys(patch));
  };

  const pickPhoto = async (field: 'photo' | 'photo_back', file: File): Promise<string | null> => {
    if (!file.type.startsWith('image/')) return t('card.errors.notImage');
    if (file.size > CARD_PHOTO_MAX_BYTES) return t('card.errors.photoTooLarge', { max: MB });
    setStaging((n) => n + 1);
    try {
      const ref = await stageFile(file, 'cardPhoto');
      set(field === 'photo' ? { photo: ref } : { photo_back: ref });
      return null;
    } catch {
      return t('card.errors.photoFailed');
    } finally {
      setStaging((n) => n - 1);
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving || staging > 0) return;
    const result = validateDraft(draft);
    if (!result.ok) {
      setErrors(result.errors);
      setFormError(t('card.errors.fix'));
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setFormError('');
    await run(async () => {
      // Only what this edit changed is sent, so edits made meanwhile on another device stay.
      const patch = cardPatchOf(isNew ? EMPTY_CARD : bodyOf(initial), result.body);
      if (!isEmptyPatch(patch)) await enqueue('patchCard', patch);
      toast(navigator.onLine ? t('card.editor.saved') : t('card.editor.savedOffline'), 'success');
      await navigate({ to: '/card/info' });
    });
  };

  return (
    <form ref={form} className="card-editor" noValidate onSubmit={(e) => void onSubmit(e)}>
      <EditorSection title={t('card.editor.photos')}>
        <div className="photo-pickers">
          <PhotoPicker
            side="front"
            label={t('card.editor.front')}
            value={draft.photo}
            error={message(errors.photo)}
            onPick={(file) => pickPhoto('photo', file)}
            onRemove={() => set({ photo: '' })}
          />
          <PhotoPicker
            side="back"
            label={t('card.editor.back')}
            value={draft.photo_back}
            error={message(errors.photo_back)}
            onPick={(file) => pickPhoto('photo_back', file)}
            onRemove={() => set({ photo_back: '' })}
          />
        </div>
        <p className="editor-hint">{t('card.editor.photoHint', { max: MB })}</p>
      </EditorSection>

      {offered.length > 0 ? (
        <Suggestions
          items={offered}
          onUse={(item) => {
            setDraft((d) => acceptSuggestion(d, item));
            setOffered((all) => all.filter((s) => s.id !== item.id));
          }}
          onDismiss={(item) => setOffered((all) => all.filter((s) => s.id !== item.id))}
        />
      ) : null}

      <EditorSection title={t('card.editor.basics')}>
        <TextField
          label={t('card.editor.name')}
          name="name"
          autoComplete="name"
          maxLength={80}
          value={draft.name}
          error={message(errors.name)}
          onChange={(name) => set({ name })}
        />
        <TextField
          label={t('card.editor.englishName')}
          name="english_name"
          lang="en"
          maxLength={80}
          value={draft.english_name}
          error={message(errors.english_name)}
          onChange={(english_name) => set({ english_name })}
        />
        <TextField
          label={t('card.editor.profile')}
          name="profile"
          multiline
          maxLength={CARD_PROFILE_MAX}
          value={draft.profile}
          error={message(errors.profile)}
          onChange={(profile) => set({ profile })}
        />
        <OpenSwitch checked={draft.is_open === 1} onChange={(open) => set({ is_open: open ? 1 : 0 })} />
      </EditorSection>

      {LISTS.map((list) => (
        <ListEditor
          key={list}
          list={list}
          draft={draft}
          errors={errors}
          message={message}
          onDraft={(next, target) => {
            if (target) focus.current = target;
            setDraft(next);
          }}
          onClear={clear}
        />
      ))}

      <div className="editor-actions">
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="form-actions">
          <Link to={isNew ? '/userHome' : '/card/info'} className="btn btn-ghost">
            {t('app.common.cancel')}
          </Link>
          <button type="submit" className="btn btn-primary" disabled={saving || staging > 0}>
            {saving ? t('card.editor.saving') : t('app.common.save')}
          </button>
        </div>
      </div>
    </form>
  );
}

function EditorSection(props: { title: string; children: ReactNode; list?: string }) {
  const id = useId();
  return (
    <section className="editor-section" aria-labelledby={id} data-list={props.list}>
      <h2 id={id} className="editor-section-title">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

function TextField(props: {
  label: string;
  name: string;
  value: string;
  error?: string;
  maxLength: number;
  autoComplete?: string;
  lang?: string;
  multiline?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    name: props.name,
    value: props.value,
    maxLength: props.maxLength,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': props.error ? errorId : undefined,
  } as const;
  return (
    <div className={`field${props.error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      {props.multiline ? (
        <textarea {...common} rows={4} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          lang={props.lang}
          autoComplete={props.autoComplete}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
      <FieldError id={errorId} text={props.error} />
    </div>
  );
}

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="field-error" role="alert">
      {text}
    </p>
  ) : null;
}

function OpenSwitch({ checked, onChange }: { checked: boolean; onChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <label className="switch-row">
      <span className="switch-text">
        <span className="switch-title">{t('card.editor.isOpen')}</span>
        <span id={hintId} className="editor-hint">
          {t('card.editor.isOpenHint')}
        </span>
      </span>
      <input
        type="checkbox"
        role="switch"
        className="switch"
        name="is_open"
        checked={checked}
        aria-checked={checked}
        aria-describedby={hintId}
        onChange={(e) => onChange(e.target.checked)}
      />
    </label>
  );
}

function PhotoPicker(props: {
  side: 'front' | 'back';
  label: string;
  value: string;
  error?: string;
  onPick: (file: File) => Promise<string | null>;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const src = usePhotoSrc(props.value);
  const input = useRef<HTMLInputElement>(null);
  const [pickError, setPickError] = useState('');
  const errorId = useId();
  const error = pickError || props.error;
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setPickError((await props.onPick(file)) ?? '');
  };
  return (
    <div className="photo-picker" data-testid={`photo-picker-${props.side}`}>
      <div className="photo-picker-label">{props.label}</div>
      <div className="photo-preview">
        {src ? (
          <img src={src} alt={props.side === 'front' ? t('card.photos.front') : t('card.photos.back')} />
        ) : (
          <div className="photo-preview-empty">
            <ImageIcon />
            <span>{t('card.editor.noPhoto')}</span>
          </div>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`photo-input-${props.side}`}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <div className="photo-picker-actions">
        <button
          type="button"
          className="btn btn-secondary btn-inline"
          aria-describedby={error ? errorId : undefined}
          onClick={() => input.current?.click()}
        >
          {props.value ? t('card.editor.replace') : t('card.editor.choose')}
          <span className="visually-hidden"> ({props.label})</span>
        </button>
        {props.value ? (
          <button
            type="button"
            className="icon-btn"
            aria-label={`${t('card.editor.remove')} (${props.label})`}
            onClick={() => {
              setPickError('');
              props.onRemove();
            }}
          >
            <TrashIcon />
          </button>
        ) : null}
      </div>
      <FieldError id={errorId} text={error} />
    </div>
  );
}

function ListEditor(props: {
  list: DraftList;
  draft: CardDraft;
  errors: Record<string, DraftError>;
  message: (error: DraftError | undefined) => string | undefined;
  onDraft: (next: CardDraft, focus?: FocusTarget) => void;
  onClear: (...ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const { list, draft } = props;
  const title = t(`card.sections.${list}`);
  const rows: (DraftEntry | DraftCompany)[] = list === 'company' ? draft.company : draft.lists[list];
  const listError = props.message(props.errors[list]);
  let n = 0;
  return (
    <EditorSection title={title} list={list}>
      {rows.length > 0 ? (
        <div className="entry-edits">
          {rows.map((row) => {
            if (row.deleted) {
              return (
                <div key={row.id} className="entry-removed" data-row={row.id} role="status">
                  <span>{t('card.editor.removed', { entry: title })}</span>
                  <button
                    type="button"
                    className="btn btn-ghost btn-inline"
                    data-action="undo"
                    onClick={() => props.onDraft(undoRemove(draft, list, row.id), { id: row.id, action: 'remove' })}
                  >
                    {t('card.editor.undo')}
                  </button>
                </div>
              );
            }
            n += 1;
            const entry = t('card.editor.entry', { section: title, n });
            const remove = () => {
              props.onClear(
                ...['name', 'department', 'position', 'content', 'key'].map((f) => fieldId(list, row.id, f)),
              );
              props.onDraft(removeRow(draft, list, row.id), { id: row.id, action: 'undo' });
            };
            return 'name' in row ? (
              <CompanyRowEditor
                key={row.id}
                row={row}
                entry={entry}
                errors={props.errors}
                message={props.message}
                onChange={(patch) => {
                  props.onClear(...Object.keys(patch).map((f) => fieldId('company', row.id, f)));
                  props.onDraft(updateCompany(draft, row.id, patch));
                }}
                onRemove={remove}
              />
            ) : (
              <EntryRowEditor
                key={row.id}
                kind={list as CardEntryKind}
                row={row}
                entry={entry}
                errors={props.errors}
                message={props.message}
                onChange={(patch) => {
                  props.onClear(...Object.keys(patch).map((f) => fieldId(list, row.id, f)));
                  props.onDraft(updateEntry(draft, list as CardEntryKind, row.id, patch));
                }}
                onRemove={remove}
              />
            );
          })}
        </div>
      ) : null}
      {listError ? (
        <p className="field-error" role="alert">
          {listError}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-ghost btn-add"
        disabled={!canAdd(draft, list)}
        onClick={() => {
          const id = newRowId();
          props.onDraft(addRow(draft, list, id), { id, action: 'first' });
        }}
      >
        <PlusIcon />
        {t(`card.editor.add.${list}`)}
      </button>
    </EditorSection>
  );
}

function RemoveButton({ entry, onClick }: { entry: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="icon-btn entry-remove"
      data-action="remove"
      aria-label={t('card.editor.removeLabel', { entry })}
      onClick={onClick}
    >
      <TrashIcon />
    </button>
  );
}

function EntryRowEditor(props: {
  kind: CardEntryKind;
  row: DraftEntry;
  entry: string;
  errors: Record<string, DraftError>;
  message: (error: DraftError | undefined) => string | undefined;
  onChange: (patch: Partial<Pick<DraftEntry, 'key' | 'content'>>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const label = useEntryLabel();
  const { kind, row } = props;
  const errorId = useId();
  const labels: readonly string[] = CARD_LABELS[kind];
  const choosable = labels.length > 1;
  const error =
    props.message(props.errors[fieldId(kind, row.id, 'content')]) ??
    props.message(props.errors[fieldId(kind, row.id, 'key')]);
  const input = INPUTS[kind];
  const placeholder = t(`card.editor.placeholders.${kind}`);
  const remove = <RemoveButton entry={props.entry} onClick={props.onRemove} />;
  const content = (
    <input
      aria-label={props.entry}
      className="entry-input"
      type={input?.type ?? 'text'}
      inputMode={input?.inputMode}
      autoComplete={input?.autoComplete ?? 'off'}
      placeholder={placeholder}
      maxLength={CARD_TEXT_MAX}
      value={row.content}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      onChange={(e) => props.onChange({ content: e.target.value })}
    />
  );
  return (
    <fieldset className={`entry-edit${error ? ' field-invalid' : ''}`} data-row={row.id}>
      <legend className="visually-hidden">{props.entry}</legend>
      {choosable ? (
        <>
          <div className="entry-edit-head">
            {kind === 'social' ? <SocialBadge platform={row.key} size={28} /> : null}
            <select
              className="entry-select"
              aria-label={t('card.editor.labelOf', { entry: props.entry })}
              value={row.key}
              onChange={(e) => props.onChange({ key: e.target.value.slice(0, CARD_LABEL_MAX) })}
            >
              {isKnownLabel(kind, row.key) ? null : <option value={row.key}>{row.key}</option>}
              {labels.map((key) => (
                <option key={key} value={key}>
                  {label(kind, key)}
                </option>
              ))}
            </select>
            {remove}
          </div>
          {content}
        </>
      ) : (
        <div className="entry-edit-head">
          {content}
          {remove}
        </div>
      )}
      <FieldError id={errorId} text={error} />
    </fieldset>
  );
}

function CompanyRowEditor(props: {
  row: DraftCompany;
  entry: string;
  errors: Record<string, DraftError>;
  message: (error: DraftError | undefined) => string | undefined;
  onChange: (patch: Partial<Pick<DraftCompany, 'name' | 'department' | 'position'>>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { row } = props;
  const field = (name: 'name' | 'department' | 'position', text: string, autoComplete: string) => (
    <CompanyField
      label={text}
      value={row[name]}
      autoComplete={autoComplete}
      error={props.message(props.errors[fieldId('company', row.id, name)])}
      onChange={(value) => props.onChange({ [name]: value })}
    />
  );
  return (
    <fieldset className="entry-edit company-edit" data-row={row.id}>
      <legend className="company-legend">{props.entry}</legend>
      <RemoveButton entry={props.entry} onClick={props.onRemove} />
      {field('name', t('card.editor.companyName'), 'organization')}
      <div className="company-edit-pair">
        {field('department', t('card.editor.department'), 'off')}
        {field('position', t('card.editor.position'), 'organization-title')}
      </div>
    </fieldset>
  );
}

function CompanyField(props: {
  label: string;
  value: string;
  autoComplete: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`field${props.error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        value={props.value}
        maxLength={CARD_TEXT_MAX}
        autoComplete={props.autoComplete}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <FieldError id={errorId} text={props.error} />
    </div>
  );
}

/**
 * What recognition read on my paper card where the card already holds something else: never
 * written over it, each offered to use or dismiss (issue 23).
 */
function Suggestions(props: {
  items: readonly ScanSuggestion[];
  onUse: (item: ScanSuggestion) => void;
  onDismiss: (item: ScanSuggestion) => void;
}) {
  const { t } = useTranslation();
  const label = (item: ScanSuggestion) =>
    item.field === 'name'
      ? t('card.editor.name')
      : item.field === 'english_name'
        ? t('card.editor.englishName')
        : t(`card.sections.${item.field}`);
  return (
    <EditorSection title={t('card.editor.suggestions.title')}>
      <p className="editor-hint">{t('card.editor.suggestions.hint')}</p>
      <ul className="scan-suggestions" data-testid="scan-suggestions">
        {props.items.map((item) => (
          <li key={item.id} className="scan-suggestion">
            <span className="scan-suggestion-text">
              <span className="scan-suggestion-label">{label(item)}</span>
              <span className="scan-suggestion-value">{item.value}</span>
            </span>
            <span className="scan-suggestion-actions">
              <button
                type="button"
                className="btn btn-secondary btn-inline"
                aria-label={t('card.editor.suggestions.useLabel', { value: item.value })}
                onClick={() => props.onUse(item)}
              >
                {t('card.editor.suggestions.use')}
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-inline"
                aria-label={t('card.editor.suggestions.dismissLabel', { value: item.value })}
                onClick={() => props.onDismiss(item)}
              >
                {t('card.editor.suggestions.dismiss')}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </EditorSection>
  );
}
