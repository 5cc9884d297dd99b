/**
 * SPEC §3 local storage `auto_add_friends`: the share strings of cards a visitor asked to add
 * before having an account (SPEC §4 "Adding a friend"). After login or registration the list is
 * sent for automatic adding. Kept as a JSON list without duplicates; anything unreadable in the
 * slot counts as an empty list.
 */
export const AUTO_ADD_FRIENDS_KEY = 'auto_add_friends';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readAutoAddFriends(storage: KeyValueStorage = localStorage): string[] {
  const raw = storage.getItem(AUTO_ADD_FRIENDS_KEY);
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return [...new Set(value.filter((item): item is string => typeof item === 'string' && item !== ''))];
  } catch {
    return [];
  }
}

/** Adds a share string to the list (once) and answers the list as stored. */
export function queueAutoAddFriend(shareStr: string, storage: KeyValueStorage = localStorage): string[] {
  const list = readAutoAddFriends(storage);
  if (shareStr !== '' && !list.includes(shareStr)) list.push(shareStr);
  storage.setItem(AUTO_ADD_FRIENDS_KEY, JSON.stringify(list));
  return list;
}

/** Empties the list (once it has been sent). */
export function clearAutoAddFriends(storage: KeyValueStorage = localStorage): void {
  storage.removeItem(AUTO_ADD_FRIENDS_KEY);
}
