import { randomUUID } from 'node:crypto';
import type { z } from 'zod/mini';
import {
  type AddCloudCardBody,
  type AddCloudGroupBody,
  type CardPhoto,
  CLOUD_CARDS_MAX,
  CLOUD_GROUPS_MAX,
  CLOUD_PAGE_SIZE_DEFAULT,
  CLOUD_ROWS_MAX,
  type CloudCard,
  type CloudGroup,
  type CloudIdParams,
  type CloudListBody,
  type CloudRow,
  type cloudGroupCardsBodySchema,
  type cloudGroupCardsParamsSchema,
  type cloudGroupListSchema,
  type cloudUploadFieldsSchema,
  type EditCloudCardBody,
  type EditCloudGroupBody,
  type MoveCloudCardParams,
  PUBLIC_MATCH_MAX,
  type PublicMatch,
  type PublicMatchBody,
  type SortCloudGroupsBody,
  type SyncRow,
} from '../../src/api';
import { mergeStamped } from '../../src/lib/card-merge';
import { type Hlc, isNewer, maxHlc } from '../../src/lib/hlc';
import type { Queryable } from '../db/db';
import { ApiError, invalidField } from '../http/errors';
import { normalizeSearch } from './cards';
import { stampOf, superseded } from './clock';
import type { Caller, Services } from './context';
import { pokeOwnDevices } from './pushes';
import { encodePhoto, notOwnedUpload, storeUpload } from './uploads';

/**
 * Cloud cards (SPEC §3 "Cloud card", §7 Cloud (OCR)): paper cards scanned or typed into the
 * user's own collection, with groups of their own. One function per operation, shared by the
 * REST routes (server/routes/ocr.ts) and the sync mutations (./mutations.ts).
 *
 * - Ids are made on the device and stored as `uid` (0007_cloud.sql), unique per user among all
 *   of the user's rows, deleted ones included: an add naming an id already mine answers that
 *   row as it is and stores nothing (a replayed add never duplicates, nor revives a deleted card).
 * - Every query is scoped to the caller: another user's id is answered 404, as one that does not exist.
 * - Card fields (photo, photo_bg, extension, group_id) and the group name carry the stamp of the
 *   write that set them (`clocks`): an edit made before the stored one loses for that field only,
 *   is reported in caller.clock.superseded, and still bumps the row's version so the device that
 *   made it pulls what was kept. An edit naming the rows it started from (`extension_from`) is
 *   merged row by row instead, each row with its own stamp (mergeRows).
 * - A group named by a change that is mine but was deleted (on another device, while this one
 *   was offline) is taken as "not grouped", as its cards became when it was deleted: the card is
 *   kept rather than the whole change refused.
 * - Writes of one user queue behind a lock on their users row (the limits and group order need
 *   it); each write is one transaction and then pokes the user's other devices.
 */

export const cloudCardNotFound = () => new ApiError(404, 'cloudCardNotFound');
export const cloudGroupNotFound = () => new ApiError(404, 'cloudGroupNotFound');

type CloudUploadFields = z.infer<typeof cloudUploadFieldsSchema>;
type GroupCardsParams = z.infer<typeof cloudGroupCardsParamsSchema>;
type GroupCardsBody = z.infer<typeof cloudGroupCardsBodySchema>;
type CloudGroupList = z.infer<typeof cloudGroupListSchema>;
type CloudCardList = { list: CloudCard[]; page_size: number };

const newUid = (): string => randomUUID().replaceAll('-', '');

/**
 * Makes the cloud writes of one user queue behind each other (without blocking rows that refer
 * to the user). Every write takes it first, so their row locks (cards, then groups, or groups,
 * then cards) can never be taken in opposite orders by two of them at once.
 */
async function lockUser(q: Queryable, userId: number): Promise<void> {
  await q.query('select 1 from users where id = $1 for no key update', [userId]);
}

// Cards ------------------------------------------------------------------------------------

type CardRow = {
  id: number;
  uid: string;
  photo: string;
  photo_bg: string;
  extension: CloudRow[];
  group_uid: string;
  created_ms: number;
  updated_ms: number;
  version: number;
  deleted: boolean;
  /** Field stamps (and the rows' own under ROW_STAMPS, a list). */
  clocks: Record<string, Hlc>;
};

