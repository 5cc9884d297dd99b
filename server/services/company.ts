import sharp from 'sharp';
import {
  type BreatvUrlBody,
  COMPANY_IMAGE_MAX_WIDTH,
  type CompanyContent,
  type CompanyItem,
  type CompanyPdf,
  type SaveCompanyBody,
  type SyncRow,
} from '../../src/api';
import { isNewer } from '../../src/lib/hlc';
import { isM3u8Url } from '../../src/lib/video-url';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/errors';
import type { Upload } from '../http/uploads';
import { stampOf, superseded } from './clock';
import type { Caller, Services } from './context';
import { pokeOwnDevices } from './pushes';
import { ownedUploads, storeUpload } from './uploads';

/**
 * Company promotional content (SPEC §2 information blocks, §7): one ordered list of blocks per
 * user, shown under their card. A save replaces the whole list in one transaction; files of
 * pdf, img and swipe blocks must have been uploaded by the same user first (company_uploads).
 * Every query is scoped to the caller, or, for reads of another user's content, to a card the
 * caller may see (their own, a public one, one they keep as a friend, or one named by its share key).
 */

type ItemRow = { type: CompanyItem['type']; content: CompanyItem['content'] };

/** The user's blocks in their saved order. Rows were validated by the contract when saved. */
async function readItems(q: Queryable, userId: number): Promise<CompanyItem[]> {
  const rows = await q.query<ItemRow>(
    'select type, content from company_items where user_id = $1 and deleted_at is null order by position',
    [userId],
  );
  return rows.map((row) => ({ type: row.type, content: row.content }) as CompanyItem);
}

export async function getCompany(s: Services, caller: Caller): Promise<CompanyContent> {
  return { items: await readItems(s.db, caller.userId) };
}

type FileRef = { field: string; url: string; kind: 'pdf' | 'img' };

function fileRefs(items: CompanyItem[]): FileRef[] {
  return items.flatMap((item, i): FileRef[] => {
    const at = `items.${i}.content`;
    if (item.type === 'pdf') return [{ field: `${at}.url`, url: item.content.url, kind: 'pdf' }];
    if (item.type === 'img') return [{ field: `${at}.url`, url: item.content.url, kind: 'img' }];
    if (item.type === 'swipe') {
      return item.content.urls.map((url, j) => ({ field: `${at}.urls.${j}`, url, kind: 'img' as const }));
    }
    return [];
  });
}

/**
 * Refuses a block naming a file this user did not upload (another user's, a foreign link, a
 * PDF used as an image), naming the first such field. Answers the stored size of each PDF.
 */
async function checkFiles(q: Queryable, caller: Caller, items: CompanyItem[]): Promise<Map<string, number>> {
  const refs = fileRefs(items);
  if (refs.length === 0) return new Map();
  const owned = await ownedUploads(
    q,
    caller.userId,
    refs.map((r) => r.url),
    ['company_img', 'company_pdf'],
  );
  const byUrl = new Map(owned.map((row) => [row.url, row]));
  const bad = refs.find((ref) => byUrl.get(ref.url)?.purpose !== `company_${ref.kind}`);
  if (bad) throw new ApiError(400, 'companyFileNotYours', { field: bad.field });
  return new Map(owned.map((row) => [row.url, row.size]));
}

/**
 * POST /api/card/save_company: replaces the caller's blocks with `items`, in order, in one
 * transaction (all land or none), and answers the saved list. A PDF block keeps the size the
 * server measured at upload, whatever the client sent.
 */
export async function saveCompany(s: Services, caller: Caller, body: SaveCompanyBody): Promise<CompanyContent> {
  const stamp = stampOf(caller);
  const content = await s.db.tx(async (q) => {
    const sizes = await checkFiles(q, caller, body.items);
    const items = body.items.map((item): CompanyItem => {
      if (item.type !== 'pdf') return item;
      return { type: 'pdf', content: { ...item.content, size: sizes.get(item.content.url) ?? item.content.size } };
    });
    // Bumps the content's version, and holds its row lock: concurrent saves of one user queue
    // here, so the list is always exactly one of them.
    const [head] = await q.query<{ stamp: string | null }>(
      `insert into company_content (user_id) values ($1)
       on conflict (user_id) do update set deleted_at = null
       returning clocks->>'items' as stamp`,
      [caller.userId],
    );
    if (!isNewer(stamp, head?.stamp)) {
      // A later save made elsewhere keeps its list (the version moved, so this device pulls it).
      superseded(caller, ['company']);
      return { items: await readItems(q, caller.userId) };
    }
    await q.query(
      `update company_content set clocks = jsonb_set(clocks, '{items}', to_jsonb($2::text)) where user_id = $1`,
      [caller.userId, stamp],
    );
    const [card] = await q.query<{ id: number }>(
      'select id from cards where user_id = $1 and deleted_at is null order by id limit 1',
      [caller.userId],
    );
    await q.query('delete from company_items where user_id = $1', [caller.userId]);
    await q.query(
      `insert into company_items (user_id, card_id, position, type, content)
       select $1, $2, (e.ord - 1)::int, e.item->>'type', e.item->'content'
       from jsonb_array_elements($3::jsonb) with ordinality as e(item, ord)`,
      [caller.userId, card?.id ?? null, JSON.stringify(items)],
    );
    return { items: await readItems(q, caller.userId) };
  });
  await pokeOwnDevices(s, caller);
  return content;
}

