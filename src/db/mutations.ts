import {
  type CardExtension,
  type CardExtensionInput,
  type CardShare,
  CLOUD_ROWS_MAX,
  type CloudRow,
  type CreateCardBody,
  FRIEND_STATUS_NORMAL,
  MAIN_GROUP_ID,
  type MutationArgs,
  type MutationName,
  NOTIFY_READ,
  NOTIFY_UNREAD,
  type Profile,
} from '../api';
import { applyCardPatch, cardBodyOf, EMPTY_CARD, mergeStamped } from '../lib/card-merge';
import { cloudRowValue } from '../lib/card-rules';
import { HLC_PATTERN, nextHlc } from '../lib/hlc';
import { wellFormed } from '../lib/well-formed';
import type { CardbookDB, FriendRow } from './CardbookDB';
import { clientId } from './client-id';

/**
 * The local effect of each mutation, one definition used twice: when the user makes the
 * change (optimistic write + outbox entry in one transaction) and after every pull (pending
 * outbox entries are re-applied on top of the server's rows, so a pull never shows an older
 * value while a change is still on its way).
 */
const NO_SHARE: CardShare = {
  fb: '',
  qr: '',
  link: '',
  contact: '',
  line: '',
  linkedin: '',
  telegram: '',
  twitter: '',
  whatsapp: '',
};

/** The server drops entries whose text is all blank; the local copy does the same. */
function withoutBlankEntries(extension: CardExtensionInput): CardExtension {
  const filled = (e: { content: string }) => e.content.trim() !== '';
  return {
    company: extension.company.filter((c) => [c.name, c.department, c.position].some((v) => v.trim() !== '')),
    address: extension.address.filter(filled),
    tel: extension.tel.filter(filled),
    email: extension.email.filter(filled),
    website: extension.website.filter(filled),
    other: extension.other.filter(filled),
    industry: extension.industry.filter(filled),
    social: extension.social.filter(filled),
  };
}

/** Extension rows as the server keeps them: keys trimmed, rows with a blank value dropped, websites normalised. */
function cloudRowsOf(rows: readonly CloudRow[]): CloudRow[] {
  return rows
    .filter((r) => r.value.trim() !== '')
    .map((r) => ({ key: r.key.trim(), value: cloudRowValue(r.key, r.value) }));
}

/** group_id "1,5,7" as numbers. */
export function groupIdsOf(groupId: string): number[] {
  return groupId
    .split(',')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id !== 0);
}

/** The id of a friend entry added on this device and not yet answered by the server. */
export const pendingAcceptId = (cardId: number) => -cardId;
export const isPendingFriend = (friend: { accept_id: number }) => friend.accept_id < 0;

/** The entry in exactly these groups (the main group always, first), as the server answers it. */
function inGroups(friend: FriendRow, ids: number[]): FriendRow {
  const others = [...new Set(ids.filter((id) => id !== MAIN_GROUP_ID))].sort((a, b) => a - b);
  const groupIds = [MAIN_GROUP_ID, ...others];
  return { ...friend, groupIds, group_id: groupIds.join(','), group_main: others.length === 0 ? 1 : 0 };
}

/** Writes my card's editable part as `edit` makes it from the current one, keeping what the server set (id, share links). */
async function putMyCard(db: CardbookDB, edit: (current: CreateCardBody) => CreateCardBody): Promise<void> {
  const current = await db.card.get('me');
  const card = edit(current ? cardBodyOf(current) : EMPTY_CARD);
  await db.card.put({
    key: 'me',
    card_id: current?.card_id ?? 0,
    share_str: current?.share_str ?? '',
    share: current?.share ?? NO_SHARE,
    group_update_num: current?.group_update_num ?? 0,
    ...card,
    extension: withoutBlankEntries(card.extension),
  });
}

async function changeGroups(db: CardbookDB, acceptId: number, change: (ids: number[]) => number[]): Promise<void> {
  const friend = await db.friends.get(acceptId);
  if (friend) await db.friends.put(inGroups(friend, change(friend.groupIds)));
}

type LocalEffects = { [N in MutationName]: (db: CardbookDB, args: MutationArgs<N>) => Promise<void> };

