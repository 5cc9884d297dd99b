import { Link, useNavigate } from '@tanstack/react-router';
import { type CSSProperties, type KeyboardEvent, type PointerEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOUD_GROUP_NAME_MAX, CLOUD_GROUPS_MAX } from '../api';
import { ActionSheet } from '../components/ActionSheet';
import { CloudItemBody } from '../components/cloud/CloudItem';
import { CloudUndoBar } from '../components/cloud/CloudUndoBar';
import { deleteCloudWithUndo, usePendingCloudDeletes } from '../components/cloud/pending-delete';
import { saveCards, useCsvHeaders } from '../components/cloud/use-export';
import { useDragSort } from '../components/friends/use-drag-sort';
import { VirtualList } from '../components/friends/VirtualList';
import { toast } from '../components/toast';
import { type CloudCardRow, type CloudGroupRow, cloudCardTitle, newCloudId } from '../db';
import { NOT_GROUPED } from '../db/cloud-changes';
import { useCloudCards, useCloudGroups } from '../db/hooks/cloud';
import { useSession } from '../db/hooks/session';
import { enqueue } from '../db/outbox';
import { reorder } from '../lib/reorder';
import { CLOUD_ROW_HEIGHT } from './cloud-list';
import '../components/friends/friends.css';
import '../components/cloud/cloud.css';
import './cloud-category.css';

/**
 * /cloud/category/list: my cloud groups. Add, rename, reorder (drag a row's handle, its arrow
 * keys, or the up/down buttons), export, delete with undo (its cards become not grouped), and
 * move cards into a group (select cards, then move). All through mutate(), so offline too.
 */
export function CloudCategoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const allGroups = useCloudGroups();
  const cards = useCloudCards();
  const deletes = usePendingCloudDeletes();
  const csvHeaders = useCsvHeaders();
  const [name, setName] = useState('');
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [sheet, setSheet] = useState<'none' | 'move' | { export: CloudGroupRow }>('none');
  const addId = useId();

  useEffect(() => {
    if (session === null) void navigate({ to: '/login' });
  }, [session, navigate]);

  const hidden = useMemo(() => new Set(deletes.map((d) => d.id)), [deletes]);
  const groups = (allGroups ?? []).filter((g) => !hidden.has(g.id));
  const counts = useMemo(() => {
    const map = new Map<string, number>();
    for (const c of cards ?? []) map.set(c.group_id, (map.get(c.group_id) ?? 0) + 1);
    return map;
  }, [cards]);
  const shownCards = (cards ?? []).filter((c) => !hidden.has(c.id));

  const add = async () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    if (groups.length >= CLOUD_GROUPS_MAX) {
      toast(t('cloud.groups.tooMany'), 'error');
      return;
    }
    await enqueue('addCloudGroup', { id: newCloudId(), name: trimmed });
    setName('');
    toast(t('cloud.groups.added'), 'success');
  };

  const move = async (from: number, to: number) => {
    if (to < 0 || to >= groups.length || to === from) return;
    await enqueue('sortCloudGroups', {
      ids: reorder(
        groups.map((g) => g.id),
        from,
        to,
      ),
    });
  };
  const sorting = useDragSort(groups.length, (from, to) => void move(from, to));

  const moveSelected = async (key: string) => {
    setSheet('none');
    const target = groups.find((g) => g.id === key) ?? null;
    const ids = [...selected];
    // One change a card, as moving them one by one would.
    for (const cardId of ids) await enqueue('moveCloudCard', { cardId, groupId: target ? target.id : NOT_GROUPED });
    toast(t('cloud.groups.moved', { count: ids.length, group: target?.name ?? t('cloud.list.notGrouped') }), 'success');
    setSelected(new Set());
    setSelecting(false);
  };

  const toggle = (card: CloudCardRow) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(card.id)) next.delete(card.id);
      else next.add(card.id);
      return next;
    });

  const groupName = (id: string) => groups.find((g) => g.id === id)?.name ?? t('cloud.list.notGrouped');

  return (
    <main className="page friends-page cloud-page">
      <div className="friends-head">
        <h1>{t('cloud.groups.title')}</h1>
        <Link to="/cloud/list">{t('cloud.list.title')}</Link>
      </div>
      {selecting ? null : (
        <>
          <form
            className="group-add"
            onSubmit={(e) => {
              e.preventDefault();
              void add();
            }}
          >
            <label htmlFor={addId} className="visually-hidden">
              {t('cloud.groups.name')}
            </label>
            <input
              id={addId}
              value={name}
              maxLength={CLOUD_GROUP_NAME_MAX}
              placeholder={t('cloud.groups.add')}
              onChange={(e) => setName(e.target.value)}
            />
            <button type="submit" className="btn btn-primary" disabled={!name.trim()}>
              {t('cloud.groups.create')}
            </button>
          </form>
          {allGroups === undefined ? (
            <p className="empty-note" role="status">
              {t('app.common.loading')}
            </p>
          ) : groups.length === 0 ? (
            <p className="empty-note">{t('cloud.groups.empty')}</p>
          ) : (
            <ul className="group-list" aria-label={t('cloud.groups.title')}>
              {groups.map((g, i) => (
                <GroupItem
                  key={g.id}
                  group={g}
                  count={counts.get(g.id) ?? 0}
                  first={i === 0}
                  last={i === groups.length - 1}
                  dragging={sorting.dragging === i}
                  style={sorting.rowStyle(i)}
                  handle={sorting.handleProps(i)}
                  onUp={() => void move(i, i - 1)}
                  onDown={() => void move(i, i + 1)}
                  onExport={() => setSheet({ export: g })}
                  onDelete={() => deleteCloudWithUndo({ kind: 'group', id: g.id, title: g.name })}
                />
              ))}
            </ul>
          )}
        </>
      )}
      <section className="cloud-select" aria-labelledby={`${addId}-cards`}>
        <div className="cloud-select-head">
          <h2 id={`${addId}-cards`}>
            {selecting ? t('cloud.groups.selected', { count: selected.size }) : t('cloud.groups.cards')}
          </h2>
          {selecting ? (
            <>
              <button
                type="button"
                className="btn btn-primary btn-inline"
                disabled={selected.size === 0}
                onClick={() => setSheet('move')}
              >
                {t('cloud.groups.move')}
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-inline"
                onClick={() => {
                  setSelecting(false);
                  setSelected(new Set());
                }}
              >
                {t('cloud.groups.done')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn btn-secondary btn-inline"
              disabled={shownCards.length === 0}
              onClick={() => setSelecting(true)}
            >
              {t('cloud.groups.select')}
            </button>
          )}
        </div>
        {selecting ? (
          <VirtualList
            items={shownCards}
            rowHeight={CLOUD_ROW_HEIGHT}
            itemKey={(c) => c.id}
            label={t('cloud.groups.select')}
            renderRow={(c) => (
              <label className="cloud-pick">
                <input
                  type="checkbox"
                  checked={selected.has(c.id)}
                  onChange={() => toggle(c)}
                  aria-label={t('cloud.groups.selectCard', { name: cloudCardTitle(c) || t('cloud.list.unnamed') })}
                />
                <CloudItemBody card={c} pending={false} extra={groupName(c.group_id)} />
              </label>
            )}
          />
        ) : cards !== undefined && shownCards.length === 0 ? (
          <div className="status-page">
            <p>{t('cloud.list.emptyTitle')}</p>
            <Link to="/cloud/create" className="btn btn-primary">
              {t('cloud.list.scan')}
            </Link>
          </div>
        ) : null}
      </section>
      {sheet === 'move' ? (
        <ActionSheet
          title={t('cloud.card.choose')}
          items={[
            ...groups.map((g) => ({ key: g.id, label: g.name })),
            { key: NOT_GROUPED, label: t('cloud.list.notGrouped') },
          ]}
          cancelLabel={t('cloud.groups.cancel')}
          onSelect={(key) => void moveSelected(key)}
          onCancel={() => setSheet('none')}
        />
      ) : typeof sheet === 'object' ? (
        <ActionSheet
          title={`${t('cloud.export.group')}: ${sheet.export.name}`}
          items={[
            { key: 'vcf', label: t('cloud.card.exportVcf') },
            { key: 'csv', label: t('cloud.card.exportCsv') },
          ]}
          cancelLabel={t('cloud.groups.cancel')}
          onSelect={(key) => {
            const group = sheet.export;
            setSheet('none');
            const inGroup = shownCards.filter((c) => c.group_id === group.id);
            saveCards(inGroup, key === 'vcf' ? 'vcf' : 'csv', group.name, csvHeaders);
          }}
          onCancel={() => setSheet('none')}
        />
      ) : null}
      <CloudUndoBar />
    </main>
  );
}

