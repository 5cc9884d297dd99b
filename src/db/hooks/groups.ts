import { useLiveQuery } from 'dexie-react-hooks';
import { MAIN_GROUP_ID } from '../../api';
import type { GroupRow } from '../CardbookDB';
import { db } from '../db';
import { createdGroupIds } from '../mutations';

/** The screens' reads of my friend groups (the `groups` table). */

/** A friend group with how many of my friends are in it (read locally, so it is right offline). */
export type GroupWithCount = GroupRow & { count: number };

/**
 * My friend groups in their order, the main group (1) last (SPEC §3), each with its member
 * count: undefined while loading.
 */
export function useGroups(): GroupWithCount[] | undefined {
  return useLiveQuery(async () => {
    const groups = await db.groups.toArray();
    groups.sort((a, b) => {
      if (a.group_id === MAIN_GROUP_ID) return 1;
      if (b.group_id === MAIN_GROUP_ID) return -1;
      return a.sort - b.sort || a.group_id - b.group_id;
    });
    const counts = await Promise.all(groups.map((g) => db.friends.where('groupIds').equals(g.group_id).count()));
    return groups.map((g, i) => ({ ...g, count: counts[i] ?? 0 }));
  }, []);
}

/** One group (0: none): undefined while loading, null when I do not have it (yet). */
export function useGroup(groupId: number): GroupRow | null | undefined {
  return useLiveQuery(async () => (groupId > 0 ? ((await db.groups.get(groupId)) ?? null) : null), [groupId]);
}

/**
 * A stable React key for each group: a group made on this device keeps the key of its temporary
 * id after the server's row replaces it, so a row being edited is not remounted mid-edit.
 */
export function useGroupKey(): (groupId: number) => number {
  const known = useLiveQuery(() => createdGroupIds(db), []);
  const byServerId = new Map([...(known ?? [])].map(([temp, id]) => [id, temp]));
  return (groupId) => byServerId.get(groupId) ?? groupId;
}
