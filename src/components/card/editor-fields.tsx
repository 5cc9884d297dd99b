import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_TEXT_MAX } from '../../api';
import type { DraftError } from './draft';
import { TrashIcon } from './icons';

/** Turns a draft error into the text shown under its field. */
export type ErrorMessage = (error: DraftError | undefined) => string | undefined;

/** One titled section of the card editor. */
export function EditorSection(props: { title: string; children: ReactNode; list?: string }) {
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

export function TextField(props: {
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

export function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="field-error" role="alert">
      {text}
    </p>
  ) : null;
}

export function OpenSwitch({ checked, onChange }: { checked: boolean; onChange: (open: boolean) => void }) {
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

export function RemoveButton({ entry, onClick }: { entry: string; onClick: () => void }) {
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

export function CompanyField(props: {
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