const CARD_SELECT = `
  select c.id, c.uid, c.photo, c.photo_bg, c.extension, coalesce(g.uid, '') as group_uid,
    floor(extract(epoch from c.created_at) * 1000)::float8 as created_ms,
    floor(extract(epoch from c.updated_at) * 1000)::float8 as updated_ms,
    c.version, c.deleted_at is not null as deleted, c.clocks
  from cloud_cards c left join cloud_groups g on g.id = c.group_id`;

function cardOf(row: CardRow): CloudCard {
  return {
    id: row.uid,
    photo: row.photo,
    photo_bg: row.photo_bg,
    extension: row.extension,
    group_id: row.group_uid,
    created_at: row.created_ms,
    updated_at: row.updated_ms,
  };
}

async function cardRowByUid(q: Queryable, userId: number, uid: string, lock = false): Promise<CardRow | null> {
  const [row] = await q.query<CardRow>(
    `${CARD_SELECT} where c.user_id = $1 and c.uid = $2${lock ? ' for update of c' : ''}`,
    [userId, uid],
  );
  return row ?? null;
}

async function cardRowById(q: Queryable, id: number): Promise<CardRow> {
  const [row] = await q.query<CardRow>(`${CARD_SELECT} where c.id = $1`, [id]);
  if (!row) throw new Error('cloud card vanished');
  return row;
}

/** A live card of mine, locked for this transaction when asked; 404 otherwise. */
async function liveCard(q: Queryable, userId: number, uid: string, lock = false): Promise<CardRow> {
  const row = await cardRowByUid(q, userId, uid, lock);
  if (!row || row.deleted) throw cloudCardNotFound();
  return row;
}

/** The rows to store: labels are trimmed by the contract; a row whose value is blank is dropped. */
function rowsOf(extension: readonly CloudRow[]): CloudRow[] {
  return extension.filter((row) => row.value.trim() !== '').map((row) => ({ key: row.key, value: row.value }));
}

/** Every row value, normalised, one per line: what a list keyword is looked for in. */
function searchTextOf(rows: readonly CloudRow[]): string {
  return rows.map((row) => normalizeSearch(row.value)).join('\n');
}

/**
 * The row id of the group a change names: null for '' (not grouped) and for a group of mine
 * deleted meanwhile; 404 for an id that is not one of my groups.
 */
async function groupRef(q: Queryable, userId: number, uid: string): Promise<number | null> {
  if (uid === '') return null;
  // Shared lock: a delete of the group running meanwhile (which ungroups its cards) either
  // finishes first, and the group reads as deleted, or waits until this card is written.
  const [row] = await q.query<{ id: number; deleted: boolean }>(
    'select id, deleted_at is not null as deleted from cloud_groups where user_id = $1 and uid = $2 for share',
    [userId, uid],
  );
  if (!row) throw cloudGroupNotFound();
  return row.deleted ? null : row.id;
}

type PhotoField = 'photo' | 'photo_bg';

/** Refuses a photo this user did not upload (through ocr/upload or card/upload), naming its field. */
async function checkPhotos(q: Queryable, userId: number, photos: Partial<Record<PhotoField, string>>): Promise<void> {
  const named = (['photo', 'photo_bg'] as const).flatMap((field) => {
    const url = photos[field];
    return url ? [{ field, url }] : [];
  });
  // A cloud card may show a photo of my own card too.
  const bad = await notOwnedUpload(q, userId, named, ['cloud', 'card']);
  if (bad) throw new ApiError(400, 'cardPhotoNotYours', { field: bad });
}

