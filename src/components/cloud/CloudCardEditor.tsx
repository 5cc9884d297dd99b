import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CARD_LABEL_MAX,
  CARD_TEXT_MAX,
  CLOUD_ROW_KEYS,
  CLOUD_ROWS_MAX,
  type CloudRow,
  type CloudRowKey,
} from '../../api';
import { CARD_RULES, type CardRuleKey } from '../../api/card';
import { isWebsiteValue } from '../../lib/card-rules';
import { PlusIcon, TrashIcon } from '../card/icons';
import '../card/editor.css';
import './cloud.css';

/** Input hints per key, for the on-screen keyboard and autofill. */
const INPUTS: Partial<
  Record<CloudRowKey, { type: string; inputMode?: 'tel' | 'email' | 'url'; autoComplete: string }>
> = {
  name: { type: 'text', autoComplete: 'off' },
  tel: { type: 'tel', inputMode: 'tel', autoComplete: 'off' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'off' },
  // Text, not url: a bare host ("www.example.com.hk", as scans read it) is a website here, and
  // the browser's own url check would refuse it.
  website: { type: 'text', inputMode: 'url', autoComplete: 'off' },
};

/**
 * The message key of a row the rules refuse (SPEC §5: a website under 5 characters, or not one
 * that opens as http(s); src/lib/card-rules.ts), or null. Blank rows are dropped, never refused.
 */
export function cloudRowProblem(row: CloudRow): `server.${CardRuleKey}` | null {
  if (row.value.trim() === '') return null;
  if (row.key === 'website' && !isWebsiteValue(row.value)) return `server.${CARD_RULES.website}`;
  return null;
}

/** Whether every row may be saved. */
export const cloudRowsValid = (rows: readonly CloudRow[]): boolean =>
  rows.every((row) => cloudRowProblem(row) === null);

export const isCloudRowKey = (key: string): key is CloudRowKey => (CLOUD_ROW_KEYS as readonly string[]).includes(key);

/** The label a row's key shows: the app's own keys in the chosen language, any other as it is. */
export function useCloudKeyLabel(): (key: string) => string {
  const { t } = useTranslation();
  return (key) => (isCloudRowKey(key) ? t(`cloud.keys.${key}`) : key);
}

type Focus = { index: number; part: 'key' | 'remove' | 'add' | 'up' | 'down' };

/**
 * The rows of a cloud card (SPEC §3 "Cloud card": key/value extension rows), edited in place: a
 * key picker of CLOUD_ROW_KEYS (a key the app does not know, from another client, is kept and
 * offered as it is), the value, move up/down, remove, and add. Controlled: it holds no state of
 * its own, so the cloud-card overlay and the scanner's review queue each keep the rows where
 * they like. Needs the `cloud` messages (load the namespace with the route).
 *
 * Rows whose value is blank are kept while editing; callers drop them when saving (the server
 * drops them too, src/api/cloud.ts).
 */
export function CloudCardEditor({ rows, onChange }: { rows: CloudRow[]; onChange(rows: CloudRow[]): void }) {
  const { t } = useTranslation();
  const label = useCloudKeyLabel();
  const titleId = useId();
  const { root, edits } = useRowEdits(rows, onChange);

  return (
    <section ref={root} className="cloud-editor" aria-labelledby={titleId}>
      <h2 id={titleId} className="editor-section-title">
        {t('cloud.editor.label')}
      </h2>
      {rows.length === 0 ? <p className="editor-hint">{t('cloud.editor.empty')}</p> : null}
      <ol className="entry-edits cloud-rows">
        {rows.map((row, index) => (
          <RowEdit
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no ids; inputs are controlled
            key={index}
            row={row}
            index={index}
            last={index === rows.length - 1}
            name={t('cloud.editor.row', { n: index + 1, key: label(row.key) })}
            errorId={`${titleId}-error-${index}`}
            edits={edits}
          />
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-ghost btn-add"
        data-action="add"
        disabled={rows.length >= CLOUD_ROWS_MAX}
        onClick={edits.add}
      >
        <PlusIcon />
        {t('cloud.editor.add')}
      </button>
    </section>
  );
}

type RowEdits = {
  set(index: number, patch: Partial<CloudRow>): void;
  remove(index: number): void;
  move(index: number, by: -1 | 1): void;
  add(): void;
};

/**
 * The edits of the rows, each handing the new rows to onChange. Keyboard users keep their place:
 * after adding, the new row's key; after removing, the next row's remove button (or Add); after
 * a move, the same button on the moved row.
 */
function useRowEdits(rows: CloudRow[], onChange: (rows: CloudRow[]) => void) {
  const root = useRef<HTMLElement>(null);
  const focus = useRef<Focus | null>(null);

  useEffect(() => {
    const target = focus.current;
    if (!target || !root.current) return;
    focus.current = null;
    const el =
      target.part === 'add'
        ? root.current.querySelector<HTMLElement>('[data-action="add"]')
        : root.current.querySelector<HTMLElement>(`[data-row="${target.index}"] [data-action="${target.part}"]`);
    el?.focus();
  });

  const edits: RowEdits = {
    set: (index, patch) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row))),
    remove: (index) => {
      focus.current = index < rows.length - 1 ? { index, part: 'remove' } : { index: 0, part: 'add' };
      onChange(rows.filter((_, i) => i !== index));
    },
    move: (index, by) => {
      const to = index + by;
      if (to < 0 || to >= rows.length) return;
      const next = rows.slice();
      const [row] = next.splice(index, 1);
      if (row) next.splice(to, 0, row);
      const last = rows.length - 1;
      focus.current = { index: to, part: by < 0 ? (to === 0 ? 'down' : 'up') : to === last ? 'up' : 'down' };
      onChange(next);
    },
    add: () => {
      const used = new Set(rows.map((r) => r.key));
      const key = CLOUD_ROW_KEYS.find((k) => !used.has(k) && k !== 'other') ?? 'other';
      focus.current = { index: rows.length, part: 'key' };
      onChange([...rows, { key, value: '' }]);
    },
  };
  return { root, edits };
}

