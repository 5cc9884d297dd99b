import type { Friend } from '../../api';

/** SPEC §3: "remark (name)" when there is a remark, else the name. */
export function friendTitle(friend: Pick<Friend, 'remark' | 'friend_card_info'>): string {
  const name = friend.friend_card_info.name;
  const remark = friend.remark.trim();
  return remark ? `${remark} (${name})` : name;
}
