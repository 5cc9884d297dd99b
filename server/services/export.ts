import { EXPORT_FORMAT, type ExportFile, type SyncRow } from '../../src/api';
import { buildVCard } from '../../src/lib/card-vcard';
import { vcardOf as cloudVCards } from '../../src/lib/cloud-export';
import { emptyExtension } from './cards';
import type { Caller, Services } from './context';
import { allRows } from './sync';

type RowOf<T extends SyncRow['table']> = Extract<SyncRow, { table: T }>;
function valuesOf<T extends SyncRow['table']>(rows: SyncRow[], table: T): NonNullable<RowOf<T>['value']>[] {
  const values: NonNullable<RowOf<T>['value']>[] = [];
  for (const row of rows) {
    if (row.table === table && row.value) values.push(row.value as NonNullable<RowOf<T>['value']>);
  }
  return values;
}

/**
 * Everything the account holds (src/api/export.ts): the rows a full sync pull brings, by table,
 * and vCards of my card, my friends' cards and my cloud cards (without photos: those stay links
 * in the JSON, so a large card holder still makes a file of a reasonable size).
 */
export async function exportMyData(s: Services, caller: Caller): Promise<ExportFile> {
  const rows = await allRows(s, caller);
  const tables: Record<string, SyncRow[]> = {};
  for (const row of rows) {
    const list = tables[row.table] ?? [];
    list.push(row);
    tables[row.table] = list;
  }

  const [card] = valuesOf(rows, 'card');
  const myCard = card
    ? buildVCard({
        uid: `urn:cardbook:card:${card.card_id}`,
        name: card.name,
        english_name: card.english_name,
        profile: card.profile,
        photo: null,
        extension: card.extension,
      })
    : '';
  const friends = valuesOf(rows, 'friend')
    .map((friend) =>
      buildVCard({
        uid: `urn:cardbook:card:${friend.friend_card_info.card_id}`,
        name: friend.friend_card_info.name,
        english_name: friend.friend_card_info.english_name ?? '',
        profile: friend.friend_card_info.profile,
        photo: null,
        extension: friend.friend_card_info.extension ?? emptyExtension(),
      }),
    )
    .join('');
  return {
    format: EXPORT_FORMAT,
    version: 1,
    exported_at: new Date().toISOString(),
    user_id: caller.userId,
    tables,
    vcards: { my_card: myCard, friends, cloud_cards: cloudVCards(valuesOf(rows, 'cloudCard')) },
  };
}
