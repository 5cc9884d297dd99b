import type { FriendCardInfo } from '../api';
import { clearAutoAddFriends, readAutoAddFriends } from '../browser/auto-add-friends';
import { ensureSyncClient } from '../browser/sync-client';
import { db, isPendingFriend, mutate } from '../db';
import { friendOfCard, friendOfShareKey } from '../db/friend-lookup';

/**
 * What became of an add, as the user is told (SPEC §4 "Adding a friend"):
 * - `added`: the server took it (online, within a few seconds);
 * - `queued`: kept on this device, sent when the network is back;
 * - `refused`: the server refused it (my own card, say); the sync notice says why.
 */
export type FriendAddOutcome = 'added' | 'queued' | 'refused';

/** How long an add waits for the server before it is told as queued. */
const ANSWER_WAIT_MS = 8000;
const POLL_MS = 120;

/**
 * SPEC §4 "Adding a friend" for a signed-in user: the add goes through the outbox, so it is kept
 * offline and sent once. The `cards` the user saw are listed at once, before the server answers;
 * online, it then waits briefly for the server so the user is told the truth.
 */
export async function addFriends(
  shareStrs: readonly string[],
  cards: FriendCardInfo[] = [],
): Promise<FriendAddOutcome> {
  if (shareStrs.length === 0) return 'queued';
  const id = await queueFriendAdd(shareStrs, cards);
  return outcomeOf(
    id,
    cards.map((card) => card.card_id),
  );
}

/** What became of a scanned card's add: one of an add's outcomes, or nothing to add. */
export type ScannedCardOutcome = FriendAddOutcome | 'kept' | 'mine';

/**
 * A card whose server-signed copy was scanned (issue 28): listed at once in my card holder,
 * waiting, with what the copy holds, and added through the outbox; nothing when I keep the card
 * already (a copy never overwrites a card I hold) or it is my own.
 */
export async function addScannedCard(shareKey: string, card: FriendCardInfo): Promise<ScannedCardOutcome> {
  const mine = await db.card.get('me');
  if (mine && mine.card_id === card.card_id) return 'mine';
  if ((await friendOfCard(card.card_id)) || (await friendOfShareKey(shareKey))) return 'kept';
  return addFriends([shareKey], [card]);
}

/** Puts the add in the outbox (listing the cards at once) and asks the sync worker to send it. */
async function queueFriendAdd(shareStrs: readonly string[], cards: FriendCardInfo[]): Promise<string> {
  const id = await mutate(db, 'addFriend', { content: [...shareStrs], ...(cards.length > 0 ? { cards } : {}) });
  ensureSyncClient().poke();
  return id;
}

/**
 * Waits until the mutation has left the outbox (the server answered), then reads what it left:
 * the server's entries for the cards (added) or none (refused: the pull rolled the optimistic
 * entries back). Offline, or with no answer in time, it is queued.
 */
async function outcomeOf(mutationId: string, cardIds: readonly number[]): Promise<FriendAddOutcome> {
  const deadline = Date.now() + ANSWER_WAIT_MS;
  while (Date.now() < deadline && navigator.onLine) {
    const sent = (await db.outbox.where('id').equals(mutationId).count()) === 0;
    if (sent) {
      if (cardIds.length === 0) return 'added';
      const entries = await db.friends
        .where('friend_card_info.card_id')
        .anyOf([...cardIds])
        .toArray();
      if (entries.length === 0) return 'refused';
      if (entries.every((entry) => !isPendingFriend(entry))) return 'added';
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return 'queued';
}

/** After login or registration, the cards a visitor asked to add (auto_add_friends) are sent. */
export async function sendQueuedFriendAdds(): Promise<void> {
  const queued = readAutoAddFriends();
  if (queued.length === 0) return;
  await queueFriendAdd(queued, []);
  clearAutoAddFriends();
}
