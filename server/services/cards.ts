import {
  CARD_ENTRY_KINDS,
  CARD_RULES,
  type CardEntryKind,
  type CardExtensionInput,
  type CardPhoto,
  type CardSearchBody,
  type CardSearchResult,
  type CardShare,
  type CardUploadFields,
  type CreateCardBody,
  hasCardName,
  type MyCard,
  type PatchCardBody,
  SEARCH_PAGE_SIZE_DEFAULT,
  type SharedCard,
  type SyncRow,
} from '../../src/api';
import { copyOfCard } from '../../src/lib/card-copy';
import {
  applyCardPatch,
  CARD_FIELDS,
  CARD_LISTS,
  cardBodyOf,
  EMPTY_CARD,
  type FieldClocks,
} from '../../src/lib/card-merge';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/errors';
import { randomKey } from '../security/secrets';
import type { CachedCard } from './card-cache';
import type { CardCopies } from './card-copies';
import { type EntryRow, emptyExtension, extensionOf } from './card-entries';
import { stampOf, superseded } from './clock';
import type { Caller, Services } from './context';

export { emptyExtension };

import { onCardSaved, pushCardChanged } from './friends';
import { pokeOwnDevices } from './pushes';
import { encodePhoto, notOwnedUpload, storeUpload } from './uploads';
import { buildVCard } from './vcard';
import { vcardPhoto } from './vcard-photo';

/**
 * My card (SPEC §3 card info, §7 card calls): one live card per user with its extension lists,
 * its photos and its share key; shared cards as others see them; vCards; public search.
 *
 * Every write is scoped to the caller (a user can only ever save their own card: there is no
 * card id in the request), and a card names only photos its owner uploaded. A save replaces
 * the card and all of its entries in one transaction, which also bumps the card's version, so
 * sync sends it again. Reads of a card are one SQL round trip with its entries as a JSON aggregate.
 */

const cardNotFound = () => new ApiError(404, 'cardNotFound');

// Reading ----------------------------------------------------------------------------------

/** The ready-to-open share links of a card whose public link is `{origin}/s/{shareStr}`. */
export function shareLinks(origin: string, shareStr: string, name: string, qrFragment = ''): CardShare {
  const link = `${origin}/s/${shareStr}`;
  const url = encodeURIComponent(link);
  const title = name ? `&text=${encodeURIComponent(name)}` : '';
  return {
    link,
    qr: qrFragment ? `${link}#${qrFragment}` : link,
    contact: `${origin}/api/share/vcf/${shareStr}/1`,
    fb: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    line: `https://social-plugins.line.me/lineit/share?url=${url}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    telegram: `https://t.me/share/url?url=${url}${title}`,
    twitter: `https://twitter.com/intent/tweet?url=${url}${title}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(name ? `${name} ${link}` : link)}`,
  };
}

type MyCardRow = {
  card_id: number;
  version: number;
  is_open: boolean;
  name: string;
  english_name: string;
  photo: string;
  photo_back: string;
  profile: string;
  share_str: string | null;
  group_update_num: number;
  ext: EntryRow[];
};

const MY_CARD_SQL = `
  select c.id as card_id, c.version, c.is_open, c.name, c.english_name, c.photo, c.photo_back, c.profile,
    (select k.share_key from card_share_keys k where k.card_id = c.id and k.revoked_at is null limit 1) as share_str,
    (select coalesce(sum(g.update_num), 0)::int from friend_groups g
      where g.user_id = c.user_id and g.deleted_at is null) as group_update_num,
    c.entries as ext
  from cards c where c.user_id = $1 and c.deleted_at is null`;

/**
 * My card; its QR text carries the signed copy of its public face when `copies` is given (the
 * reads that answer it; a write reading the card back to merge into it needs no signature).
 */
async function loadMyCard(
  q: Queryable,
  caller: Caller,
  copies: CardCopies | null,
): Promise<{ card: MyCard; version: number } | null> {
  const [row] = await q.query<MyCardRow>(MY_CARD_SQL, [caller.userId]);
  if (!row) return null;
  const shareStr = row.share_str ?? '';
  const extension = extensionOf(row.ext);
  const copy = copies && shareStr ? copies.fragment(shareStr, copyOfCard({ ...row, extension })) : '';
  const card: MyCard = {
    card_id: row.card_id,
    is_open: row.is_open ? 1 : 0,
    name: row.name,
    english_name: row.english_name,
    photo: row.photo,
    photo_back: row.photo_back,
    profile: row.profile,
    group_update_num: row.group_update_num,
    share_str: shareStr,
    share: shareLinks(caller.origin, shareStr, row.name || row.english_name, copy),
    extension,
  };
  return { card, version: row.version };
}

