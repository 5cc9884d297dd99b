import type { FriendRow } from './CardbookDB';
import { db } from './db';

/** One-off reads of my friend entries, for screens that look one up when asked (the live ones are in hooks/friends.ts). */

/** My entry for a card, by its card id. */
export async function friendOfCard(cardId: number): Promise<FriendRow | undefined> {
  return db.friends.where('friend_card_info.card_id').equals(cardId).first();
}

/** My entry for a card, by one of its share keys. */
export async function friendOfShareKey(shareKey: string): Promise<FriendRow | undefined> {
  return db.friends.where('friend_card_info.share_str').equals(shareKey).first();
}
