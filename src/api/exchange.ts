import { z } from 'zod/mini';
import { endpoint } from './endpoint';
import { envelopeSchema } from './envelope';
import { textField } from './fields';
import { plainQuerySchema } from './meta';

/**
 * Group card exchange (SPEC §1, §3 "Exchange", §4 "Group push" and "Exchange", §6 roles). SPEC
 * §7 names no calls, so these are ours:
 *
 * - POST /api/exchange/create {name?, password?}   the host's open room (a new one, or the one
 *                                                   already open: one open room per host)
 * - POST /api/exchange/join {room_code, password?}  joins (a card is needed); the room
 * - GET  /api/exchange/{room_code}                  the room, for its host and members only
 * - POST /api/exchange/preview {room_code}          what a joiner sees before joining: the
 *                                                   event, its host, whether a password is asked
 *                                                   (the code is the capability; limited like joins)
 * - POST /api/exchange/leave {room_code}            a joiner leaves (still exchanged at the start)
 * - POST /api/exchange/start {room_code}            the host confirms: every member who joined
 *                                                   gets every other's card, in a new group
 * - POST /api/exchange/dismiss {room_code}          the host ends the room without exchanging
 *
 * Live: `{prefix}/group_add/{room_id}` carries `group_member_num` on every join and leave
 * (msg_type_sub 1), and `is_dismiss: 1` at the end with msg_type_sub 2 (exchanged) or 3
 * (dismissed). The new friends arrive by the ordinary sync pull.
 */

/** Room codes: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L): 31^8 ≈ 8.5e11. */
export const ROOM_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ROOM_CODE_LENGTH = 8;
export const EXCHANGE_NAME_MAX = 60;
export const EXCHANGE_PASSWORD_MAX = 32;
/** The faces a room answers (the newest members); the count is always the whole room's. */
export const EXCHANGE_FACES_MAX = 24;

/** A typed or scanned code as the server knows it: upper case, spaces and dashes dropped. */
export function normaliseRoomCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** XXXX-XXXX, easier to read aloud and to type. */
export function formatRoomCode(code: string): string {
  return code.length === ROOM_CODE_LENGTH ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

const ROOM_CODE_PATTERN = new RegExp(`^[${ROOM_CODE_ALPHABET}]{${ROOM_CODE_LENGTH}}$`);

export function isRoomCode(code: string): boolean {
  return ROOM_CODE_PATTERN.test(code);
}

export const roomCodeField = z.pipe(
  z.pipe(z.string().check(z.maxLength(32)), z.transform(normaliseRoomCode)),
  z.string().check(z.regex(ROOM_CODE_PATTERN)),
);

/** The room a share link or QR code names: `${origin}/ex/{room_code}`. */
export function exchangeLink(origin: string, code: string): string {
  return `${origin}/ex/${code}`;
}

export const createExchangeBodySchema = z.strictObject({
  /** The event's name; the members' new group is named after it ("Exchange" and the date when empty). */
  name: z.optional(
    z.pipe(
      textField(EXCHANGE_NAME_MAX),
      z.transform((s) => s.trim()),
    ),
  ),
  /** A joiner password said aloud at the event; empty or absent: none. */
  password: z.optional(textField(EXCHANGE_PASSWORD_MAX)),
});
export type CreateExchangeBody = z.infer<typeof createExchangeBodySchema>;

export const joinExchangeBodySchema = z.strictObject({
  room_code: roomCodeField,
  password: z.optional(textField(EXCHANGE_PASSWORD_MAX)),
});
export type JoinExchangeBody = z.infer<typeof joinExchangeBodySchema>;

export const roomCodeBodySchema = z.strictObject({ room_code: roomCodeField });
export type RoomCodeBody = z.infer<typeof roomCodeBodySchema>;

export const roomCodeParamsSchema = z.strictObject({ roomCode: roomCodeField });
export type RoomCodeParams = z.infer<typeof roomCodeParamsSchema>;

export const EXCHANGE_STATUSES = ['open', 'exchanged', 'dismissed', 'expired'] as const;
export type ExchangeStatus = (typeof EXCHANGE_STATUSES)[number];

export const exchangeMemberSchema = z.object({
  user_id: z.int(),
  name: z.string(),
  avatar: z.string(),
  is_host: z.boolean(),
});
export type ExchangeMember = z.infer<typeof exchangeMemberSchema>;

export const exchangeRoomSchema = z.object({
  /** Also the push topic's id (SPEC §3 push message group_id). */
  room_id: z.int(),
  room_code: z.string(),
  name: z.string(),
  /** `${origin}/ex/{room_code}`, for the QR code and the share sheet. */
  link: z.string(),
  role: z.enum(['host', 'joiner']),
  /** The caller left the room (they are still exchanged when the host starts). */
  left: z.boolean(),
  has_password: z.boolean(),
  status: z.enum(EXCHANGE_STATUSES),
  /** Epoch ms after which an open room takes nobody and cannot start. */
  expires_at: z.int(),
  /** Members now in the room, the host included. */
  member_num: z.int(),
  /** The newest members (at most EXCHANGE_FACES_MAX), newest first. */
  members: z.array(exchangeMemberSchema),
  /** The caller's friend group made by the exchange (0 until it happened). */
  my_group_id: z.int(),
});
export type ExchangeRoom = z.infer<typeof exchangeRoomSchema>;
export const exchangeRoomResponseSchema = envelopeSchema(exchangeRoomSchema);

/** POST /api/exchange/preview: the room as the join page shows it to someone holding its code. */
export const exchangePreviewSchema = z.object({
  room_code: z.string(),
  /** The event's name ('' when the host gave none). */
  name: z.string(),
  /** The host's name, as on their card. */
  host_name: z.string(),
  has_password: z.boolean(),
  status: z.enum(EXCHANGE_STATUSES),
});
export type ExchangePreview = z.infer<typeof exchangePreviewSchema>;
export const exchangePreviewResponseSchema = envelopeSchema(exchangePreviewSchema);

/** msg_type of a push on a room's topic, and its sub-types. */
export const EXCHANGE_PUSH_TYPE = 2;
export const ExchangePushSub = { members: 1, exchanged: 2, dismissed: 3 } as const;

/** The exchange's calls (see the list at the top of this file). */
export const exchangeEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/api/exchange/create',
    body: createExchangeBodySchema,
    response: exchangeRoomResponseSchema,
  }),
  join: endpoint({
    method: 'POST',
    path: '/api/exchange/join',
    body: joinExchangeBodySchema,
    response: exchangeRoomResponseSchema,
  }),
  preview: endpoint({
    method: 'POST',
    path: '/api/exchange/preview',
    body: roomCodeBodySchema,
    response: exchangePreviewResponseSchema,
  }),
  leave: endpoint({
    method: 'POST',
    path: '/api/exchange/leave',
    body: roomCodeBodySchema,
    response: exchangeRoomResponseSchema,
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/exchange/start',
    body: roomCodeBodySchema,
    response: exchangeRoomResponseSchema,
  }),
  dismiss: endpoint({
    method: 'POST',
    path: '/api/exchange/dismiss',
    body: roomCodeBodySchema,
    response: exchangeRoomResponseSchema,
  }),
  read: endpoint({
    method: 'GET',
    path: '/api/exchange/:roomCode',
    params: roomCodeParamsSchema,
    query: plainQuerySchema,
    response: exchangeRoomResponseSchema,
  }),
};