/** POST /api/ocr/add and addCloudCard: a new card of mine (an id already mine answers that card). */
export async function addCloudCard(s: Services, caller: Caller, body: AddCloudCardBody): Promise<CloudCard> {
  const uid = body.id ?? newUid();
  const { card, created } = await s.db.tx(async (q) => {
    await lockUser(q, caller.userId);
    const existing = await cardRowByUid(q, caller.userId, uid);
    if (existing) return { card: cardOf(existing), created: false };
    const [count] = await q.query<{ n: number }>(
      'select count(*)::int as n from cloud_cards where user_id = $1 and deleted_at is null',
      [caller.userId],
    );
    if ((count?.n ?? 0) >= CLOUD_CARDS_MAX) throw new ApiError(400, 'cloudCardsTooMany', { max: CLOUD_CARDS_MAX });
    await checkPhotos(q, caller.userId, body);
    const groupId = await groupRef(q, caller.userId, body.group_id);
    const rows = rowsOf(body.extension);
    const stamp = stampOf(caller);
    const clocks = { photo: stamp, photo_bg: stamp, extension: stamp, group_id: stamp };
    const [row] = await q.query<{ id: number }>(
      `insert into cloud_cards (user_id, uid, group_id, photo, photo_bg, extension, search_text, clocks)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8::jsonb) returning id`,
      [
        caller.userId,
        uid,
        groupId,
        body.photo,
        body.photo_bg,
        JSON.stringify(rows),
        searchTextOf(rows),
        JSON.stringify(clocks),
      ],
    );
    if (!row) throw new Error('cloud card insert returned no row');
    return { card: cardOf(await cardRowById(q, row.id)), created: true };
  });
  if (created) await pokeOwnDevices(s, caller);
  return card;
}

const CARD_FIELDS = ['photo', 'photo_bg', 'extension', 'group_id'] as const;
type CardField = (typeof CARD_FIELDS)[number];

/**
 * POST /api/ocr/edit and editCloudCard: only the fields given change, each unless a later-made
 * edit set it (that field keeps the later edit; the others still apply).
 */
export async function editCloudCard(s: Services, caller: Caller, body: EditCloudCardBody): Promise<CloudCard> {
  const stamp = stampOf(caller);
  const card = await s.db.tx(async (q) => {
    await lockUser(q, caller.userId);
    const current = await liveCard(q, caller.userId, body.id, true);
    // Rows named with what they were before the edit are merged one by one (below), not replaced.
    const rowMerge = body.extension !== undefined && body.extension_from !== undefined;
    const given = CARD_FIELDS.filter((field) => body[field] !== undefined && !(rowMerge && field === 'extension'));
    const winning = given.filter((field) => isNewer(stamp, current.clocks[field]));
    superseded(
      caller,
      given.filter((field) => !winning.includes(field)).map((field) => `cloudCard.${field}`),
    );
    const wins = (field: CardField) => winning.includes(field);
    // Only photos this edit puts in are checked: the card's own ones were checked when stored.
    await checkPhotos(q, caller.userId, {
      photo: wins('photo') && body.photo !== current.photo ? body.photo : undefined,
      photo_bg: wins('photo_bg') && body.photo_bg !== current.photo_bg ? body.photo_bg : undefined,
    });
    const sets: string[] = [];
    const args: unknown[] = [current.id];
    const set = (column: string, value: unknown, cast = '') => {
      args.push(value);
      sets.push(`${column} = $${args.length}${cast}`);
    };
    if (wins('photo')) set('photo', body.photo);
    if (wins('photo_bg')) set('photo_bg', body.photo_bg);
    if (wins('extension') && body.extension) {
      const rows = rowsOf(body.extension);
      set('extension', JSON.stringify(rows), '::jsonb');
      set('search_text', searchTextOf(rows));
    }
    if (wins('group_id') && body.group_id !== undefined) {
      set('group_id', await groupRef(q, caller.userId, body.group_id), '::bigint');
    }
    const stamps: Record<string, unknown> = Object.fromEntries(winning.map((field) => [field, stamp]));
    if (wins('extension') && body.extension) stamps[ROW_STAMPS] = rowsOf(body.extension).map(() => stamp);
    if (rowMerge && body.extension && body.extension_from) {
      const merged = mergeRows(current, body.extension_from, body.extension, stamp);
      if (merged.superseded) superseded(caller, ['cloudCard.extension']);
      set('extension', JSON.stringify(merged.list), '::jsonb');
      set('search_text', searchTextOf(merged.list));
      stamps.extension = maxHlc(current.clocks.extension ?? stamp, stamp);
      stamps[ROW_STAMPS] = merged.stamps;
    }
    if (Object.keys(stamps).length > 0) {
      args.push(JSON.stringify(stamps));
      sets.push(`clocks = clocks || $${args.length}::jsonb`);
    } else {
      // Nothing changes, but the row is sent again so the device that made this edit shows what was kept.
      sets.push('updated_at = now()');
    }
    await q.query(`update cloud_cards set ${sets.join(', ')} where id = $1`, args);
    return cardOf(await cardRowById(q, current.id));
  });
  await pokeOwnDevices(s, caller);
  return card;
}

