import { Link } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOUD_GROUP_NAME_MAX, CLOUD_GROUPS_MAX } from '../api';
import { ActionSheet } from '../components/ActionSheet';
import { CloudItemBody } from '../components/cloud/CloudItem';
import { cloudItemDeletes } from '../components/cloud/deletes';
import { saveCards, useCsvHeaders } from '../components/cloud/use-export';
import { GroupManager } from '../components/groups/GroupManager';
import { toast } from '../components/toast';
import { usePendingDeletes } from '../components/undo/pending-delete';
import { UndoBar } from '../components/undo/UndoBar';
import { WindowedList } from '../components/WindowedList';
import { type CloudCardRow, type CloudGroupRow, cloudCardTitle, newCloudId } from '../db';
import { NOT_GROUPED } from '../db/cloud-changes';
import { useCloudCards, useCloudGroups } from '../db/hooks/cloud';
import { enqueue } from '../db/outbox';
import { CLOUD_ROW_HEIGHT } from './cloud-list';
import '../components/friends/friends.css';
import '../components/cloud/cloud.css';
import './cloud-category.css';

type Sheet = 'none' | 'move' | { export: CloudGroupRow };

/**
 * /cloud/category/list: my cloud groups, in the group manager (add, rename, reorder), each
 * exported or deleted with undo (its cards become not grouped); and the cards, selected and
 * moved into a group. All through the outbox (enqueue), so offline too.
 */
export function CloudCategoryPage() {
  const { t } = useTranslation();
  const allGroups = useCloudGroups();
  const cards = useCloudCards();
  const deletes = usePendingDeletes(cloudItemDeletes);
  const [selecting, setSelecting] = useState(false);
  const [sheet, setSheet] = useState<Sheet>('none');

  const hidden = useMemo(() => new Set(deletes.map((d) => d.id)), [deletes]);
  const groups = (allGroups ?? []).filter((g) => !hidden.has(g.id));
  const counts = useMemo(() => {
    const map = new Map<string, number>();
    for (const c of cards ?? []) map.set(c.group_id, (map.get(c.group_id) ?? 0) + 1);
    return map;
  }, [cards]);
  const shownCards = (cards ?? []).filter((c) => !hidden.has(c.id));

  return (
    <main className="page friends-page cloud-page">
      <div className="friends-head">
        <h1>{t('cloud.groups.title')}</h1>
        <Link to="/cloud/list">{t('cloud.list.title')}</Link>
      </div>
      {selecting ? null : (
        <CloudGroupManager
          groups={allGroups === undefined ? undefined : groups}
          counts={counts}
          onExport={(g) => setSheet({ export: g })}
        />
      )}
      <CardPicker
        cards={cards === undefined ? undefined : shownCards}
        groups={groups}
        selecting={selecting}
        onSelecting={setSelecting}
        moveSheet={sheet === 'move'}
        onMoveSheet={(open) => setSheet(open ? 'move' : 'none')}
      />
      {typeof sheet === 'object' ? (
        <ExportSheet
          group={sheet.export}
          cards={shownCards.filter((c) => c.group_id === sheet.export.id)}
          onClose={() => setSheet('none')}
        />
      ) : null}
      <UndoBar deletes={cloudItemDeletes} />
    </main>
  );
}

/** The cloud groups in the group manager, with their export and delete (with undo). */
function CloudGroupManager(props: {
  groups: readonly CloudGroupRow[] | undefined;
  counts: ReadonlyMap<string, number>;
  onExport: (group: CloudGroupRow) => void;
}) {
  const { t } = useTranslation();
  const count = (g: CloudGroupRow) => props.counts.get(g.id) ?? 0;
  return (
    <GroupManager
      groups={props.groups}
      texts="cloud.groups"
      nameMax={CLOUD_GROUP_NAME_MAX}
      limit={{ max: CLOUD_GROUPS_MAX, message: t('cloud.groups.tooMany') }}
      rowId={(g) => g.id}
      name={(g) => g.name}
      detail={(g) => t('cloud.groups.members', { count: count(g) })}
      add={(name) => enqueue('addCloudGroup', { id: newCloudId(), name })}
      rename={(g, name) => enqueue('editCloudGroup', { id: g.id, name })}
      sort={(sorted) => enqueue('sortCloudGroups', { ids: sorted.map((g) => g.id) })}
      actions={(g, startRename) => (
        <>
          <button type="button" className="btn btn-ghost" onClick={startRename}>
            {t('cloud.groups.rename')}
          </button>
          <button type="button" className="btn btn-ghost" disabled={count(g) === 0} onClick={() => props.onExport(g)}>
            {t('cloud.card.export')}
          </button>
          <button
            type="button"
            className="btn btn-ghost friend-delete"
            onClick={() => cloudItemDeletes.hold({ kind: 'group', id: g.id, title: g.name })}
          >
            {t('cloud.groups.delete')}
          </button>
        </>
      )}
      row={{ testId: 'cloud-group-row', className: 'cloud-group-row', editClassName: 'cloud-group-edit' }}
    />
  );
}

