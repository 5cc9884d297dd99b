import {
  type CreateExchangeBody,
  createExchangeBodySchema,
  type ExchangePreview,
  type ExchangeRoom,
  exchangePreviewResponseSchema,
  exchangeRoomResponseSchema,
  joinExchangeBodySchema,
  roomCodeBodySchema,
} from '../api/exchange';
import { db } from '../db';
import { keepExchangeRoom } from '../db/push-store';
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

const options = { schema: exchangeRoomResponseSchema, silent: true } as const;

export const exchangeCalls = {
  create: (body: CreateExchangeBody) =>
    kept(api.post('/api/exchange/create', body, { ...options, bodySchema: createExchangeBodySchema })),
  join: (room_code: string, password?: string) =>
    kept(
      api.post(
        '/api/exchange/join',
        { room_code, ...(password ? { password } : {}) },
        { ...options, bodySchema: joinExchangeBodySchema },
      ),
    ),
  /** What the join page shows before joining (nothing is kept: the caller is not in the room). */
  preview: async (room_code: string): Promise<ExchangePreview> =>
    (
      await api.post(
        '/api/exchange/preview',
        { room_code },
        { schema: exchangePreviewResponseSchema, silent: true, bodySchema: roomCodeBodySchema },
      )
    ).data,
  read: (roomCode: string) => kept(api.get(`/api/exchange/${encodeURIComponent(roomCode)}`, options)),
  act: (what: 'leave' | 'start' | 'dismiss', room_code: string) =>
    kept(api.post(`/api/exchange/${what}`, { room_code }, { ...options, bodySchema: roomCodeBodySchema })),
};