/** Where the stamp of each row (the edit that wrote it) is kept in `clocks`, aligned with the rows. */
const ROW_STAMPS = 'rows';

/**
 * The card's rows with an edit's merged in, row by row, by the one list merge of card lists
 * (src/lib/card-merge.ts): rows the edit did not touch stay as other edits left them; of two
 * edits of one row the later-made stays. Rows stored before row stamps count as written when the
 * whole list last was.
 */
function mergeRows(current: CardRow, from: readonly CloudRow[], to: readonly CloudRow[], stamp: Hlc) {
  const kept: unknown = current.clocks[ROW_STAMPS];
  const stamps: (Hlc | undefined)[] =
    Array.isArray(kept) && kept.length === current.extension.length
      ? kept.map((s) => (typeof s === 'string' ? s : undefined))
      : current.extension.map(() => current.clocks.extension);
  return mergeStamped(current.extension, rowsOf(from), rowsOf(to), { stamps, stamp }, CLOUD_ROWS_MAX);
}

/** GET /api/ocr/del/{id} and delCloudCard: deletes one of my cards (deleting it again is fine). */
export async function delCloudCard(s: Services, caller: Caller, params: CloudIdParams): Promise<null> {
  const changed = await s.db.tx(async (q) => {
    await lockUser(q, caller.userId);
    const row = await cardRowByUid(q, caller.userId, params.id, true);
    if (!row) throw cloudCardNotFound();
    if (row.deleted) return false;
    await q.query('update cloud_cards set deleted_at = now() where id = $1', [row.id]);
    return true;
  });
  if (changed) await pokeOwnDevices(s, caller);
  return null;
}

/** GET /api/ocr/move_to_group/{cardId}/{groupId} and moveCloudCard: group '0' takes the card out of its group. */
export function moveCloudCard(s: Services, caller: Caller, params: MoveCloudCardParams): Promise<CloudCard> {
  return editCloudCard(s, caller, { id: params.cardId, group_id: params.groupId === '0' ? '' : params.groupId });
}

/** GET /api/ocr/detail/{id}: one of my cards. */
export async function cloudCardDetail(s: Services, caller: Caller, params: CloudIdParams): Promise<CloudCard> {
  return cardOf(await liveCard(s.db, caller.userId, params.id));
}

function pageOf(page: number, pageSize: number | undefined): { size: number; offset: number } {
  const size = pageSize ?? CLOUD_PAGE_SIZE_DEFAULT;
  return { size, offset: (page - 1) * size };
}

/**
 * POST /api/ocr/list/{page}: my cards, newest first, a page at a time; with a keyword, only the
 * cards holding it in one of their row values (ignoring case and width).
 */
export async function listCloudCards(
  s: Services,
  caller: Caller,
  page: number,
  body: CloudListBody,
): Promise<CloudCardList> {
  const { size, offset } = pageOf(page, body.page_size);
  const keyword = normalizeSearch(body.keyword?.trim() ?? '');
  const args: unknown[] = [caller.userId, size, offset];
  if (keyword !== '') args.push(keyword);
  const rows = await s.db.query<CardRow>(
    `${CARD_SELECT}
     where c.user_id = $1 and c.deleted_at is null ${keyword !== '' ? 'and strpos(c.search_text, $4) > 0' : ''}
     order by c.created_at desc, c.id desc limit $2 offset $3`,
    args,
  );
  return { list: rows.map(cardOf), page_size: size };
}