const localEffects: LocalEffects = {
  async setProfile(db, args) {
    const current = await db.profile.get('me');
    if (!current) return;
    const next: Profile = { ...current };
    for (const [key, value] of Object.entries(args) as [keyof typeof args, unknown][]) {
      if (value !== undefined) (next as Record<string, unknown>)[key] = value;
    }
    if (args.fullName !== undefined) next.name = args.fullName;
    await db.profile.put({ ...next, key: 'me' });
  },
  async saveCard(db, args) {
    await putMyCard(db, () => args);
  },
  async patchCard(db, args) {
    await putMyCard(db, (current) => applyCardPatch(current, args, {}, '').card);
  },
  async saveCompany(db, args) {
    await db.company.put({ items: args.items, key: 'me' });
  },
  async addFriend(db, args) {
    // Listed at once under a temporary id (minus the card id) until the server's entry arrives
    // by pull (applyPull drops temporary entries); a card I already keep, or my own, is left alone.
    const mine = await db.card.get('me');
    for (const card of args.cards ?? []) {
      if (card.card_id === mine?.card_id) continue;
      if ((await db.friends.where('friend_card_info.card_id').equals(card.card_id).count()) > 0) continue;
      await db.friends.put({
        accept_id: pendingAcceptId(card.card_id),
        friend_card_info: card,
        remark: '',
        group_id: String(MAIN_GROUP_ID),
        group_main: 1,
        status: FRIEND_STATUS_NORMAL,
        groupIds: [MAIN_GROUP_ID],
      });
    }
  },
  async delFriend(db, args) {
    const friend = await db.friends.get(args.acceptId);
    if (!friend) return;
    // SPEC §4: each group it was in counts one update less, never below zero.
    for (const id of friend.groupIds) {
      const group = await db.groups.get(id);
      if (group) await db.groups.put({ ...group, update_num: Math.max(0, group.update_num - 1) });
    }
    await db.friends.delete(args.acceptId);
  },
  async delFriendFromGroup(db, args) {
    await changeGroups(db, args.acceptId, (ids) => ids.filter((id) => id !== args.groupId));
  },
  async remark(db, args) {
    const friend = await db.friends.get(args.accept_id);
    if (friend) await db.friends.put({ ...friend, remark: args.remark });
  },
  async moveToGroup(db, args) {
    if (args.fromGroupId === args.toGroupId) return;
    await changeGroups(db, args.acceptId, (ids) => [...ids.filter((id) => id !== args.fromGroupId), args.toGroupId]);
  },
  async copyToGroup(db, args) {
    await changeGroups(db, args.acceptId, (ids) => [...ids, args.groupId]);
  },
  async addGroup(db, args) {
    // A temporary negative id until the server's row arrives (applyPull drops temporary groups).
    const groups = await db.groups.toArray();
    const groupId = args.temp_id ?? Math.min(0, ...groups.map((g) => g.group_id)) - 1;
    const sort = Math.max(0, ...groups.filter((g) => g.group_id !== MAIN_GROUP_ID).map((g) => g.sort)) + 1;
    await db.groups.put({ group_id: groupId, group_name: args.group_name, update_num: 0, sort });
  },
  async editGroup(db, args) {
    const group = await db.groups.get(args.group_id);
    if (group && group.group_id !== MAIN_GROUP_ID) await db.groups.put({ ...group, group_name: args.group_name });
  },
  async delGroup(db, args) {
    if (args.id === MAIN_GROUP_ID) return;
    await db.groups.delete(args.id);
    const members = await db.friends.where('groupIds').equals(args.id).toArray();
    await db.friends.bulkPut(
      members.map((f) =>
        inGroups(
          f,
          f.groupIds.filter((id) => id !== args.id),
        ),
      ),
    );
  },
  async sortGroups(db, args) {
    const ids = args.ids.filter((id) => id !== MAIN_GROUP_ID);
    for (const [i, id] of ids.entries()) {
      const group = await db.groups.get(id);
      if (group) await db.groups.put({ ...group, sort: i + 1 });
    }
  },
  async cancelGroupUpdate(db, args) {
    const group = await db.groups.get(args.id);
    if (group) await db.groups.put({ ...group, update_num: 0 });
  },
  async readNotifications(db) {
    await db.notifications.where('status_user').equals(NOTIFY_UNREAD).modify({ status_user: NOTIFY_READ });
  },
  // Cloud cards (issue 12). Ids are made on the device, so a card or group made offline is
  // listed under its final id at once and a pull simply replaces it with the server's row.
  async addCloudCard(db, args) {
    const current = await db.cloudCards.get(args.id);
    const now = Date.now();
    await db.cloudCards.put({
      id: args.id,
      photo: args.photo ?? '',
      photo_bg: args.photo_bg ?? '',
      extension: cloudRowsOf(args.extension),
      group_id: args.group_id ?? '',
      created_at: current?.created_at ?? now,
      updated_at: current?.updated_at ?? now,
    });
  },
  async editCloudCard(db, args) {
    const card = await db.cloudCards.get(args.id);
    if (!card) return;
    const next = { ...card };
    if (args.photo !== undefined) next.photo = args.photo;
    if (args.photo_bg !== undefined) next.photo_bg = args.photo_bg;
    if (args.extension !== undefined && args.extension_from !== undefined) {
      const { extension, extension_from } = args;
      next.extension = mergeStamped(
        card.extension,
        cloudRowsOf(extension_from),
        cloudRowsOf(extension),
        undefined,
        CLOUD_ROWS_MAX,
      ).list;
    } else if (args.extension !== undefined) next.extension = cloudRowsOf(args.extension);
    if (args.group_id !== undefined) next.group_id = args.group_id;
    await db.cloudCards.put(next);
  },
  async delCloudCard(db, args) {
    await db.cloudCards.delete(args.id);
  },
  async moveCloudCard(db, args) {
    const groupId = args.groupId === '0' ? '' : args.groupId;
    await db.cloudCards.update(args.cardId, { group_id: groupId });
  },
  async addCloudGroup(db, args) {
    const current = await db.cloudGroups.get(args.id);
    const groups = await db.cloudGroups.toArray();
    const sort = current?.sort ?? Math.max(0, ...groups.map((g) => g.sort)) + 1;
    await db.cloudGroups.put({ id: args.id, name: args.name, sort });
  },
  async editCloudGroup(db, args) {
    await db.cloudGroups.update(args.id, { name: args.name });
  },
  async delCloudGroup(db, args) {
    await db.cloudGroups.delete(args.id);
    await db.cloudCards.where('group_id').equals(args.id).modify({ group_id: '' });
  },
  async sortCloudGroups(db, args) {
    // The named groups first, in that order; any other (made meanwhile elsewhere) after them.
    const groups = await db.cloudGroups.toArray();
    const rank = new Map(args.ids.map((id, i) => [id, i]));
    const ordered = groups.sort(
      (a, b) => (rank.get(a.id) ?? args.ids.length + a.sort) - (rank.get(b.id) ?? args.ids.length + b.sort),
    );
    await db.cloudGroups.bulkPut(ordered.map((g, i) => ({ ...g, sort: i + 1 })));
  },
  // Nothing of it is shown on this device: the outbox holds it until it is sent.
  async sendFeedback() {},
  async sendProof(db, args) {
    // Shown as received at once; the server's order (with its history) arrives by pull.
    const order = await db.physicalOrders.get(args.order_id);
    if (order) await db.physicalOrders.put({ ...order, proof: true, status: 'proof_received' });
  },
};

