import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FRIEND_STATUS_REMOVED_ME, MAIN_GROUP_ID, REMARK_MAX } from '../../api';
import { type FriendRow, isPendingFriend } from '../../db';
import { useFriend } from '../../db/hooks/friends';
import { type GroupWithCount, useGroups } from '../../db/hooks/groups';
import { enqueue } from '../../db/outbox';
import { ActionSheet } from '../ActionSheet';
import { CardDetails, CardPhotos } from '../card';
import { CardHead } from '../card/CardHead';
import { Promotion } from '../card/Promotion';
import { OverlayFrame, OverlayLoading } from '../OverlayFrame';
import { toast } from '../toast';
import { useCloseWhenGone } from '../use-close-when-gone';
import { friendDeletes } from './deletes';
import { cardOfFriend, friendTitle } from './display';
import { saveFriendVCard } from './friend-vcard';

import { useCardExtras } from './use-card-extras';
import './friends.css';

/**
 * SPEC §2 card-detail overlay for a friend's card ('Business card details'), whole and offline:
 * front and back images with the flip button, the avatar (tap to preview), name and English
 * name, import to the address book, my remark and groups with the actions on the entry, every
 * section of the card with an action per entry, and the promotional items. The card's fields
 * come with the friend row (sync); the promotional items and images are fetched when it is
 * opened online and kept on the device (useCardExtras). Every action goes through the outbox (enqueue), so
 * it works offline.
 */