const notFound = () => new ApiError(404, 'companyCardNotFound');

/**
 * GET /api/card/user_company_info/{cardId}: the blocks under that card, for its owner, for
 * anyone when the card is public, and for a user who keeps it as a friend; to anyone else the
 * card does not exist (404, so a private card's existence is not revealed).
 */
export async function userCompanyInfo(s: Services, caller: Caller, cardId: number): Promise<CompanyContent> {
  const [card] = await s.db.query<{ user_id: number }>(
    `select c.user_id from cards c join users u on u.id = c.user_id and u.deleted_at is null
     where c.id = $1 and c.deleted_at is null
       and (c.user_id = $2 or c.is_open or exists (
         select 1 from friends f where f.user_id = $2 and f.card_id = c.id and f.deleted_at is null))`,
    [cardId, caller.userId],
  );
  if (!card) throw notFound();
  return { items: await readItems(s.db, card.user_id) };
}

/** GET /api/card/companyInfo/{shareStr}: the blocks under the card of a live share key, for anyone. */
export async function companyInfoByShareKey(s: Services, shareKey: string): Promise<CompanyContent> {
  const [card] = await s.db.query<{ user_id: number }>(
    `select c.user_id from card_share_keys k
     join cards c on c.id = k.card_id and c.deleted_at is null
     join users u on u.id = c.user_id and u.deleted_at is null
     where k.share_key = $1 and k.revoked_at is null`,
    [shareKey],
  );
  if (!card) throw notFound();
  return { items: await readItems(s.db, card.user_id) };
}

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/** A file name fit to show: no folders, no control characters, at most 255 characters. */
function displayName(filename: string): string {
  const base = filename.split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 255) || 'document.pdf';
}

/**
 * POST /api/user/companyPdfUpload: stores a PDF (the size limit was enforced while reading)
 * once its bytes start as a PDF does, and records it as the caller's.
 */
export async function uploadCompanyPdf(
  s: Services,
  caller: Caller,
  upload: Upload,
  uploadId: string | null = null,
): Promise<CompanyPdf> {
  if (!upload.data.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw new ApiError(400, 'companyNotPdf');
  const name = displayName(upload.filename);
  const { url } = await storeUpload(s, caller, { purpose: 'company_pdf', uploadId }, async () => ({
    data: upload.data,
    ext: 'pdf',
    name,
  }));
  return { url, name, size: upload.data.length };
}

/**
 * POST /api/user/companyUpload: decodes the image (anything sharp cannot decode is refused),
 * turns it upright, strips its metadata, narrows it to COMPANY_IMAGE_MAX_WIDTH and re-encodes
 * it as WebP before it is stored and recorded as the caller's.
 */
export async function uploadCompanyImage(
  s: Services,
  caller: Caller,
  data: Buffer,
  uploadId: string | null = null,
): Promise<{ url: string }> {
  const { url } = await storeUpload(s, caller, { purpose: 'company_img', uploadId }, async () => {
    try {
      const { data: image, info } = await sharp(data, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize({ width: COMPANY_IMAGE_MAX_WIDTH, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      return { data: image, ext: 'webp', width: info.width, height: info.height };
    } catch {
      throw new ApiError(400, 'notImage');
    }
  });
  return { url };
}

/**
 * POST /api/breatvUrl: the stream to play for a video link, when it is an http(s) M3U8 (HLS)
 * link; anything else is 'The link is wrong'. The link is not fetched: the player loads it.
 */
export function breatvUrl(body: BreatvUrlBody): { url: string } {
  const url = body.url.trim();
  if (!isM3u8Url(url)) throw new ApiError(400, 'companyLinkWrong');
  return { url };
}

/** Sync pull: the caller's content as one row, whenever a save changed it after `cursor`. */
export async function companyRows(q: Queryable, caller: Caller, cursor: number): Promise<SyncRow[]> {
  const [head] = await q.query<{ version: number }>(
    'select version from company_content where user_id = $1 and version > $2',
    [caller.userId, cursor],
  );
  if (!head) return [];
  const items = await readItems(q, caller.userId);
  return [{ table: 'company', key: 'me', version: head.version, deleted: false, value: { items } }];
}