function GroupItem(props: {
  group: CloudGroupRow;
  count: number;
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
  onExport: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { group } = props;
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(group.name);

  const save = async () => {
    const trimmed = value.trim();
    if (trimmed && trimmed !== group.name) await enqueue('editCloudGroup', { id: group.id, name: trimmed });
    setEditing(false);
  };

  if (editing) {
    return (
      <li className="group-row cloud-group-edit">
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
            aria-label={t('cloud.groups.renameLabel', { name: group.name })}
            value={value}
            maxLength={CLOUD_GROUP_NAME_MAX}
            onChange={(e) => setValue(e.target.value)}
          />
          <button type="submit" className="btn btn-primary">
            {t('cloud.groups.save')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setEditing(false)}>
            {t('cloud.groups.cancel')}
          </button>
        </form>
      </li>
    );
  }
  return (
    <li
      className={`group-row cloud-group-row${props.dragging ? ' is-dragging' : ''}`}
      style={props.style}
      data-testid="cloud-group-row"
    >
      <button
        type="button"
        className="drag-handle"
        aria-label={t('cloud.groups.drag', { name: group.name })}
        {...props.handle}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="group-row-name">
        <strong>{group.name}</strong>
        <small>{t('cloud.groups.members', { count: props.count })}</small>
      </span>
      <button
        type="button"
        className="icon-small"
        aria-label={t('cloud.groups.up', { name: group.name })}
        disabled={props.first}
        onClick={props.onUp}
      >
        ↑
      </button>
      <button
        type="button"
        className="icon-small"
        aria-label={t('cloud.groups.down', { name: group.name })}
        disabled={props.last}
        onClick={props.onDown}
      >
        ↓
      </button>
      <span className="group-row-actions">
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            setValue(group.name);
            setEditing(true);
          }}
        >
          {t('cloud.groups.rename')}
        </button>
        <button type="button" className="btn btn-ghost" disabled={props.count === 0} onClick={props.onExport}>
          {t('cloud.card.export')}
        </button>
        <button type="button" className="btn btn-ghost friend-delete" onClick={props.onDelete}>
          {t('cloud.groups.delete')}
        </button>
      </span>
    </li>
  );
}