/** GET /api/card/info: my card, or null when I have none yet. */
export async function getMyCard(s: Services, caller: Caller): Promise<MyCard | null> {
  return (await loadMyCard(s.db, caller, s.cardCopies))?.card ?? null;
}

/** Sync pull: my card as one row (key 'me') whenever it changed after `cursor`. */
export async function cardRows(
  q: Queryable,
  caller: Caller,
  cursor: number,
  _limit: number,
  s: Services,
): Promise<SyncRow[]> {
  // The live card if there is one, else the last one deleted (a tombstone).
  const [head] = await q.query<{ version: number; deleted: boolean }>(
    `select version, deleted_at is not null as deleted from cards where user_id = $1
     order by deleted_at is null desc, version desc limit 1`,
    [caller.userId],
  );
  if (!head || head.version <= cursor) return [];
  const mine = head.deleted ? null : await loadMyCard(q, caller, s.cardCopies);
  if (!mine) return [{ table: 'card', key: 'me', version: head.version, deleted: true, value: null }];
  return [{ table: 'card', key: 'me', version: mine.version, deleted: false, value: mine.card }];
}

type SharedRow = {
  card_id: number;
  user_id: number;
  name: string;
  english_name: string;
  photo: string;
  photo_back: string;
  profile: string;
  avatar: string;
  share_str: string;
  accept_id: number;
  ext: EntryRow[];
};

const SHARED_COLUMNS = `c.id as card_id, c.user_id, c.name, c.english_name, c.photo, c.photo_back, c.profile,
  u.avatar, c.entries as ext`;

/** A live share key's card, as a visitor sees it (no friend entry). */
const SHARED_BY_KEY_SQL = `
  select ${SHARED_COLUMNS}, k.share_key as share_str, 0 as accept_id
  from card_share_keys k
  join cards c on c.id = k.card_id and c.deleted_at is null
  join users u on u.id = c.user_id and u.deleted_at is null
  where k.share_key = $1 and k.revoked_at is null`;

/** A card by id, only when it is the viewer's ($2) own or one they keep as a friend. */
const SHARED_BY_ID_SQL = `
  select ${SHARED_COLUMNS}, coalesce(k.share_key, '') as share_str, coalesce(f.id, 0) as accept_id
  from cards c
  join users u on u.id = c.user_id and u.deleted_at is null
  left join card_share_keys k on k.card_id = c.id and k.revoked_at is null
  left join friends f on f.user_id = $2 and f.card_id = c.id and f.deleted_at is null
  where c.id = $1 and c.deleted_at is null and (c.user_id = $2 or f.id is not null)`;

function sharedCardOf(row: SharedRow): SharedCard {
  return {
    photo: row.photo,
    photo_back: row.photo_back,
    avatar: row.avatar,
    user_id: row.user_id,
    card_id: row.card_id,
    accept_id: row.accept_id,
    share_str: row.share_str,
    is_friend: row.accept_id > 0 ? 1 : 0,
    profile: row.profile,
    extension: { name: row.name, english_name: row.english_name, ...extensionOf(row.ext) },
  };
}

async function sharedRowByKey(s: Services, shareKey: string): Promise<SharedRow> {
  const [row] = await s.db.query<SharedRow>(SHARED_BY_KEY_SQL, [shareKey]);
  if (!row) throw cardNotFound();
  return row;
}

/**
 * A live share key's card as a visitor sees it: answered from memory while fresh
 * (SharedCardCache), else read in one round trip and kept.
 */
async function visitorCard(s: Services, shareKey: string): Promise<CachedCard> {
  const cached = s.sharedCards.get(shareKey);
  if (cached !== undefined) return cached;
  const card = sharedCardOf(await sharedRowByKey(s, shareKey));
  const fresh = { card, json: JSON.stringify(card) };
  s.sharedCards.set(shareKey, fresh);
  return fresh;
}

/** GET /api/card/cardInfo/{share_key} for a visitor, serialised (the `data` of the envelope). */
export async function visitorSharedCardJson(s: Services, shareKey: string): Promise<string> {
  return (await visitorCard(s, shareKey)).json;
}

/**
 * The same for a signed-in viewer, with their friend entry for the card: the card as a visitor
 * sees it (kept in memory for every viewer alike) and the entry read fresh, so adding or
 * removing the friend shows at once.
 */
