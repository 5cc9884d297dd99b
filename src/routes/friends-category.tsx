import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_NAME_MAX, MAIN_GROUP_ID } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { TrashIcon } from '../components/card/icons';
import { GroupManager } from '../components/groups/GroupManager';
import { PencilIcon } from '../components/icons';
import { type GroupWithCount, useGroupKey, useGroups } from '../db/hooks/groups';
import { newTempGroupId } from '../db/mutations';
import { enqueue } from '../db/outbox';
import '../components/friends/friends.css';

/**
 * /friendsCategory: my friend groups, in the group manager (add, rename, reorder), each deleted
 * after a question; all through the outbox (enqueue), so offline too. The main group is not
 * listed: it holds every friend and cannot change.
 */
export function FriendsCategoryPage() {
  const { t } = useTranslation();
  const groups = useGroups();
  const groupKey = useGroupKey();
  const [deleting, setDeleting] = useState<GroupWithCount | null>(null);

  return (
    <main className="page friends-page">
      <div className="friends-head">
        <h1>{t('friends.groups.title')}</h1>
        <Link to="/friendsList">{t('friends.list.title')}</Link>
      </div>
      <GroupManager
        groups={groups?.filter((g) => g.group_id !== MAIN_GROUP_ID)}
        texts="friends.groups"
        nameMax={GROUP_NAME_MAX}
        rowId={(g) => groupKey(g.group_id)}
        name={(g) => g.group_name}
        detail={(g) =>
          t('friends.groups.members', { count: g.count }) + (g.group_id > 0 ? '' : ` · ${t('friends.list.notSynced')}`)
        }
        add={(name) => enqueue('addGroup', { group_name: name, temp_id: newTempGroupId() })}
        rename={(g, name) => enqueue('editGroup', { group_id: g.group_id, group_name: name })}
        // A group not yet on the server is named by its temporary id, rewritten before sending.
        sort={(sorted) => enqueue('sortGroups', { ids: sorted.map((g) => g.group_id) })}
        actions={(g, startRename) => <FriendGroupActions group={g} onRename={startRename} onDelete={setDeleting} />}
        row={{ testId: 'group-row' }}
      />
      {deleting ? <DeleteGroupDialog group={deleting} onClose={() => setDeleting(null)} /> : null}
    </main>
  );
}

/** A friend group's rename and delete buttons, as icons. */
function FriendGroupActions(props: {
  group: GroupWithCount;
  onRename: () => void;
  onDelete: (group: GroupWithCount) => void;
}) {
  const { t } = useTranslation();
  const name = props.group.group_name;
  return (
    <>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('friends.groups.renameOf', { name })}
        title={t('friends.groups.rename')}
        onClick={props.onRename}
      >
        <PencilIcon />
      </button>
      <button
        type="button"
        className="icon-btn friend-delete"
        aria-label={t('friends.groups.deleteOf', { name })}
        title={t('friends.groups.delete')}
        onClick={() => props.onDelete(props.group)}
      >
        <TrashIcon />
      </button>
    </>
  );
}

/** The question before a friend group is deleted (its cards stay in All). */
function DeleteGroupDialog(props: { group: GroupWithCount; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('friends.groups.delTitle', { name: props.group.group_name })}
      body={t('friends.groups.delBody')}
      confirmLabel={t('friends.groups.delete')}
      cancelLabel={t('friends.groups.cancel')}
      onCancel={props.onClose}
      onConfirm={() => {
        props.onClose();
        void enqueue('delGroup', { id: props.group.group_id });
      }}
    />
  );
}