/** POST /api/ocr/group/card_list/{page}/{group_id}: the cards of one of my groups ('0': not grouped), newest first. */
export async function cloudGroupCards(
  s: Services,
  caller: Caller,
  params: GroupCardsParams,
  body: GroupCardsBody,
): Promise<CloudCardList> {
  const { size, offset } = pageOf(params.page, body.page_size);
  let groupId: number | null = null;
  if (params.group_id !== '0') {
    const [group] = await s.db.query<{ id: number }>(
      'select id from cloud_groups where user_id = $1 and uid = $2 and deleted_at is null',
      [caller.userId, params.group_id],
    );
    if (!group) throw cloudGroupNotFound();
    groupId = group.id;
  }
  const rows = await s.db.query<CardRow>(
    `${CARD_SELECT}
     where c.user_id = $1 and c.deleted_at is null and ${groupId === null ? 'c.group_id is null' : 'c.group_id = $4'}
     order by c.created_at desc, c.id desc limit $2 offset $3`,
    groupId === null ? [caller.userId, size, offset] : [caller.userId, size, offset, groupId],
  );
  return { list: rows.map(cardOf), page_size: size };
}

/** Sync pull: my cloud cards changed after the cursor, deletes included. */
export async function cloudCardRows(q: Queryable, caller: Caller, cursor: number, limit: number): Promise<SyncRow[]> {
  const rows = await q.query<CardRow>(
    `${CARD_SELECT} where c.user_id = $1 and c.version > $2 order by c.version limit $3`,
    [caller.userId, cursor, limit],
  );
  return rows.map(
    (row): SyncRow => ({
      table: 'cloudCard',
      key: row.uid,
      version: row.version,
      deleted: row.deleted,
      value: row.deleted ? null : cardOf(row),
    }),
  );
}

// Groups -----------------------------------------------------------------------------------

type GroupRow = {
  id: number;
  uid: string;
  name: string;
  sort: number;
  version: number;
  deleted: boolean;
  clocks: Record<string, Hlc>;
};

const GROUP_COLUMNS = 'id, uid, name, sort, version, deleted_at is not null as deleted, clocks';

const groupOf = (row: GroupRow): CloudGroup => ({ id: row.uid, name: row.name, sort: row.sort });

async function groupRowByUid(q: Queryable, userId: number, uid: string, lock = false): Promise<GroupRow | null> {
  const [row] = await q.query<GroupRow>(
    `select ${GROUP_COLUMNS} from cloud_groups where user_id = $1 and uid = $2${lock ? ' for update' : ''}`,
    [userId, uid],
  );
  return row ?? null;
}

async function readGroups(q: Queryable, userId: number): Promise<CloudGroupList> {
  const rows = await q.query<GroupRow & { card_num: number }>(
    `select ${GROUP_COLUMNS},
       (select count(*)::int from cloud_cards c where c.group_id = g.id and c.deleted_at is null) as card_num
     from cloud_groups g where g.user_id = $1 and g.deleted_at is null order by g.sort, g.id`,
    [userId],
  );
  return { list: rows.map((row) => ({ ...groupOf(row), card_num: row.card_num })) };
}

/** GET /api/ocr/group/list: my groups in their order, each with how many cards it holds. */
export function listCloudGroups(s: Services, caller: Caller): Promise<CloudGroupList> {
  return readGroups(s.db, caller.userId);
}

/** POST /api/ocr/group/add and addCloudGroup: a new group after the others (an id already mine answers that group). */
export async function addCloudGroup(s: Services, caller: Caller, body: AddCloudGroupBody): Promise<CloudGroup> {
  const uid = body.id ?? newUid();
  const { group, created } = await s.db.tx(async (q) => {
    await lockUser(q, caller.userId);
    const existing = await groupRowByUid(q, caller.userId, uid);
    if (existing) return { group: groupOf(existing), created: false };
    const [count] = await q.query<{ n: number; next: number }>(
      `select count(*)::int as n, coalesce(max(sort), 0)::int + 1 as next from cloud_groups
       where user_id = $1 and deleted_at is null`,
      [caller.userId],
    );
    if ((count?.n ?? 0) >= CLOUD_GROUPS_MAX) throw new ApiError(400, 'cloudGroupsTooMany', { max: CLOUD_GROUPS_MAX });
    const [row] = await q.query<GroupRow>(
      `insert into cloud_groups (user_id, uid, name, sort, clocks) values ($1, $2, $3, $4, $5::jsonb)
       returning ${GROUP_COLUMNS}`,
      [caller.userId, uid, body.name, count?.next ?? 1, JSON.stringify({ name: stampOf(caller) })],
    );
    if (!row) throw new Error('cloud group insert returned no row');
    return { group: groupOf(row), created: true };
  });
  if (created) await pokeOwnDevices(s, caller);
  return group;
}