/** One row: its key picker and buttons, its value, and what the rules say of it. */
function RowEdit(props: {
  row: CloudRow;
  index: number;
  last: boolean;
  name: string;
  errorId: string;
  edits: RowEdits;
}) {
  const { t } = useTranslation();
  const { row, index, name, errorId, edits } = props;
  const input = isCloudRowKey(row.key) ? INPUTS[row.key] : undefined;
  const multiline = row.key === 'address' || row.key === 'other';
  const problem = cloudRowProblem(row);
  const common = {
    'aria-label': t('cloud.editor.valueOf', { row: name }),
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? errorId : undefined,
    className: 'entry-input',
    maxLength: CARD_TEXT_MAX,
    value: row.value,
    'data-action': 'value',
  } as const;
  return (
    <li className="entry-edit cloud-row" data-row={index}>
      <RowEditHead row={row} index={index} last={props.last} name={name} edits={edits} />
      {multiline ? (
        <textarea {...common} rows={2} onChange={(e) => edits.set(index, { value: e.target.value })} />
      ) : (
        <input
          {...common}
          type={input?.type ?? 'text'}
          inputMode={input?.inputMode}
          autoComplete={input?.autoComplete ?? 'off'}
          onChange={(e) => edits.set(index, { value: e.target.value })}
        />
      )}
      {problem ? (
        <p id={errorId} className="field-error">
          {t(problem)}
        </p>
      ) : null}
    </li>
  );
}

/** A row's key picker (an unknown key offered as it is), move up and down, and remove. */
function RowEditHead(props: { row: CloudRow; index: number; last: boolean; name: string; edits: RowEdits }) {
  const { t } = useTranslation();
  const label = useCloudKeyLabel();
  const { row, index, name, edits } = props;
  return (
    <div className="entry-edit-head">
      <select
        className="entry-select"
        data-action="key"
        aria-label={t('cloud.editor.keyOf', { row: name })}
        value={row.key}
        onChange={(e) => edits.set(index, { key: e.target.value.slice(0, CARD_LABEL_MAX) })}
      >
        {isCloudRowKey(row.key) ? null : <option value={row.key}>{row.key}</option>}
        {CLOUD_ROW_KEYS.map((key) => (
          <option key={key} value={key}>
            {label(key)}
          </option>
        ))}
      </select>
      <MoveButton
        part="up"
        label={t('cloud.editor.up', { row: name })}
        disabled={index === 0}
        onClick={() => edits.move(index, -1)}
      />
      <MoveButton
        part="down"
        label={t('cloud.editor.down', { row: name })}
        disabled={props.last}
        onClick={() => edits.move(index, 1)}
      />
      <button
        type="button"
        className="icon-btn entry-remove"
        data-action="remove"
        aria-label={t('cloud.editor.remove', { row: name })}
        onClick={() => edits.remove(index)}
      >
        <TrashIcon />
      </button>
    </div>
  );
}

/** Move a row up or down (its arrow is hidden from screen readers; the label says which row). */
function MoveButton(props: { part: 'up' | 'down'; label: string; disabled: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className="icon-btn cloud-row-move"
      data-action={props.part}
      aria-label={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      <span aria-hidden="true">{props.part === 'up' ? '↑' : '↓'}</span>
    </button>
  );
}
