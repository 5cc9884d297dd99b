import fc from 'fast-check';
import { MAIN_GROUP_ID, type MutationArgs, type MutationName } from '../../src/api';
import type { CloudCardRow, CloudGroupRow, FriendRow, GroupRow } from '../../src/db/CardbookDB';
import { newCloudId } from '../../src/db/cloud';
import { mutate, newTempGroupId } from '../../src/db/mutations';
import { cardBodyOf, cardPatchOf, isEmptyPatch } from '../../src/lib/card-merge';
import { wellFormed } from '../../src/lib/well-formed';
import type { Device, Failure } from './harness';

/**
 * The operations of the model-based sync test and the model that checks their outcome: the log
 * of every edit made (field, value, when), which groups were made and deleted, and every
 * mutation id queued, by device.
 */

/** An edit a user makes on one device (indices pick among what that device shows). */
export type Edit =
  | { k: 'remark'; friend: number }
  | { k: 'addGroup' }
  | { k: 'editGroup'; group: number }
  | { k: 'delGroup'; group: number }
  | { k: 'moveToGroup'; friend: number; from: number; to: number }
  | { k: 'copyToGroup'; friend: number; group: number }
  | { k: 'delFriendFromGroup'; friend: number; group: number }
  | { k: 'sortGroups'; seed: number }
  | { k: 'setProfile'; field: ProfileField }
  | { k: 'card'; field: CardField }
  | { k: 'saveCompany'; items: number }
  | { k: 'cloudAdd'; group: number }
  | { k: 'cloudEdit'; card: number }
  | { k: 'cloudDel'; card: number }
  | { k: 'cloudMove'; card: number; group: number }
  | { k: 'cloudGroupAdd' }
  | { k: 'cloudGroupEdit'; group: number }
  | { k: 'cloudGroupDel'; group: number }
  | { k: 'cloudSort'; seed: number };

export type Op =
  | { k: 'edit'; device: number; edit: Edit }
  /** The edit is made while that device's sync cycle runs, after `ticks` turns of the event loop. */
  | { k: 'editDuringSync'; device: number; ticks: number; edit: Edit }
  | { k: 'network'; device: number; online: boolean }
  | { k: 'sync'; device: number; failure: Failure | null }
  /** The service worker's background sync: alone (app closed), or racing the page's worker `ticks` turns after it starts. */
  | { k: 'background'; device: number; race: boolean; ticks: number; failure: Failure | null }
  | { k: 'syncAll' }
  | { k: 'restart' };

/** One step: the clock moves on `dt` ms, then the op runs. */
export type Step = { dt: number; op: Op };

export const PROFILE_FIELDS = ['fullName', 'english_name', 'profile', 'sex', 'age', 'birth'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
/** A card edit: a plain field set, or a phone number added to or removed from the list. */
export const CARD_FIELDS = ['name', 'english_name', 'profile', 'is_open', 'telAdd', 'telRemove'] as const;
export type CardField = (typeof CARD_FIELDS)[number];

const pick = fc.nat(1_000);
const editArb: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ k: fc.constant('remark' as const), friend: pick }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('addGroup' as const) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('editGroup' as const), group: pick }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('delGroup' as const), group: pick }) },
  {
    weight: 2,
    arbitrary: fc.record({ k: fc.constant('moveToGroup' as const), friend: pick, from: pick, to: pick }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('copyToGroup' as const), friend: pick, group: pick }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('delFriendFromGroup' as const), friend: pick, group: pick }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('sortGroups' as const), seed: pick }) },
  {
    weight: 4,
    arbitrary: fc.record({ k: fc.constant('setProfile' as const), field: fc.constantFrom(...PROFILE_FIELDS) }),
  },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('card' as const), field: fc.constantFrom(...CARD_FIELDS) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('saveCompany' as const), items: fc.nat(3) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('cloudAdd' as const), group: pick }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('cloudEdit' as const), card: pick }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('cloudDel' as const), card: pick }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('cloudMove' as const), card: pick, group: pick }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('cloudGroupAdd' as const) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('cloudGroupEdit' as const), group: pick }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('cloudGroupDel' as const), group: pick }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('cloudSort' as const), seed: pick }) },
);