/** POST /api/ocr/group/edit and editCloudGroup: renames one of my groups (a later-made rename keeps its name). */
export async function editCloudGroup(s: Services, caller: Caller, body: EditCloudGroupBody): Promise<CloudGroup> {
  const stamp = stampOf(caller);
  const group = await s.db.tx(async (q) => {
    await lockUser(q, caller.userId);
    const row = await groupRowByUid(q, caller.userId, body.id, true);
    if (!row || row.deleted) throw cloudGroupNotFound();
    const newer = isNewer(stamp, row.clocks.name);
    if (!newer) superseded(caller, ['cloudGroup.name']);
    const [updated] = await q.query<GroupRow>(
      newer
        ? `update cloud_groups set name = $2, clocks = clocks || jsonb_build_object('name', $3::text)
           where id = $1 returning ${GROUP_COLUMNS}`
        : `update cloud_groups set updated_at = now() where id = $1 returning ${GROUP_COLUMNS}`,
      newer ? [row.id, body.name, stamp] : [row.id],
    );
    if (!updated) throw new Error('cloud group vanished');
    return groupOf(updated);
  });
  await pokeOwnDevices(s, caller);
  return group;
}

/**
 * GET /api/ocr/group/del/{id} and delCloudGroup: deletes one of my groups (again is fine); its
 * cards become not grouped, each with a new version so every device pulls them.
 */
export async function delCloudGroup(s: Services, caller: Caller, params: CloudIdParams): Promise<null> {
  const changed = await s.db.tx(async (q) => {
    await lockUser(q, caller.userId);
    const row = await groupRowByUid(q, caller.userId, params.id, true);
    if (!row) throw cloudGroupNotFound();
    if (row.deleted) return false;
    await q.query('update cloud_groups set deleted_at = now() where id = $1', [row.id]);
    await q.query('update cloud_cards set group_id = null where group_id = $1 and deleted_at is null', [row.id]);
    return true;
  });
  if (changed) await pokeOwnDevices(s, caller);
  return null;
}

/**
 * POST /api/ocr/group/sorting and sortCloudGroups: my groups in the order of `ids`, then the ones
 * not named in the order they had. An id that is not one of my groups refuses it all; one of
 * mine deleted meanwhile is passed over.
 */
export async function sortCloudGroups(s: Services, caller: Caller, body: SortCloudGroupsBody): Promise<CloudGroupList> {
  if (new Set(body.ids).size !== body.ids.length) throw invalidField('ids');
  const list = await s.db.tx(async (q) => {
    await lockUser(q, caller.userId);
    const named = await q.query<{ uid: string }>('select uid from cloud_groups where user_id = $1 and uid = any($2)', [
      caller.userId,
      body.ids,
    ]);
    if (named.length !== body.ids.length) throw cloudGroupNotFound();
    const live = await q.query<{ id: number; uid: string; sort: number }>(
      'select id, uid, sort from cloud_groups where user_id = $1 and deleted_at is null order by sort, id',
      [caller.userId],
    );
    const byUid = new Map(live.map((g) => [g.uid, g]));
    const listed = body.ids.flatMap((uid) => {
      const g = byUid.get(uid);
      return g ? [g] : [];
    });
    const rest = live.filter((g) => !body.ids.includes(g.uid));
    const changes = [...listed, ...rest]
      .map((g, i) => ({ id: g.id, sort: i + 1, was: g.sort }))
      .filter((g) => g.sort !== g.was)
      .map(({ id, sort }) => ({ id, sort }));
    if (changes.length > 0) {
      await q.query(
        `update cloud_groups g set sort = x.sort
         from jsonb_to_recordset($2::jsonb) as x(id bigint, sort integer)
         where g.id = x.id and g.user_id = $1`,
        [caller.userId, JSON.stringify(changes)],
      );
    }
    return readGroups(q, caller.userId);
  });
  await pokeOwnDevices(s, caller);
  return list;
}

