import type { UniqueIdentifier } from '@dnd-kit/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reorder } from '../../lib/reorder';
import { toast } from '../toast';
import { GroupAddForm } from './GroupAddForm';
import { GroupItem } from './GroupItem';
import { SortableGroupList } from './SortableGroupList';
import type { GroupTexts } from './texts';
import './groups.css';

/** What a kind of group (friends', cloud cards') gives the group manager. */
export type GroupManagerProps<G> = {
  /** The groups in their order; undefined while loading. */
  groups: readonly G[] | undefined;
  texts: GroupTexts;
  nameMax: number;
  /** The most groups there may be, and the toast when there are that many. */
  limit?: { max: number; message: string };
  /** A group's id among the rows: stable while it syncs (React key and drag id). */
  rowId: (group: G) => UniqueIdentifier;
  name: (group: G) => string;
  /** The line under the name. */
  detail: (group: G) => string;
  /** The changes, each through the outbox. */
  add: (name: string) => Promise<unknown>;
  rename: (group: G, name: string) => Promise<unknown>;
  /** Saves the groups in this new order. */
  sort: (groups: G[]) => Promise<unknown>;
  /** The row's own action buttons (rename, delete…), given the way to start renaming. */
  actions: (group: G, startRename: () => void) => ReactNode;
  row: { testId: string; className?: string; editClassName?: string };
};

/**
 * The one group manager: add a group, rename it, reorder the groups (drag a row's handle, its
 * arrow keys, or the up/down buttons), and whatever actions the kind of group gives its rows.
 */
export function GroupManager<G>(props: GroupManagerProps<G>) {
  const { t } = useTranslation();
  const { groups, texts } = props;
  const add = async (name: string) => {
    if (props.limit && (groups?.length ?? 0) >= props.limit.max) {
      toast(props.limit.message, 'error');
      return false;
    }
    await props.add(name);
    toast(t(`${texts}.added`), 'success');
    return true;
  };
  return (
    <>
      <GroupAddForm texts={texts} nameMax={props.nameMax} onAdd={add} />
      {groups === undefined ? (
        <p className="empty-note" role="status">
          {t('app.common.loading')}
        </p>
      ) : groups.length === 0 ? (
        <p className="empty-note">{t(`${texts}.empty`)}</p>
      ) : (
        <GroupRows {...props} groups={groups} />
      )}
    </>
  );
}

function GroupRows<G>(props: GroupManagerProps<G> & { groups: readonly G[] }) {
  const { groups } = props;
  const move = (from: number, to: number) => {
    if (to < 0 || to >= groups.length || to === from) return;
    void props.sort(reorder(groups, from, to));
  };
  return (
    <SortableGroupList ids={groups.map(props.rowId)} names={groups.map(props.name)} texts={props.texts} onMove={move}>
      {groups.map((g, i) => (
        <GroupItem
          key={props.rowId(g)}
          id={props.rowId(g)}
          name={props.name(g)}
          detail={props.detail(g)}
          texts={props.texts}
          nameMax={props.nameMax}
          first={i === 0}
          last={i === groups.length - 1}
          onStep={(step) => move(i, i + step)}
          onRename={(name) => props.rename(g, name)}
          actions={(startRename) => props.actions(g, startRename)}
          testId={props.row.testId}
          className={props.row.className}
          editClassName={props.row.editClassName}
        />
      ))}
    </SortableGroupList>
  );
}