export async function viewerSharedCardJson(s: Services, shareKey: string, viewer: Caller): Promise<string> {
  const { card, json } = await visitorCard(s, shareKey);
  if (card.user_id === viewer.userId) return json;
  const acceptId = await s.friendEntries.load({ userId: viewer.userId, cardId: card.card_id });
  if (acceptId === 0) return json;
  return JSON.stringify({ ...card, accept_id: acceptId, is_friend: 1 } satisfies SharedCard);
}

// vCards -----------------------------------------------------------------------------------

export type VCardFile = { text: string; name: string };

async function vcardOf(s: Services, row: SharedRow): Promise<VCardFile> {
  const text = buildVCard({
    uid: `urn:cardbook:card:${row.card_id}`,
    name: row.name,
    english_name: row.english_name,
    profile: row.profile,
    photo: await vcardPhoto(s.blobs, row.avatar || row.photo),
    extension: extensionOf(row.ext),
  });
  return { text, name: row.name || row.english_name };
}

/** GET /api/share/vcf/{key}/1 and /api/card/user_card_info/{key}/1: the vCard of a live share key's card. */
export async function vcardByShareKey(s: Services, shareKey: string): Promise<VCardFile> {
  return vcardOf(s, await sharedRowByKey(s, shareKey));
}

/** GET /api/card/export_vcf/{id}: the vCard of my card or of a card I keep as a friend; else 404. */
export async function vcardOfCard(s: Services, caller: Caller, cardId: number): Promise<VCardFile> {
  const [row] = await s.db.query<SharedRow>(SHARED_BY_ID_SQL, [cardId, caller.userId]);
  if (!row) throw cardNotFound();
  return vcardOf(s, row);
}

// Saving -----------------------------------------------------------------------------------

/** NFKC (full-width Latin becomes plain) and lower case: how search text and keywords compare. */
export function normalizeSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** The searchable fields of a card, one per line (cards.search_text). */
export function searchTextOf(body: Pick<CreateCardBody, 'name' | 'english_name' | 'extension'>): string {
  const { company, industry } = body.extension;
  return [
    body.name,
    body.english_name,
    ...company.flatMap((c) => [c.name, c.position]),
    ...industry.map((e) => e.content),
  ]
    .filter((s) => s !== '')
    .map(normalizeSearch)
    .join('\n');
}

/**
 * The index pieces a keyword needs, as card_search_grams (0003_cards.sql) makes them for a card:
 * its non-ASCII characters when it is one character, its pairs holding a non-ASCII character,
 * and its runs of three ASCII characters. None for one or two ASCII characters (searched
 * without the index). Every piece is part of the keyword, so a card holding the keyword holds them.
 */
export function keywordGrams(keyword: string): string[] {
  const chars = Array.from(keyword);
  const wide = (c: string | undefined) => (c?.codePointAt(0) ?? 0) > 127;
  if (chars.length === 1) return wide(chars[0]) ? chars : [];
  const grams = new Set<string>();
  chars.forEach((c, i) => {
    const next = chars[i + 1];
    const third = chars[i + 2];
    if (next !== undefined && (wide(c) || wide(next))) grams.add(`${c}${next}`);
    if (next !== undefined && third !== undefined && !wide(c) && !wide(next) && !wide(third)) {
      grams.add(`${c}${next}${third}`);
    }
  });
  return [...grams];
}

type EntryInsert = {
  kind: 'company' | CardEntryKind;
  position: number;
  label: string;
  content: string;
  detail: { department?: string; position?: string };
};

/** The entries to store, each list in its order; blank entries are dropped. */
function entryInserts(extension: CardExtensionInput): EntryInsert[] {
  const rows: EntryInsert[] = extension.company
    .filter((c) => c.name !== '' || c.department !== '' || c.position !== '')
    .map((c, position) => ({
      kind: 'company',
      position,
      label: c.key,
      content: c.name,
      detail: { department: c.department, position: c.position },
    }));
  for (const kind of CARD_ENTRY_KINDS) {
    extension[kind]
      .filter((e) => e.content !== '')
      .forEach((e, position) => {
        rows.push({ kind, position, label: e.key, content: e.content, detail: {} });
      });
  }
  return rows;
}

/** Refuses a photo this user did not upload through /api/card/upload, naming its field. */
async function checkPhotos(
  q: Queryable,
  caller: Caller,
  body: CreateCardBody,
  fields: readonly ('photo' | 'photo_back')[] = ['photo', 'photo_back'],
): Promise<void> {
  const named = fields.filter((field) => body[field] !== '').map((field) => ({ field, url: body[field] }));
  const bad = await notOwnedUpload(q, caller.userId, named, ['card']);
  if (bad) throw new ApiError(400, 'cardPhotoNotYours', { field: bad });
}