/** The cards, to select and move into a group: a button to start, then checkboxes and Move. */
function CardPicker(props: {
  cards: readonly CloudCardRow[] | undefined;
  groups: readonly CloudGroupRow[];
  selecting: boolean;
  onSelecting: (selecting: boolean) => void;
  moveSheet: boolean;
  onMoveSheet: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const { selecting, onSelecting } = props;
  const shownCards = props.cards ?? [];
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const headId = useId();
  const stop = () => {
    onSelecting(false);
    setSelected(new Set());
  };
  const toggle = (card: CloudCardRow) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(card.id)) next.delete(card.id);
      else next.add(card.id);
      return next;
    });
  const groupName = (id: string) => props.groups.find((g) => g.id === id)?.name ?? t('cloud.list.notGrouped');

  return (
    <>
      <section className="cloud-select" aria-labelledby={headId}>
        <PickerHead
          headId={headId}
          selecting={selecting}
          selected={selected.size}
          canStart={shownCards.length > 0}
          onStart={() => onSelecting(true)}
          onMove={() => props.onMoveSheet(true)}
          onDone={stop}
        />
        {selecting ? (
          <WindowedList
            items={shownCards}
            rowHeight={CLOUD_ROW_HEIGHT}
            itemKey={(c) => c.id}
            label={t('cloud.groups.select')}
            testId="friend-list"
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
        ) : props.cards !== undefined && shownCards.length === 0 ? (
          <div className="status-page">
            <p>{t('cloud.list.emptyTitle')}</p>
            <Link to="/cloud/create" className="btn btn-primary">
              {t('cloud.list.scan')}
            </Link>
          </div>
        ) : null}
      </section>
      {props.moveSheet ? (
        <MoveSheet
          groups={props.groups}
          cardIds={[...selected]}
          onClose={() => props.onMoveSheet(false)}
          onMoved={stop}
        />
      ) : null}
    </>
  );
}

/** The picker's heading (the cards, or how many are selected) and its buttons. */
function PickerHead(props: {
  headId: string;
  selecting: boolean;
  selected: number;
  canStart: boolean;
  onStart: () => void;
  onMove: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="cloud-select-head">
      <h2 id={props.headId}>
        {props.selecting ? t('cloud.groups.selected', { count: props.selected }) : t('cloud.groups.cards')}
      </h2>
      {props.selecting ? (
        <>
          <button
            type="button"
            className="btn btn-primary btn-inline"
            disabled={props.selected === 0}
            onClick={props.onMove}
          >
            {t('cloud.groups.move')}
          </button>
          <button type="button" className="btn btn-ghost btn-inline" onClick={props.onDone}>
            {t('cloud.groups.done')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn btn-secondary btn-inline"
          disabled={!props.canStart}
          onClick={props.onStart}
        >
          {t('cloud.groups.select')}
        </button>
      )}
    </div>
  );
}

/** Where the selected cards go: a group, or not grouped. One change a card, as moving them one by one would. */
function MoveSheet(props: {
  groups: readonly CloudGroupRow[];
  cardIds: readonly string[];
  onClose: () => void;
  onMoved: () => void;
}) {
  const { t } = useTranslation();
  const move = async (key: string) => {
    props.onClose();
    const target = props.groups.find((g) => g.id === key) ?? null;
    for (const cardId of props.cardIds)
      await enqueue('moveCloudCard', { cardId, groupId: target ? target.id : NOT_GROUPED });
    const group = target?.name ?? t('cloud.list.notGrouped');
    toast(t('cloud.groups.moved', { count: props.cardIds.length, group }), 'success');
    props.onMoved();
  };
  return (
    <ActionSheet
      title={t('cloud.card.choose')}
      items={[
        ...props.groups.map((g) => ({ key: g.id, label: g.name })),
        { key: NOT_GROUPED, label: t('cloud.list.notGrouped') },
      ]}
      cancelLabel={t('cloud.groups.cancel')}
      onSelect={(key) => void move(key)}
      onCancel={props.onClose}
    />
  );
}

/** A group's cards saved as a contact file (vCard) or a spreadsheet (CSV), made on the device. */
function ExportSheet(props: { group: CloudGroupRow; cards: readonly CloudCardRow[]; onClose: () => void }) {
  const { t } = useTranslation();
  const csvHeaders = useCsvHeaders();
  return (
    <ActionSheet
      title={`${t('cloud.export.group')}: ${props.group.name}`}
      items={[
        { key: 'vcf', label: t('cloud.card.exportVcf') },
        { key: 'csv', label: t('cloud.card.exportCsv') },
      ]}
      cancelLabel={t('cloud.groups.cancel')}
      onSelect={(key) => {
        props.onClose();
        saveCards(props.cards, key === 'vcf' ? 'vcf' : 'csv', props.group.name, csvHeaders);
      }}
      onCancel={props.onClose}
    />
  );
}