export function FriendCardOverlay(props: { acceptId: number; fromGroupId?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const friend = useFriend(props.acceptId);
  const groups = useGroups();
  const [sheet, setSheet] = useState<'none' | 'move' | 'copy'>('none');
  useCloseWhenGone(friend, props.onClose);

  const groupName = useGroupName();
  const mine = (groups ?? []).filter((g) => friend?.groupIds.includes(g.group_id) && g.group_id !== MAIN_GROUP_ID);
  const others = (groups ?? []).filter((g) => g.group_id !== MAIN_GROUP_ID && !friend?.groupIds.includes(g.group_id));

  const removeFrom = async (groupId: number) => {
    if (friend && groupId > 0) await enqueue('delFriendFromGroup', { acceptId: friend.accept_id, groupId });
  };

  const onDelete = () => {
    if (!friend) return;
    friendDeletes.hold({ id: friend.accept_id, title: friendTitle(friend) });
    props.onClose();
  };

  const { card, pending, gone, extras, importing, onImport } = useFriendCard(friend);

  return (
    <OverlayFrame title={t('friends.card.title')} closeLabel={t('friends.card.close')} onClose={props.onClose}>
      {!friend || !card ? (
        <OverlayLoading label={t('app.common.loading')} />
      ) : (
        <div className="friend-overlay-body" data-testid="friend-card">
          <CardPhotos photo={card.photo} photo_back={card.photo_back} name={friendTitle(friend)} />
          <CardHead
            name={friendTitle(friend)}
            englishName={card.extension.english_name}
            avatar={card.avatar}
            cardId={card.card_id}
            acceptId={pending ? 0 : card.accept_id}
            nameAs="p"
            importing={importing}
            onImport={() => void onImport()}
            canImport={!gone}
          />
          <RemovedNote friend={friend} gone={gone} />
          {pending ? (
            <p className="friend-pending-note" role="note">
              {t('friends.card.pendingNote')}
            </p>
          ) : (
            <FriendEntryActions
              friend={friend}
              mine={mine}
              groupName={groupName}
              onRemoveFrom={removeFrom}
              onSheet={setSheet}
              onDelete={onDelete}
            />
          )}
          <CardDetails profile={card.profile} extension={card.extension} />
          {pending || gone ? null : <Promotion {...extras} />}
        </div>
      )}
      {sheet !== 'none' ? (
        <GroupSheet
          mode={sheet}
          friend={friend}
          mine={mine}
          others={others}
          fromGroupId={props.fromGroupId}
          groupName={groupName}
          onClose={() => setSheet('none')}
        />
      ) : null}
    </OverlayFrame>
  );
}

/** A group's name on screen: the main group is "All". */
function useGroupName(): (g: GroupWithCount) => string {
  const { t } = useTranslation();
  return (g) => (g.group_id === MAIN_GROUP_ID ? t('friends.groups.all') : g.group_name);
}

/**
 * The friend's card, whether it waits on the other side or its owner is gone, its promotional
 * items (fetched for a synced, live card), and saving it to the address book as a vCard.
 */
function useFriendCard(friend: FriendRow | null | undefined) {
  const card = useMemo(() => (friend ? cardOfFriend(friend) : null), [friend]);
  const pending = friend ? isPendingFriend(friend) : true;
  // Its owner deleted their account: nothing of the card opens or saves any more.
  const gone = friend?.account_deleted === 1;
  const extras = useCardExtras(card && !pending && !gone ? card : null);
  const [importing, setImporting] = useState(false);
  const onImport = async () => {
    if (!card) return;
    setImporting(true);
    try {
      const result = await saveFriendVCard(card);
      if (!result.ok) toast(result.message, 'error');
    } finally {
      setImporting(false);
    }
  };
  return { card, pending, gone, extras, importing, onImport };
}

/** Why the card no longer changes: its owner deleted their account, or removed me. */
function RemovedNote({ friend, gone }: { friend: FriendRow; gone: boolean }) {
  const { t } = useTranslation();
  if (gone) {
    return (
      <p className="friend-removed" role="note">
        {t('friends.card.accountDeleted')}
      </p>
    );
  }
  return friend.status === FRIEND_STATUS_REMOVED_ME ? (
    <p className="friend-removed" role="note">
      {t('http.otherPartyDeleted')}
    </p>
  ) : null;
}

/**
 * Move or copy the friend to one of my other groups (a move leaves the group the list shows, or
 * else the first group it is in); with no other group, a sheet saying so.
 */
function GroupSheet(props: {
  mode: 'move' | 'copy';
  friend: FriendRow | null | undefined;
  mine: GroupWithCount[];
  others: GroupWithCount[];
  fromGroupId: number | undefined;
  groupName: (g: GroupWithCount) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { mode, friend, mine, others, fromGroupId, groupName } = props;
  const pick = async (key: string) => {
    props.onClose();
    if (!friend) return;
    const target = others.find((g) => String(g.group_id) === key);
    if (!target) return;
    if (mode === 'copy') {
      await enqueue('copyToGroup', { acceptId: friend.accept_id, groupId: target.group_id });
      toast(t('friends.card.copied', { group: groupName(target) }), 'success');
    } else if (mode === 'move') {
      const from =
        fromGroupId && fromGroupId !== MAIN_GROUP_ID && friend.groupIds.includes(fromGroupId)
          ? fromGroupId
          : (mine[0]?.group_id ?? MAIN_GROUP_ID);
      await enqueue('moveToGroup', { acceptId: friend.accept_id, fromGroupId: from, toGroupId: target.group_id });
      toast(t('friends.card.moved', { group: groupName(target) }), 'success');
    }
  };
  return others.length === 0 ? (
    <ActionSheet
      title={t('friends.card.noGroups')}
      items={[]}
      cancelLabel={t('friends.groups.cancel')}
      onSelect={props.onClose}
      onCancel={props.onClose}
    />
  ) : (
    <ActionSheet
      title={mode === 'move' ? t('friends.card.move') : t('friends.card.copy')}
      items={others.map((g) => ({ key: String(g.group_id), label: groupName(g) }))}
      cancelLabel={t('friends.groups.cancel')}
      onSelect={(key) => void pick(key)}
      onCancel={props.onClose}
    />
  );
}

/** The remark, groups and actions of a synced entry. */
function FriendEntryActions(props: {
  friend: FriendRow;
  mine: GroupWithCount[];
  groupName: (g: GroupWithCount) => string;
  onRemoveFrom: (groupId: number) => Promise<void>;
  onSheet: (sheet: 'move' | 'copy') => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { groupName } = props;
  return (
    <>
      <RemarkEditor friend={props.friend} />
      <section className="friend-groups" aria-label={t('friends.card.groups')}>
        <h3>{t('friends.card.groups')}</h3>
        <ul className="chip-list">
          <li className="chip">{t('friends.groups.all')}</li>
          {props.mine.map((g) => (
            <li key={g.group_id} className="chip">
              {groupName(g)}
              <button
                type="button"
                className="chip-x"
                aria-label={t('friends.card.removeFrom', { group: groupName(g) })}
                onClick={() => void props.onRemoveFrom(g.group_id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <div className="friend-actions">
          <button type="button" className="btn btn-secondary" onClick={() => props.onSheet('move')}>
            {t('friends.card.move')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => props.onSheet('copy')}>
            {t('friends.card.copy')}
          </button>
          <button type="button" className="btn btn-ghost friend-delete" onClick={props.onDelete}>
            {t('friends.card.delete')}
          </button>
        </div>
      </section>
    </>
  );
}

function RemarkEditor({ friend }: { friend: FriendRow }) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState(friend.remark);
  const changed = value.trim() !== friend.remark;
  const save = async () => {
    await enqueue('remark', { accept_id: friend.accept_id, remark: value.trim() });
    toast(t('friends.card.remarkSaved'), 'success');
  };
  return (
    <form
      className="friend-remark"
      onSubmit={(e) => {
        e.preventDefault();
        if (changed) void save();
      }}
    >
      <label htmlFor={id}>{t('friends.card.remark')}</label>
      <div className="friend-remark-row">
        <input id={id} value={value} maxLength={REMARK_MAX} onChange={(e) => setValue(e.target.value)} />
        <button type="submit" className="btn btn-primary" disabled={!changed}>
          {t('friends.card.remarkSave')}
        </button>
      </div>
    </form>
  );
}
