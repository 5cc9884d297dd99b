import { type CreateExchangeBody, type ExchangePreview, type ExchangeRoom, exchangeEndpoints } from '../api/exchange';
import { db } from '../db';
import { keepExchangeRoom } from '../db/push-store';
import { callEndpoint } from '../lib/request';
import { api } from './api';

/**
 * The exchange screens' calls (src/api/exchange.ts). Each answer is kept in IndexedDB (meta
 * 'exchangeRoom', and the room id to follow), where the screen reads it and where the live
 * pushes update its count and its end. Errors are thrown for the screen to show (silent here).
 */
async function kept(room: Promise<{ data: ExchangeRoom }>): Promise<ExchangeRoom> {
  const { data } = await room;
  await keepExchangeRoom(db, data);
  return data;
}

const silent = { silent: true } as const;

export const exchangeCalls = {
  create: (body: CreateExchangeBody) => kept(callEndpoint(api, exchangeEndpoints.create, { body }, silent)),
  join: (room_code: string, password?: string) =>
    kept(callEndpoint(api, exchangeEndpoints.join, { body: { room_code, ...(password ? { password } : {}) } }, silent)),
  /** What the join page shows before joining (nothing is kept: the caller is not in the room). */
  preview: async (room_code: string): Promise<ExchangePreview> =>
    (await callEndpoint(api, exchangeEndpoints.preview, { body: { room_code } }, silent)).data,
  read: (roomCode: string) => kept(callEndpoint(api, exchangeEndpoints.read, { params: { roomCode } }, silent)),
  act: (what: 'leave' | 'start' | 'dismiss', room_code: string) =>
    kept(callEndpoint(api, exchangeEndpoints[what], { body: { room_code } }, silent)),
};
