import type { UniqueIdentifier } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type CSSProperties, type KeyboardEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupTexts } from './texts';

/** What a group's row shows and does; the row itself knows nothing of the group's type. */
export type GroupRowProps = {
  /** The row's id among the sortable rows (stable while the group syncs). */
  id: UniqueIdentifier;
  name: string;
  /** The line under the name (its card count, its sync state). */
  detail: string;
  texts: GroupTexts;
  nameMax: number;
  first: boolean;
  last: boolean;
  /** Moves the group one place up (-1) or down (+1). */
  onStep: (step: -1 | 1) => void;
  onRename: (name: string) => Promise<unknown>;
  /** The row's own actions (rename, delete…), given the way to start renaming. */
  actions: (startRename: () => void) => ReactNode;
  testId: string;
  className?: string;
  editClassName?: string;
};

/** A group's row: its drag handle, name and count, up/down buttons and actions; or, renaming, a form. */
export function GroupItem(props: GroupRowProps) {
  const [editing, setEditing] = useState(false);
  const sortable = useSortable({ id: props.id, disabled: editing });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
    ...(sortable.isDragging ? { position: 'relative', zIndex: 1 } : {}),
  };
  if (editing) {
    return (
      <li ref={sortable.setNodeRef} className={`group-row ${props.editClassName ?? ''}`.trim()}>
        <RenameForm {...props} onDone={() => setEditing(false)} />
      </li>
    );
  }
  const { listeners } = sortable;
  // The arrow keys move a group one place at once; while it is picked up (space or enter),
  // dnd-kit's keyboard sensor has them.
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const step = e.key === 'ArrowUp' ? -1 : e.key === 'ArrowDown' ? 1 : null;
    if (step !== null && sortable.active === null) {
      e.preventDefault();
      if (!(step === -1 ? props.first : props.last)) props.onStep(step);
      return;
    }
    listeners?.onKeyDown?.(e);
  };
  return (
    <li
      ref={sortable.setNodeRef}
      className={['group-row', props.className, sortable.isDragging ? 'is-dragging' : ''].filter(Boolean).join(' ')}
      style={style}
      data-testid={props.testId}
    >
      <DragHandle
        {...props}
        handleRef={sortable.setActivatorNodeRef}
        describedBy={sortable.attributes['aria-describedby']}
        listeners={{ ...listeners, onKeyDown }}
      />
      <span className="group-row-name">
        <strong>{props.name}</strong>
        <small>{props.detail}</small>
      </span>
      <StepButtons {...props} />
      <span className="group-row-actions">{props.actions(() => setEditing(true))}</span>
    </li>
  );
}

function DragHandle(props: {
  name: string;
  texts: GroupTexts;
  handleRef: (element: HTMLElement | null) => void;
  describedBy: string;
  listeners: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  return (
    <button
      ref={props.handleRef}
      type="button"
      className="drag-handle"
      aria-label={t(`${props.texts}.drag`, { name: props.name })}
      aria-describedby={props.describedBy}
      {...props.listeners}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}

function StepButtons(props: Pick<GroupRowProps, 'name' | 'texts' | 'first' | 'last' | 'onStep'>) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        className="icon-small"
        aria-label={t(`${props.texts}.up`, { name: props.name })}
        disabled={props.first}
        onClick={() => props.onStep(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="icon-small"
        aria-label={t(`${props.texts}.down`, { name: props.name })}
        disabled={props.last}
        onClick={() => props.onStep(1)}
      >
        ↓
      </button>
    </>
  );
}

function RenameForm(props: Pick<GroupRowProps, 'name' | 'texts' | 'nameMax' | 'onRename'> & { onDone: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(props.name);
  const save = async () => {
    const trimmed = value.trim();
    if (trimmed && trimmed !== props.name) await props.onRename(trimmed);
    props.onDone();
  };
  return (
    <form
      className="group-add"
      style={{ flex: 1, margin: 0 }}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <input
        // biome-ignore lint/a11y/noAutofocus: the field the user just asked to edit
        autoFocus
        aria-label={t(`${props.texts}.renameLabel`, { name: props.name })}
        value={value}
        maxLength={props.nameMax}
        onChange={(e) => setValue(e.target.value)}
      />
      <button type="submit" className="btn btn-primary">
        {t(`${props.texts}.save`)}
      </button>
      <button type="button" className="btn btn-ghost" onClick={props.onDone}>
        {t(`${props.texts}.cancel`)}
      </button>
    </form>
  );
}