function applyLocal<N extends MutationName>(db: CardbookDB, name: N, args: MutationArgs<N>): Promise<void> {
  return localEffects[name](db, args);
}

/** The fields of each change that name a group: one definition for rewriting temporary ids. */
const GROUP_FIELDS: Partial<Record<MutationName, readonly string[]>> = {
  copyToGroup: ['groupId'],
  delFriendFromGroup: ['groupId'],
  moveToGroup: ['fromGroupId', 'toGroupId'],
  editGroup: ['group_id'],
  delGroup: ['id'],
  cancelGroupUpdate: ['id'],
  sortGroups: ['ids'],
};

/** The group ids a change names. */
export function groupRefs(name: MutationName, args: unknown): number[] {
  const record = (args ?? {}) as Record<string, unknown>;
  return (GROUP_FIELDS[name] ?? []).flatMap((field) => {
    const value = record[field];
    if (typeof value === 'number') return [value];
    return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
  });
}

/** The change with each group id it names passed through `map`. */
export function mapGroupRefs(name: MutationName, args: unknown, map: (id: number) => number): unknown {
  const fields = GROUP_FIELDS[name];
  if (!fields || typeof args !== 'object' || args === null) return args;
  const out: Record<string, unknown> = { ...(args as Record<string, unknown>) };
  for (const field of fields) {
    const value = out[field];
    if (typeof value === 'number') out[field] = map(value);
    else if (Array.isArray(value)) out[field] = value.map((v) => (typeof v === 'number' ? map(v) : v));
  }
  return out;
}

