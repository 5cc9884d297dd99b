import { enqueue } from '../../db/outbox';
import { heldDeletes } from '../undo/pending-delete';

/** A friend deleted with undo (src/components/undo/pending-delete.ts): by accept id. */
export type FriendDelete = { id: number; title: string };

/** Friends deleted in the last few seconds: the delete is queued when the undo window ends. */
export const friendDeletes = heldDeletes<FriendDelete>({
  commit: (item) => enqueue('delFriend', { acceptId: item.id }),
  message: () => 'friends.card.deleted',
  undo: 'friends.card.undo',
});
