import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_LABEL_MAX, CARD_LABELS, CARD_TEXT_MAX, type CardEntryKind } from '../../api';
import {
  addRow,
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
} from './draft';
import { CompanyField, EditorSection, type ErrorMessage, FieldError, RemoveButton } from './editor-fields';
import { PlusIcon, SocialBadge } from './icons';
import { isKnownLabel, useEntryLabel } from './labels';
import type { RowFocus } from './use-card-draft';

/** Input hints per list, for the on-screen keyboard and autofill. */
const INPUTS: Partial<
  Record<CardEntryKind, { type: string; inputMode?: 'tel' | 'email' | 'url'; autoComplete: string }>
> = {
  tel: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  website: { type: 'url', inputMode: 'url', autoComplete: 'url' },
  address: { type: 'text', autoComplete: 'street-address' },
};

/** The fields of a row, whose errors go when the row is removed. */
const ROW_FIELDS = ['name', 'department', 'position', 'content', 'key'];

type ListProps = {
  list: DraftList;
  draft: CardDraft;
  errors: Record<string, DraftError>;
  message: ErrorMessage;
  onDraft: (next: CardDraft, focus?: RowFocus) => void;
  onClear: (...ids: string[]) => void;
};

/** One list of my card (company, tel, email…): its rows, removed rows with Undo, and Add. */
export function ListEditor(props: ListProps) {
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
                <RemovedRow
                  key={row.id}
                  row={row}
                  title={title}
                  onUndo={() => props.onDraft(undoRemove(draft, list, row.id), { id: row.id, action: 'remove' })}
                />
              );
            }
            n += 1;
            return <ListRow key={row.id} {...props} row={row} entry={t('card.editor.entry', { section: title, n })} />;
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

/** A removed row until the draft is saved: what was removed, and Undo. */
function RemovedRow({ row, title, onUndo }: { row: DraftEntry | DraftCompany; title: string; onUndo: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="entry-removed" data-row={row.id} role="status">
      <span>{t('card.editor.removed', { entry: title })}</span>
      <button type="button" className="btn btn-ghost btn-inline" data-action="undo" onClick={onUndo}>
        {t('card.editor.undo')}
      </button>
    </div>
  );
}

/** A live row of a list, as a company or as an entry, wired to the draft. */
function ListRow(props: ListProps & { row: DraftEntry | DraftCompany; entry: string }) {
  const { list, draft, row } = props;
  const remove = () => {
    props.onClear(...ROW_FIELDS.map((f) => fieldId(list, row.id, f)));
    props.onDraft(removeRow(draft, list, row.id), { id: row.id, action: 'undo' });
  };
  return 'name' in row ? (
    <CompanyRowEditor
      row={row}
      entry={props.entry}
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
      kind={list as CardEntryKind}
      row={row}
      entry={props.entry}
      errors={props.errors}
      message={props.message}
      onChange={(patch) => {
        props.onClear(...Object.keys(patch).map((f) => fieldId(list, row.id, f)));
        props.onDraft(updateEntry(draft, list as CardEntryKind, row.id, patch));
      }}
      onRemove={remove}
    />
  );
}

function EntryRowEditor(props: {
  kind: CardEntryKind;
  row: DraftEntry;
  entry: string;
  errors: Record<string, DraftError>;
  message: ErrorMessage;
  onChange: (patch: Partial<Pick<DraftEntry, 'key' | 'content'>>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { kind, row } = props;
  const errorId = useId();
  const choosable = CARD_LABELS[kind].length > 1;
  const error =
    props.message(props.errors[fieldId(kind, row.id, 'content')]) ??
    props.message(props.errors[fieldId(kind, row.id, 'key')]);
  const input = INPUTS[kind];
  const remove = <RemoveButton entry={props.entry} onClick={props.onRemove} />;
  const content = (
    <input
      aria-label={props.entry}
      className="entry-input"
      type={input?.type ?? 'text'}
      inputMode={input?.inputMode}
      autoComplete={input?.autoComplete ?? 'off'}
      placeholder={t(`card.editor.placeholders.${kind}`)}
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
            <LabelSelect kind={kind} value={row.key} entry={props.entry} onChange={(key) => props.onChange({ key })} />
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

/** The label of an entry (mobile, work, LINE…), kept when it is none of the known ones. */
function LabelSelect(props: { kind: CardEntryKind; value: string; entry: string; onChange: (key: string) => void }) {
  const { t } = useTranslation();
  const label = useEntryLabel();
  const { kind } = props;
  const labels: readonly string[] = CARD_LABELS[kind];
  return (
    <select
      className="entry-select"
      aria-label={t('card.editor.labelOf', { entry: props.entry })}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value.slice(0, CARD_LABEL_MAX))}
    >
      {isKnownLabel(kind, props.value) ? null : <option value={props.value}>{props.value}</option>}
      {labels.map((key) => (
        <option key={key} value={key}>
          {label(kind, key)}
        </option>
      ))}
    </select>
  );
}

function CompanyRowEditor(props: {
  row: DraftCompany;
  entry: string;
  errors: Record<string, DraftError>;
  message: ErrorMessage;
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
