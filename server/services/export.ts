import { EXPORT_FORMAT, type ExportFile, type SyncRow } from '../../src/api';
import { vcardOf as cloudVCards } from '../../src/lib/cloud-export';
import { emptyExtension } from './cards';
import type { Caller, Services } from './context';
import { allRows } from './sync';
import { buildVCard } from './vcard';
import { vcardPhoto } from './vcard-photo';

type RowOf<T extends SyncRow['table']> = Extract<SyncRow, { table: T }>;
function valuesOf<T extends SyncRow['table']>(rows: SyncRow[], table: T): NonNullable<RowOf<T>['value']>[] {
  const values: NonNullable<RowOf<T>['value']>[] = [];
  for (const row of rows) {
    if (row.table === table && row.value) values.push(row.value as NonNullable<RowOf<T>['value']>);
  }
  return values;
}

/** At most this many photos are read and re-encoded at once. */
const PHOTO_CONCURRENCY = 4;

/** `fn` over `items` with at most `limit` at work at once, answers in the same order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Everything the account holds (src/api/export.ts): the rows a full sync pull brings, by table,
 * and vCards of my card, my friends' cards and my cloud cards, each with its picture embedded
 * (vcard-photo.ts: a JPEG of at most 400 px, as the card's own contact file has), by the one
 * vCard writer (src/lib/card-vcard.ts).
 */
export async function exportMyData(s: Services, caller: Caller): Promise<ExportFile> {
  const rows = await allRows(s, caller);
  const tables: Record<string, SyncRow[]> = {};
  for (const row of rows) {
    const list = tables[row.table] ?? [];
    list.push(row);
    tables[row.table] = list;
  }
  const photo = (url: string) => vcardPhoto(s.blobs, url);

  const [card] = valuesOf(rows, 'card');
  const [profile] = valuesOf(rows, 'profile');
  const myCard = card
    ? buildVCard({
        uid: `urn:cardbook:card:${card.card_id}`,
        name: card.name,
        english_name: card.english_name,
        profile: card.profile,
        photo: await photo(profile?.avatar || card.photo),
        extension: card.extension,
      })
    : '';
  const friends = (
    await mapLimited(valuesOf(rows, 'friend'), PHOTO_CONCURRENCY, async ({ friend_card_info: info }) =>
      buildVCard({
        uid: `urn:cardbook:card:${info.card_id}`,
        name: info.name,
        english_name: info.english_name ?? '',
        profile: info.profile,
        photo: await photo(info.avatar || info.photo),
        extension: info.extension ?? emptyExtension(),
      }),
    )
  ).join('');
  const cloudCards = valuesOf(rows, 'cloudCard');
  const cloudPhotos = new Map(
    await mapLimited(cloudCards, PHOTO_CONCURRENCY, async (c) => [c.id, await photo(c.photo)] as const),
  );
  return {
    format: EXPORT_FORMAT,
    version: 1,
    exported_at: new Date().toISOString(),
    user_id: caller.userId,
    tables,
    vcards: { my_card: myCard, friends, cloud_cards: cloudVCards(cloudCards, caller.origin, cloudPhotos) },
  };
}