/**
 * POST /api/card/create and the sync mutation saveCard: creates my card or replaces it whole
 * (every field, every extension list), in one transaction, and answers it as GET /api/card/info
 * would. A whole-card save is an edit of every field, stamped when it was made.
 */
export async function saveCard(s: Services, caller: Caller, body: CreateCardBody): Promise<MyCard> {
  return writeCard(s, caller, async (q) => {
    await checkPhotos(q, caller, body);
    const { current, clocks } = await lockedCard(q, caller);
    // Every field and list, each as it is now replaced by the body's: a field written by a later
    // edit still keeps it (a direct call counts as made now, so it wins).
    const patch: PatchCardBody = {
      fields: Object.fromEntries(CARD_FIELDS.map((field) => [field, body[field]])),
      lists: Object.fromEntries(
        CARD_LISTS.map((list) => [list, { from: current.extension[list], to: body.extension[list] }]),
      ),
    };
    const outcome = applyCardPatch(current, patch, clocks, stampOf(caller));
    // The lists' rules are the contract's; the name rule holds for the card the patch leaves.
    const named = patch.fields?.name !== undefined || patch.fields?.english_name !== undefined;
    if (named && !hasCardName(outcome.card)) throw new ApiError(400, CARD_RULES.name, { field: 'name' });
    superseded(
      caller,
      outcome.superseded.map((field) => `card.${field}`),
    );
    return { body: outcome.card, clocks: outcome.clocks };
  });
}

/** My card as it is (locked for this transaction) with its field stamps; an empty one before the first save. */
async function lockedCard(q: Queryable, caller: Caller): Promise<{ current: CreateCardBody; clocks: FieldClocks }> {
  const [row] = await q.query<{ clocks: FieldClocks }>(
    'select clocks from cards where user_id = $1 and deleted_at is null for update',
    [caller.userId],
  );
  const mine = row ? await loadMyCard(q, caller, null) : null;
  return { current: mine ? cardBodyOf(mine.card) : EMPTY_CARD, clocks: row?.clocks ?? {} };
}

/**
 * The sync mutation patchCard: only what an edit changed, merged into my card as it is now
 * (src/lib/card-merge.ts): a field a later edit wrote keeps that edit, lists merge entry by entry.
 */
export async function patchCard(s: Services, caller: Caller, patch: PatchCardBody): Promise<MyCard> {
  return writeCard(s, caller, async (q) => {
    const { current, clocks } = await lockedCard(q, caller);
    const outcome = applyCardPatch(current, patch, clocks, stampOf(caller));
    // The lists' rules are the contract's; the name rule holds for the card the patch leaves.
    const named = patch.fields?.name !== undefined || patch.fields?.english_name !== undefined;
    if (named && !hasCardName(outcome.card)) throw new ApiError(400, CARD_RULES.name, { field: 'name' });
    superseded(
      caller,
      outcome.superseded.map((field) => `card.${field}`),
    );
    // Only photos this change puts in are checked: the card's own ones were checked when saved.
    const photos = (['photo', 'photo_back'] as const).filter((field) => patch.fields?.[field] === outcome.card[field]);
    await checkPhotos(q, caller, outcome.card, photos);
    return { body: outcome.card, clocks: outcome.clocks };
  });
}

/**
 * Writes my card in one transaction: `prepare` (run inside it) gives the card to store and its
 * field stamps. The card row is written first: it holds the lock that makes concurrent saves of
 * one user queue, and its update bumps the version sync sends it by.
 */