/** A new group's id on this device until the server's arrives: negative, unique enough per device. */
export const newTempGroupId = () => -(Date.now() * 1000 + Math.floor(Math.random() * 1000));

/** Every table a local effect may write, plus the outbox. */
export const LOCAL_TABLES = (db: CardbookDB) => [
  db.profile,
  db.card,
  db.company,
  db.outbox,
  db.uploads,
  db.groups,
  db.friends,
  db.notifications,
  db.cloudCards,
  db.cloudGroups,
  db.physicalOrders,
];

/** Makes a change now and queues it for the server, atomically. */
export async function mutate<N extends MutationName>(db: CardbookDB, name: N, args: MutationArgs<N>): Promise<string> {
  const id = crypto.randomUUID();
  await db.transaction('rw', [...LOCAL_TABLES(db), db.meta], async () => {
    // A screen may still show a new group by the temporary id the server has just replaced.
    // Text as the server will store it (a lone surrogate as U+FFFD), so that re-applying this
    // change on top of the server's rows after a pull finds its own values there.
    const text = wellFormed(structuredClone(args));
    const resolved = await withRowsBefore(db, name, withKnownGroups(name, text, await createdGroupIds(db)));
    await applyLocal(db, name, resolved);
    const now = db.now();
    await db.outbox.add({ id, name, args: resolved, createdAt: now, hlc: await stamp(db, now) });
  });
  return id;
}

/**
 * A cloud card edit names the rows as this device shows them before it (`extension_from`), so
 * the server merges its rows one by one with other devices' edits.
 */
async function withRowsBefore<N extends MutationName>(
  db: CardbookDB,
  name: N,
  args: MutationArgs<N>,
): Promise<MutationArgs<N>> {
  if (name !== 'editCloudCard') return args;
  const edit = args as MutationArgs<'editCloudCard'>;
  if (edit.extension === undefined || edit.extension_from !== undefined) return args;
  const card = await db.cloudCards.get(edit.id);
  return (card ? { ...edit, extension_from: card.extension } : edit) as MutationArgs<N>;
}

/** The next clock stamp of this device, recorded (call inside a transaction over db.meta). */
async function stamp(db: CardbookDB, now: number): Promise<string> {
  const last = await db.meta.get('hlc');
  const next = nextHlc(last?.key === 'hlc' ? last.value : null, now, await clientId(db));
  await db.meta.put({ key: 'hlc', value: next });
  return next;
}

/**
 * The hybrid logical clock's receive rule: a stamp this device has seen (on rows it pulled)
 * moves its clock up to it, so the next stamp it makes is later, whatever its wall clock says
 * (call inside a transaction over db.meta).
 */
export async function receiveStamp(db: CardbookDB, seen: string): Promise<void> {
  if (!HLC_PATTERN.test(seen)) return;
  const last = await db.meta.get('hlc');
  if (last?.key === 'hlc' && last.value >= seen) return;
  await db.meta.put({ key: 'hlc', value: seen });
}

/** Re-applies every pending change on top of fresh server rows; call inside the pull's transaction. */
export async function rebasePending(db: CardbookDB): Promise<void> {
  const pending = await db.outbox.orderBy('seq').toArray();
  const known = await createdGroupIds(db);
  for (const entry of pending) {
    const name = entry.name;
    await applyLocal(db, name, withKnownGroups(name, entry.args as MutationArgs<typeof name>, known));
  }
}

/** Groups made on this device: temporary id → the server's id, once the server has made them. */
export async function createdGroupIds(db: CardbookDB): Promise<Map<number, number>> {
  const row = await db.meta.get('createdGroups');
  const value = row?.key === 'createdGroups' ? row.value : {};
  return new Map(Object.entries(value).map(([temp, id]) => [Number(temp), id]));
}

function withKnownGroups<N extends MutationName>(
  name: N,
  args: MutationArgs<N>,
  known: ReadonlyMap<number, number>,
): MutationArgs<N> {
  if (known.size === 0 || !groupRefs(name, args).some((id) => known.has(id))) return args;
  return mapGroupRefs(name, args, (id) => known.get(id) ?? id) as MutationArgs<N>;
}