const device = fc.nat(2);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ k: fc.constant('edit' as const), device, edit: editArb }) },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant('editDuringSync' as const),
      device,
      ticks: fc.nat(40),
      edit: editArb,
    }),
  },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('network' as const), device, online: fc.boolean() }) },
  {
    weight: 5,
    arbitrary: fc.record({
      k: fc.constant('sync' as const),
      device,
      failure: fc.option(fc.record({ at: fc.nat(3), lost: fc.boolean() }), { freq: 2 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('background' as const),
      device,
      race: fc.boolean(),
      ticks: fc.nat(40),
      failure: fc.option(fc.record({ at: fc.nat(3), lost: fc.boolean() }), { freq: 2 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('syncAll' as const) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('restart' as const) }) },
);

export const stepsArb = (min: number, max: number) =>
  fc.array(fc.record({ dt: fc.integer({ min: 1, max: 50 }), op: opArb }), {
    minLength: min,
    maxLength: max,
    size: 'max',
  });

/**
 * An edit of a field whose newest edit must win (`remark:<accept_id>`, `group:<local id>`,
 * `profile:<f>`, `card:<f>`, `company`, `cloudName:<id>`, `cloudGroup:<id>`): its value as the
 * server keeps it (a lone surrogate as U+FFFD), and the value its device showed for the field
 * when it was made (JSON), which it must win over whatever the devices' clocks say.
 */
export type FieldEdit = { field: string; value: unknown; at: number; device: string; seq: number; shown?: string };

/** Half of a UTF-16 pair, now and then at the end of a value a user types (stored as U+FFFD). */
const lone = (n: number) => (n % 4 === 0 ? '\uD800' : '');

export type MadeMutation = { device: string; client: string; id: string; name: MutationName; at: number };

export class Model {
  /** Every edit of a last-writer-wins field, in the order made (which is also the order of their clocks). */
  readonly edits: FieldEdit[] = [];
  /** Temporary ids of the groups made, by device. */
  readonly groupsMade: { device: string; tempId: number; name: string; at: number }[] = [];
  /** Local ids (temporary or the server's) of the groups some device deleted. */
  readonly groupsDeleted = new Set<number>();
  /** Temporary group id → the server's, as the devices learnt them. */
  readonly tempIds = new Map<number, number>();
  readonly mutations: MadeMutation[] = [];
  /** Phone numbers added to my card's list, and those removed (each number is added once). */
  readonly telAdded = new Set<string>();
  readonly telRemoved = new Set<string>();
  /** Phone rows added to each cloud card (rows are merged one by one, none is removed). */
  readonly cloudTels = new Map<string, string[]>();
  /** Cloud cards and groups made (ids are the devices' own), and those some device deleted. */
  readonly cloudCardsMade = new Set<string>();
  readonly cloudCardsDeleted = new Set<string>();
  readonly cloudGroupsMade = new Set<string>();
  readonly cloudGroupsDeleted = new Set<string>();
  readonly log: string[] = [];
  private counter = 0;

  constructor(readonly now: () => number) {}

  next(): number {
    this.counter += 1;
    return this.counter;
  }

  /** The server id of a group a device named by `id` (temporary ids through what the devices learnt). */
  serverGroupId(id: number): number | undefined {
    return id > 0 ? id : this.tempIds.get(id);
  }

  async learnTempIds(devices: Device[]): Promise<void> {
    for (const d of devices) for (const [temp, id] of await d.createdGroups()) this.tempIds.set(temp, id);
  }

  /** Makes the change through the app's own `mutate` and records what was made. */
  async mutate<N extends MutationName>(d: Device, name: N, args: MutationArgs<N>, fields: [string, unknown][]) {
    const before = await d.db.outbox.orderBy('seq').last();
    const shown = await Promise.all(fields.map(([field]) => shownValue(d, field)));
    await mutate(d.db, name, args);
    const made = await d.db.outbox.orderBy('seq').last();
    if (!made || made.id === before?.id) throw new Error(`${name} queued nothing`);
    const at = this.now();
    this.mutations.push({ device: d.name, client: d.client, id: made.id, name, at });
    for (const [i, [field, value]] of fields.entries()) this.record(d, field, value, shown[i]);
    this.log.push(`${d.name} ${name} ${JSON.stringify(args)}`);
  }

  record(d: Device, field: string, value: unknown, shown?: string): void {
    const seq = this.edits.length;
    this.edits.push({ field, value: wellFormed(structuredClone(value)), at: this.now(), device: d.name, seq, shown });
  }

  /** A field's name with a group's temporary id replaced by the server's. */
  normalField(field: string): string {
    return field.startsWith('group:') ? `group:${this.serverGroupId(Number(field.slice(6)))}` : field;
  }

  /**
   * Runs one edit on a device, choosing its targets among what the device shows. Answers false
   * when there is nothing to act on (no friend, no group).
   */
  async edit(d: Device, e: Edit, shown?: Screen): Promise<boolean> {
    const n = this.next();
    const { friends, groups, cloudCards, cloudGroups } = shown ?? (await screen(d));
    const cloudCardAt = (i: number) => cloudCards[i % Math.max(1, cloudCards.length)];
    const cloudGroupAt = (i: number) => cloudGroups[i % Math.max(1, cloudGroups.length)];
    const friendAt = (i: number) => friends[i % Math.max(1, friends.length)];
    const groupAt = (i: number) => groups[i % Math.max(1, groups.length)];
    switch (e.k) {
      case 'remark': {
        const f = friendAt(e.friend);
        if (!f) return false;
        const remark = `remark ${n}${lone(n)}`;
        await this.mutate(d, 'remark', { accept_id: f.accept_id, remark }, [[`remark:${f.accept_id}`, remark]]);
        return true;
      }
      case 'addGroup': {
        const name = `group ${n}`;
        const tempId = newTempGroupId();
        await this.mutate(d, 'addGroup', { group_name: name, temp_id: tempId }, []);
        this.groupsMade.push({ device: d.name, tempId, name, at: this.now() });
        this.record(d, `group:${tempId}`, name);
        return true;
      }
      case 'editGroup': {
        const g = groupAt(e.group);
        if (!g) return false;
        const name = `group ${n}`;
        await this.mutate(d, 'editGroup', { group_id: g.group_id, group_name: name }, [[`group:${g.group_id}`, name]]);
        return true;
      }
      case 'delGroup': {
        const g = groupAt(e.group);
        if (!g) return false;
        await this.mutate(d, 'delGroup', { id: g.group_id }, []);
        this.groupsDeleted.add(g.group_id);
        return true;
      }
      case 'moveToGroup': {
        const f = friendAt(e.friend);
        if (!f) return false;
        const from = f.groupIds[e.from % f.groupIds.length] ?? MAIN_GROUP_ID;
        const to = groupAt(e.to)?.group_id ?? MAIN_GROUP_ID;
        if (from === to) return false;
        await this.mutate(d, 'moveToGroup', { acceptId: f.accept_id, fromGroupId: from, toGroupId: to }, []);
        return true;
      }
      case 'copyToGroup': {
        const f = friendAt(e.friend);
        const g = groupAt(e.group);
        if (!f || !g) return false;
        await this.mutate(d, 'copyToGroup', { acceptId: f.accept_id, groupId: g.group_id }, []);
        return true;
      }
      case 'delFriendFromGroup': {
        const f = friendAt(e.friend);
        const own = f?.groupIds.filter((id) => id !== MAIN_GROUP_ID) ?? [];
        const groupId = own[e.group % Math.max(1, own.length)];
        if (!f || groupId === undefined) return false;
        await this.mutate(d, 'delFriendFromGroup', { acceptId: f.accept_id, groupId }, []);
        return true;
      }
      case 'sortGroups': {
        if (groups.length < 2) return false;
        const ids = groups.map((g) => g.group_id);
        // A rotation and a swap, from the seed: enough to move every group somewhere else.
        const r = e.seed % ids.length;
        const order = [...ids.slice(r), ...ids.slice(0, r)];
        if (e.seed % 2 === 1) order.reverse();
        await this.mutate(d, 'sortGroups', { ids: order }, []);
        return true;
      }
      case 'setProfile': {
        const value = profileValue(e.field, n);
        await this.mutate(d, 'setProfile', { [e.field]: value }, [[`profile:${e.field}`, value]]);
        return true;
      }
      case 'card':
        return this.editCard(d, e.field, n);
      case 'cloudAdd': {
        const id = newCloudId();
        const extension = [{ key: 'name', value: `cloud ${n}` }];
        // Every other card is made straight into a group the device shows.
        const group_id = e.group % 2 === 0 ? (cloudGroupAt(e.group)?.id ?? '') : '';
        await this.mutate(d, 'addCloudCard', { id, photo: '', photo_bg: '', extension, group_id }, [
          [`cloudName:${id}`, `cloud ${n}`],
        ]);
        this.cloudCardsMade.add(id);
        return true;
      }
      case 'cloudEdit': {
        const c = cloudCardAt(e.card);
        if (!c) return false;
        // One row renamed, or a phone row added, on the rows the screen showed: merged one by one.
        if (n % 2 === 0) {
          const name = `cloud ${n}${lone(n)}`;
          const extension = c.extension.map((row) => (row.key === 'name' ? { key: 'name', value: name } : row));
          const edit = { id: c.id, extension, extension_from: c.extension };
          await this.mutate(d, 'editCloudCard', edit, [[`cloudName:${c.id}`, name]]);
        } else {
          const tel = `+852 9${String(n).padStart(7, '0')}`;
          const extension = [...c.extension, { key: 'tel', value: tel }];
          await this.mutate(d, 'editCloudCard', { id: c.id, extension, extension_from: c.extension }, []);
          this.cloudTels.set(c.id, [...(this.cloudTels.get(c.id) ?? []), tel]);
        }
        return true;
      }
      case 'cloudDel': {
        const c = cloudCardAt(e.card);
        if (!c) return false;
        await this.mutate(d, 'delCloudCard', { id: c.id }, []);
        this.cloudCardsDeleted.add(c.id);
        return true;
      }
      case 'cloudMove': {
        const c = cloudCardAt(e.card);
        if (!c) return false;
        const to = cloudGroupAt(e.group)?.id ?? '';
        await this.mutate(d, 'moveCloudCard', { cardId: c.id, groupId: to === '' ? '0' : to }, []);
        return true;
      }
      case 'cloudGroupAdd': {
        const id = newCloudId();
        const name = `cloud group ${n}`;
        await this.mutate(d, 'addCloudGroup', { id, name }, [[`cloudGroup:${id}`, name]]);
        this.cloudGroupsMade.add(id);
        return true;
      }
      case 'cloudGroupEdit': {
        const g = cloudGroupAt(e.group);
        if (!g) return false;
        const name = `cloud group ${n}`;
        await this.mutate(d, 'editCloudGroup', { id: g.id, name }, [[`cloudGroup:${g.id}`, name]]);
        return true;
      }
      case 'cloudGroupDel': {
        const g = cloudGroupAt(e.group);
        if (!g) return false;
        await this.mutate(d, 'delCloudGroup', { id: g.id }, []);
        this.cloudGroupsDeleted.add(g.id);
        return true;
      }
      case 'cloudSort': {
        if (cloudGroups.length < 2) return false;
        const ids = cloudGroups.map((g) => g.id);
        const r = e.seed % ids.length;
        const order = [...ids.slice(r), ...ids.slice(0, r)];
        if (e.seed % 2 === 1) order.reverse();
        await this.mutate(d, 'sortCloudGroups', { ids: order }, []);
        return true;
      }
      case 'saveCompany': {
        const items = Array.from({ length: e.items }, (_, i) => ({
          type: 'text' as const,
          content: `block ${n}.${i}`,
        }));
        await this.mutate(d, 'saveCompany', { items }, [['company', items]]);
        return true;
      }
    }
  }

  /** An edit of my card, sent as the card screen sends it: only what changed (patchCard). */
  private async editCard(d: Device, field: CardField, n: number): Promise<boolean> {
    const card = await d.db.card.get('me');
    if (!card) return false;
    const base = cardBodyOf(card);
    const next = { ...base, extension: { ...base.extension } };
    const fields: [string, unknown][] = [];
    if (field === 'telAdd') {
      const content = `+852 5${String(n).padStart(7, '0')}`;
      next.extension.tel = [...base.extension.tel, { key: 'mobile', content }];
      this.telAdded.add(content);
    } else if (field === 'telRemove') {
      const gone = base.extension.tel[n % Math.max(1, base.extension.tel.length)];
      if (!gone) return false;
      next.extension.tel = base.extension.tel.filter((entry) => entry !== gone);
      this.telRemoved.add(gone.content);
    } else {
      const value = cardValue(field, n);
      (next as Record<string, unknown>)[field] = value;
      fields.push([`card:${field}`, value]);
    }
    const patch = cardPatchOf(base, next);
    if (isEmptyPatch(patch)) return false;
    await this.mutate(d, 'patchCard', patch, fields);
    return true;
  }

  /** The edits of each field, normalised, in the order made. */
  byField(): Map<string, FieldEdit[]> {
    const out = new Map<string, FieldEdit[]>();
    for (const e of this.edits) {
      const field = this.normalField(e.field);
      out.set(field, [...(out.get(field) ?? []), { ...e, field }]);
    }
    return out;
  }

  /**
   * The values a field may hold in the end: those of its edits that no other edit must win over.
   * An edit wins over the earlier edits of its own device and over the edit whose value its device
   * showed when it was made (a value several edits wrote is not told apart: none is counted).
   */
  winners(edits: readonly FieldEdit[]): FieldEdit[] {
    const beaten = new Set<number>();
    const byValue = new Map<string, FieldEdit[]>();
    for (const e of edits) {
      const key = JSON.stringify(e.value);
      byValue.set(key, [...(byValue.get(key) ?? []), e]);
    }
    // What the first edit's device showed is the field's value before any edit: a device showing it
    // later may not have seen an edit that wrote the same value (a profile's sex starts at 0).
    const start = edits[0]?.shown;
    for (const e of edits) {
      for (const o of edits) if (o.device === e.device && o.seq < e.seq) beaten.add(o.seq);
      // Only an earlier edit can have been shown; an empty value or the starting one may be the
      // field's first (no edit made it), so it tells nothing.
      const unknown = e.shown === undefined || e.shown === start || EMPTY_VALUES.has(e.shown);
      const seen = unknown ? undefined : byValue.get(e.shown as string);
      const earlier = seen?.filter((o) => o.seq < e.seq);
      if (earlier?.length === 1 && earlier[0]) beaten.add(earlier[0].seq);
    }
    return edits.filter((e) => !beaten.has(e.seq));
  }
}

/** Values a field may hold before any edit (JSON): seeing one says nothing of which edit was seen. */
const EMPTY_VALUES = new Set(['null', '""', '[]']);

/** What a device's screens show: its friends and groups (other than the main one), its cloud cards and groups. */
export type Screen = {
  friends: FriendRow[];
  groups: GroupRow[];
  cloudCards: CloudCardRow[];
  cloudGroups: CloudGroupRow[];
};

export async function screen(d: Device): Promise<Screen> {
  const friends = (await d.db.friends.toArray())
    .filter((f) => f.accept_id > 0)
    .sort((a, b) => a.accept_id - b.accept_id);
  const groups = (await d.db.groups.toArray())
    .filter((g) => g.group_id !== MAIN_GROUP_ID)
    .sort((a, b) => a.group_id - b.group_id);
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const cloudCards = (await d.db.cloudCards.toArray()).sort(byId);
  const cloudGroups = (await d.db.cloudGroups.toArray()).sort(byId);
  return { friends, groups, cloudCards, cloudGroups };
}

/** The value a device shows for a field now (as JSON, a lone surrogate as U+FFFD). */
async function shownValue(d: Device, field: string): Promise<string | undefined> {
  const [kind = '', key = ''] = field.split(':');
  let value: unknown;
  if (kind === 'remark') value = (await d.db.friends.get(Number(key)))?.remark;
  else if (kind === 'group') value = (await d.db.groups.get(Number(key)))?.group_name;
  else if (kind === 'profile') value = ((await d.db.profile.get('me')) as Record<string, unknown> | undefined)?.[key];
  else if (kind === 'card') value = ((await d.db.card.get('me')) as Record<string, unknown> | undefined)?.[key];
  else if (kind === 'company') value = (await d.db.company.get('me'))?.items;
  else if (kind === 'cloudName') {
    value = (await d.db.cloudCards.get(key))?.extension.find((row) => row.key === 'name')?.value;
  } else if (kind === 'cloudGroup') value = (await d.db.cloudGroups.get(key))?.name;
  return value === undefined ? undefined : JSON.stringify(wellFormed(structuredClone(value)));
}

export function profileValue(field: ProfileField, n: number): unknown {
  switch (field) {
    case 'fullName':
      return `Ada ${n}${lone(n)}`;
    case 'english_name':
      return `Ada E ${n}`;
    case 'profile':
      return `about me ${n}`;
    case 'sex':
      return ([0, 1, 2] as const)[n % 3];
    case 'age':
      return n % 7 === 0 ? null : n % 150;
    case 'birth':
      return n % 7 === 0 ? null : `19${String(10 + (n % 90)).padStart(2, '0')}-0${1 + (n % 9)}-1${n % 10}`;
  }
}

export function cardValue(field: Exclude<CardField, 'telAdd' | 'telRemove'>, n: number): unknown {
  switch (field) {
    case 'name':
      return `Ada card ${n}`;
    case 'english_name':
      return `Ada card E ${n}`;
    case 'profile':
      return `card profile ${n}`;
    case 'is_open':
      return n % 2;
  }
}
