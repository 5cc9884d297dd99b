import { useTranslation } from 'react-i18next';
import { FRIEND_STATUS_REMOVED_ME } from '../../api';
import { type FriendRow, isPendingFriend } from '../../db';
import { Avatar } from '../Avatar';
import { friendTitle } from './display';

/** One row of a friends list: avatar, display title, and the card's company (else its profile's first line) or its status. */
export function FriendItem({ friend, onOpen }: { friend: FriendRow; onOpen: (friend: FriendRow) => void }) {
  const { t } = useTranslation();
  const removed = friend.status === FRIEND_STATUS_REMOVED_ME;
  const title = friendTitle(friend);
  const pending = isPendingFriend(friend);
  const { company, profile } = friend.friend_card_info;
  const sub =
    friend.account_deleted === 1
      ? t('friends.list.accountDeleted')
      : removed
        ? t('friends.list.removedYou')
        : pending
          ? t('friends.list.notSynced')
          : company || (profile.split('\n')[0] ?? '');
  return (
    <button
      type="button"
      className={`vlist-button friend-item${removed ? ' is-removed' : ''}`}
      onClick={() => onOpen(friend)}
      data-testid="friend-item"
    >
      <Avatar
        src={friend.friend_card_info.avatar}
        name={friend.friend_card_info.name}
        colourKey={friend.friend_card_info.card_id}
        size={44}
      />
      <span className="friend-text">
        <span className="friend-title">{title}</span>
        {sub ? <span className={`friend-sub${removed ? ' friend-removed' : ''}`}>{sub}</span> : null}
      </span>
    </button>
  );
}
