import type { FriendCardInfo } from '../api';
import { db, mutate } from '../db';
import { clearAutoAddFriends, readAutoAddFriends } from '../lib/auto-add-friends';
import { ensureSyncClient } from '../lib/sync-client';

/**
 * SPEC §4 "Adding a friend" for a signed-in user: the add goes through the outbox, so it is kept
 * offline and sent once. The `cards` the user saw are listed at once, before the server answers.
 */
export async function addFriends(shareStrs: readonly string[], cards: FriendCardInfo[] = []): Promise<void> {
  if (shareStrs.length === 0) return;
  await mutate(db, 'addFriend', { content: [...shareStrs], ...(cards.length > 0 ? { cards } : {}) });
  ensureSyncClient().poke();
}

/** After login or registration, the cards a visitor asked to add (auto_add_friends) are sent. */
export async function sendQueuedFriendAdds(): Promise<void> {
  const queued = readAutoAddFriends();
  if (queued.length === 0) return;
  await addFriends(queued);
  clearAutoAddFriends();
}