async function writeCard(
  s: Services,
  caller: Caller,
  prepare: (q: Queryable) => Promise<{ body: CreateCardBody; clocks: FieldClocks }>,
): Promise<MyCard> {
  const { card, holders } = await s.db.tx(async (q) => {
    const { body, clocks } = await prepare(q);
    const entries = entryInserts(body.extension);
    const [row] = await q.query<{ id: number }>(
      `insert into cards (user_id, is_open, name, english_name, photo, photo_back, profile, search_text, clocks)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)
       on conflict (user_id) where deleted_at is null do update set
         is_open = excluded.is_open, name = excluded.name, english_name = excluded.english_name,
         photo = excluded.photo, photo_back = excluded.photo_back, profile = excluded.profile,
         search_text = excluded.search_text, clocks = excluded.clocks
       returning id`,
      [
        caller.userId,
        body.is_open === 1,
        body.name,
        body.english_name,
        body.photo,
        body.photo_back,
        body.profile,
        searchTextOf(body),
        JSON.stringify(clocks),
      ],
    );
    if (!row) throw new Error('card upsert returned no row');
    await q.query('delete from card_extensions where card_id = $1', [row.id]);
    if (entries.length > 0) {
      await q.query(
        `insert into card_extensions (card_id, kind, position, label, content, detail)
         select $1, e.kind, e.position, e.label, e.content, e.detail
         from jsonb_to_recordset($2::jsonb) as e(kind text, position integer, label text, content text, detail jsonb)`,
        [row.id, JSON.stringify(entries)],
      );
    }
    // The first save gives the card its share key; later ones keep it (one live key per card).
    await q.query('insert into card_share_keys (share_key, card_id) values ($1, $2) on conflict do nothing', [
      randomKey(12),
      row.id,
    ]);
    // Friends keeping this card see it changed (their entries, counts and notifications).
    const holders = await onCardSaved(q, row.id);
    const saved = await loadMyCard(q, caller, s.cardCopies);
    if (!saved) throw new Error('saved card vanished');
    return { card: saved.card, holders };
  });
  await s.sharedCards.changed(s.db, [card.share_str]);
  await pushCardChanged(s, holders);
  await pokeOwnDevices(s, caller);
  return card;
}

// Photos -----------------------------------------------------------------------------------

/**
 * POST multipart /api/card/upload: stores one card photo of the caller (cropped to the card's
 * 16:10 unless asked not to) and answers its URL and size; a replayed upload_id answers the
 * photo stored the first time (uploads.ts).
 */
export function uploadCardPhoto(
  s: Services,
  caller: Caller,
  upload: Buffer,
  fields: CardUploadFields,
): Promise<CardPhoto> {
  return storeUpload(s, caller, { purpose: 'card', uploadId: fields.upload_id, side: fields.side }, () =>
    encodePhoto(upload, fields.crop),
  );
}

// Search -----------------------------------------------------------------------------------

type SearchRow = {
  card_id: number;
  share_str: string;
  name: string;
  english_name: string;
  avatar: string;
  photo: string;
  company: string;
  position: string;
  industry: string;
};

/**
 * Public cards whose search text holds the keyword ($1), newest first, a page of $2 from $3.
 * With index pieces ($4), the GIN index on card_search_grams narrows the candidates first.
 * The page is cut from cards alone, then joined: joining every candidate first costs a lookup
 * per match, which is most of the time for a common keyword.
 */
function searchSql(indexed: boolean): string {
  return `
  select c.id as card_id, coalesce(k.share_key, '') as share_str, c.name, c.english_name, u.avatar, c.photo,
    coalesce(co.content, '') as company, coalesce(co.detail->>'position', '') as position,
    coalesce(ind.content, '') as industry
  from (
    select c.id, c.user_id, c.name, c.english_name, c.photo
    from cards c
    where c.is_open and c.deleted_at is null
      ${indexed ? 'and card_search_grams(c.search_text) @> $4::text[]' : ''}
      and strpos(c.search_text, $1) > 0
    order by c.id desc
    limit $2 offset $3
  ) c
  join users u on u.id = c.user_id and u.deleted_at is null
  left join card_share_keys k on k.card_id = c.id and k.revoked_at is null
  left join lateral (
    select e.content, e.detail from card_extensions e
    where e.card_id = c.id and e.kind = 'company' and e.deleted_at is null order by e.position limit 1
  ) co on true
  left join lateral (
    select e.content from card_extensions e
    where e.card_id = c.id and e.kind = 'industry' and e.deleted_at is null order by e.position limit 1
  ) ind on true
  order by c.id desc`;
}

/**
 * POST /api/card/search: public cards (is_open, not deleted) whose name, English name, company,
 * position or industry contains the keyword, ignoring case and width. A card that is not public
 * is never found.
 */
export async function searchCards(s: Services, body: CardSearchBody): Promise<CardSearchResult> {
  const pageSize = body.page_size ?? SEARCH_PAGE_SIZE_DEFAULT;
  const offset = ((body.page ?? 1) - 1) * pageSize;
  const keyword = normalizeSearch(body.keyword);
  const grams = keywordGrams(keyword);
  const params: unknown[] = [keyword, pageSize + 1, offset];
  if (grams.length > 0) params.push(grams);
  const rows = await s.db.query<SearchRow>(searchSql(grams.length > 0), params);
  return { list: rows.slice(0, pageSize), page_size: pageSize, more: rows.length > pageSize };
}
