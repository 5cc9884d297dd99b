import type { CardbookDB, FriendRow } from './CardbookDB';

/**
 * A card whose owner deleted their account arrives by pull without their name (the server keeps
 * nothing of them). The name this device was showing stays, so the holder still knows whose
 * card it was (issue 23); everything else comes as the server sends it.
 */
export async function keepNamesOfDeletedAccounts(
  db: CardbookDB,
  friends: Map<number, FriendRow | null>,
): Promise<void> {
  for (const [key, row] of friends) {
    if (row?.account_deleted !== 1) continue;
    const before = (await db.friends.get(key))?.friend_card_info;
    if (!before) continue;
    const info = row.friend_card_info;
    friends.set(key, {
      ...row,
      friend_card_info: {
        ...info,
        name: info.name || before.name,
        english_name: info.english_name || before.english_name || '',
      },
    });
  }
}

/** The names this device knows for cards of deleted accounts, by card id. */
export async function deletedAccountNames(db: CardbookDB, cardIds: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (cardIds.length === 0) return names;
  const rows = await db.friends
    .where('friend_card_info.card_id')
    .anyOf([...cardIds])
    .toArray();
  for (const row of rows) {
    const name = row.friend_card_info.name || row.friend_card_info.english_name || '';
    if (name) names.set(row.friend_card_info.card_id, name);
  }
  return names;
}
