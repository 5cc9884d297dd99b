import { useLiveQuery } from 'dexie-react-hooks';
import type { ExchangeRoom } from '../../api/exchange';
import { db } from '../db';
import { readExchangeRoom } from '../push-store';

/** The exchange screens' reads: the room kept on this device and the live push connection (the `meta` table). */

/** The exchange room as last answered or pushed: undefined while loading, null when none is kept. */
export function useExchangeRoom(): ExchangeRoom | null | undefined {
  return useLiveQuery(() => readExchangeRoom(db), []);
}

/** Whether the live push connection is up (the room's count moves by itself): undefined while loading. */
export function useLiveConnected(): boolean | undefined {
  return useLiveQuery(async () => {
    const row = await db.meta.get('liveState');
    return row?.key === 'liveState' ? row.value.connected : false;
  }, []);
}
