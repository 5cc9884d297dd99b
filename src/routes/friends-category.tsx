import { Link, useNavigate } from '@tanstack/react-router';
import { type CSSProperties, type KeyboardEvent, type PointerEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_NAME_MAX, MAIN_GROUP_ID } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { TrashIcon } from '../components/card/icons';
import { useDragSort } from '../components/friends/use-drag-sort';
import { PencilIcon } from '../components/icons';
import { toast } from '../components/toast';
import { type GroupWithCount, useGroupKey, useGroups } from '../db/hooks/groups';
import { useSession } from '../db/hooks/session';
import { newTempGroupId } from '../db/mutations';
import { enqueue } from '../db/outbox';
import { reorder } from '../lib/reorder';
import '../components/friends/friends.css';

/**
 * /friendsCategory: my friend groups. Add, rename, delete (after a question) and reorder by
 * dragging a row's handle (or its arrow keys, or the up/down buttons); all through the outbox (enqueue), so
 * offline too. The main group is not listed: it holds
 * every friend and cannot change.
 */
export function FriendsCategoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const groups = useGroups();
  const groupKey = useGroupKey();
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<GroupWithCount | null>(null);
  const addId = useId();

  useEffect(() => {
    if (session === null) void navigate({ to: '/login' });
  }, [session, navigate]);

  const own = (groups ?? []).filter((g) => g.group_id !== MAIN_GROUP_ID);

  const add = async () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    await enqueue('addGroup', { group_name: trimmed, temp_id: newTempGroupId() });
    setName('');
    toast(t('friends.groups.added'), 'success');
  };

  const move = async (from: number, to: number) => {
    if (to < 0 || to >= own.length || to === from) return;
    // A group not yet on the server is named by its temporary id, rewritten before sending.
    await enqueue('sortGroups', {
      ids: reorder(
        own.map((g) => g.group_id),
        from,
        to,
      ),
    });
  };
  const sorting = useDragSort(own.length, (from, to) => void move(from, to));

  return (
    <main className="page friends-page">
      <div className="friends-head">
        <h1>{t('friends.groups.title')}</h1>
        <Link to="/friendsList">{t('friends.list.title')}</Link>
      </div>
      <form
        className="group-add"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <label htmlFor={addId} className="visually-hidden">
          {t('friends.groups.name')}
        </label>
        <input
          id={addId}
          value={name}
          maxLength={GROUP_NAME_MAX}
          placeholder={t('friends.groups.add')}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={!name.trim()}>
          {t('friends.groups.create')}
        </button>
      </form>
      {groups === undefined ? (
        <p className="empty-note" role="status">
          {t('app.common.loading')}
        </p>
      ) : own.length === 0 ? (
        <p className="empty-note">{t('friends.groups.empty')}</p>
      ) : (
        <ul className="group-list" aria-label={t('friends.groups.title')}>
          {own.map((g, i) => (
            <GroupItem
              key={groupKey(g.group_id)}
              group={g}
              first={i === 0}
              last={i === own.length - 1}
              dragging={sorting.dragging === i}
              style={sorting.rowStyle(i)}
              handle={sorting.handleProps(i)}
              onUp={() => void move(i, i - 1)}
              onDown={() => void move(i, i + 1)}
              onDelete={() => setDeleting(g)}
            />
          ))}
        </ul>
      )}
      {deleting ? (
        <ConfirmDialog
          title={t('friends.groups.delTitle', { name: deleting.group_name })}
          body={t('friends.groups.delBody')}
          confirmLabel={t('friends.groups.delete')}
          cancelLabel={t('friends.groups.cancel')}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const id = deleting.group_id;
            setDeleting(null);
            void enqueue('delGroup', { id });
          }}
        />
      ) : null}
    </main>
  );
}

function GroupItem(props: {
  group: GroupWithCount;
  first: boolean;
  last: boolean;
  dragging: boolean;
  style: CSSProperties | undefined;
  handle: {
    onPointerDown: (e: PointerEvent<HTMLElement>) => void;
    onPointerMove: (e: PointerEvent<HTMLElement>) => void;
    onPointerUp: () => void;
    onPointerCancel: () => void;
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
  };
  onUp: () => void;
  onDown: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { group } = props;
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(group.group_name);
  const synced = group.group_id > 0;

  const save = async () => {
    const trimmed = value.trim();
    if (trimmed && trimmed !== group.group_name)
      await enqueue('editGroup', { group_id: group.group_id, group_name: trimmed });
    setEditing(false);
  };

  if (editing) {
    return (
      <li className="group-row">
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
            aria-label={t('friends.groups.renameLabel', { name: group.group_name })}
            value={value}
            maxLength={GROUP_NAME_MAX}
            onChange={(e) => setValue(e.target.value)}
          />
          <button type="submit" className="btn btn-primary">
            {t('friends.groups.save')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setEditing(false)}>
            {t('friends.groups.cancel')}
          </button>
        </form>
      </li>
    );
  }
  return (
    <li className={`group-row${props.dragging ? ' is-dragging' : ''}`} style={props.style} data-testid="group-row">
      <button
        type="button"
        className="drag-handle"
        aria-label={t('friends.groups.drag', { name: group.group_name })}
        {...props.handle}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="group-row-name">
        <strong>{group.group_name}</strong>
        <small>
          {t('friends.groups.members', { count: group.count })}
          {synced ? '' : ` · ${t('friends.list.notSynced')}`}
        </small>
      </span>
      <button
        type="button"
        className="icon-small"
        aria-label={t('friends.groups.up', { name: group.group_name })}
        disabled={props.first}
        onClick={props.onUp}
      >
        ↑
      </button>
      <button
        type="button"
        className="icon-small"
        aria-label={t('friends.groups.down', { name: group.group_name })}
        disabled={props.last}
        onClick={props.onDown}
      >
        ↓
      </button>
      <span className="group-row-actions">
        <button
          type="button"
          className="icon-btn"
          aria-label={t('friends.groups.renameOf', { name: group.group_name })}
          title={t('friends.groups.rename')}
          onClick={() => setEditing(true)}
        >
          <PencilIcon />
        </button>
        <button
          type="button"
          className="icon-btn friend-delete"
          aria-label={t('friends.groups.deleteOf', { name: group.group_name })}
          title={t('friends.groups.delete')}
          onClick={props.onDelete}
        >
          <TrashIcon />
        </button>
      </span>
    </li>
  );
}