/** Sync pull: my cloud groups changed after the cursor, deletes included. */
export async function cloudGroupRows(q: Queryable, caller: Caller, cursor: number, limit: number): Promise<SyncRow[]> {
  const rows = await q.query<GroupRow>(
    `select ${GROUP_COLUMNS} from cloud_groups where user_id = $1 and version > $2 order by version limit $3`,
    [caller.userId, cursor, limit],
  );
  return rows.map(
    (row): SyncRow => ({
      table: 'cloudGroup',
      key: row.uid,
      version: row.version,
      deleted: row.deleted,
      value: row.deleted ? null : groupOf(row),
    }),
  );
}

// Photos -----------------------------------------------------------------------------------

/**
 * POST multipart /api/ocr/upload: stores one photo of a paper card, upright, bounded to
 * CARD_PHOTO_MAX_SIDE, never cropped, as WebP; a replayed upload_id answers the photo stored
 * the first time (uploads.ts).
 */
export function uploadCloudPhoto(
  s: Services,
  caller: Caller,
  upload: Buffer,
  fields: CloudUploadFields,
): Promise<CardPhoto> {
  return storeUpload(s, caller, { purpose: 'cloud', uploadId: fields.upload_id, side: fields.side }, () =>
    encodePhoto(upload, 'none'),
  );
}

// Matching public cards --------------------------------------------------------------------

/** A phone's digits when there are enough of them to tell one number from another, else null. */
function phoneDigits(tel: string): string | null {
  const digits = tel.replace(/\D/g, '');
  return digits.length >= 8 ? digits : null;
}

/**
 * Public cards (is_open) other than the caller's that hold one of the emails (any case) or phones
 * (the same last eight or more digits: "+852 9123 4567" matches "91234567"), with `$4` their
 * digits and `$3` the last eight of each, which the index on card_extensions looks up.
 */
const PUBLIC_MATCH_SQL = `
  select c.id, coalesce(k.share_key, '') as share_str, c.name, c.english_name, u.avatar,
    coalesce((select e.content from card_extensions e
      where e.card_id = c.id and e.kind = 'company' and e.deleted_at is null order by e.position limit 1), '') as company
  from cards c
  join users u on u.id = c.user_id and u.deleted_at is null
  left join lateral (
    select share_key from card_share_keys where card_id = c.id and revoked_at is null limit 1
  ) k on true
  where c.is_open and c.deleted_at is null and c.user_id <> $1
    and c.id in (
      select e.card_id from card_extensions e
      where e.kind = 'email' and e.deleted_at is null and lower(e.content) = any($2::text[])
      union
      select e.card_id from card_extensions e
      where e.kind = 'tel' and e.deleted_at is null
        and right(regexp_replace(e.content, '[^0-9]', '', 'g'), 8) = any($3::text[])
        and exists (
          select 1 from unnest($4::text[]) as q(d), lateral (select regexp_replace(e.content, '[^0-9]', '', 'g') as d) x
          where length(x.d) >= 8 and (right(x.d, length(q.d)) = q.d or right(q.d, length(x.d)) = x.d)
        )
    )
  order by c.id desc
  limit $5`;

/**
 * POST /api/ocr/public_match: the public cards holding one of the emails or phones read off a
 * paper card, with their public fields only. Private cards are never matched, and an address or
 * number that belongs to an account but to no public card matches nothing, so the answer tells
 * nothing about accounts. Rate-limited per user (a sweep of guesses is refused).
 */
export async function publicMatch(s: Services, caller: Caller, body: PublicMatchBody): Promise<PublicMatch> {
  await s.limits.publicMatch(caller.userId);
  const emails = [...new Set(body.email.map((e) => e.trim().toLowerCase()).filter((e) => e !== ''))];
  const phones = [...new Set(body.tel.flatMap((t) => phoneDigits(t) ?? []))];
  if (emails.length === 0 && phones.length === 0) return { list: [] };
  const rows = await s.db.query<PublicMatch['list'][number]>(PUBLIC_MATCH_SQL, [
    caller.userId,
    emails,
    phones.map((d) => d.slice(-8)),
    phones,
    PUBLIC_MATCH_MAX,
  ]);
  return {
    list: rows.map((row) => ({
      share_str: row.share_str,
      name: row.name,
      english_name: row.english_name,
      avatar: row.avatar,
      company: row.company,
    })),
  };
}
