import { z } from 'zod/mini';
import { endpoint } from './endpoint';
import { envelopeSchema } from './envelope';
import { plainQuerySchema } from './meta';

/**
 * Live push messages (SPEC §3 "Push message": msg_type, msg_type_sub, group_id, accept_id,
 * group_member_num, is_dismiss), sent as JSON over MQTT. Two kinds travel on two topics
 * (SPEC §7): system pushes on `{prefix}/system/{userId}` and group pushes on
 * `{prefix}/group_add/{groupId}`. A push is only a poke or a small fact: the truth arrives by pull.
 */

/** msg_type of a system push. */
export const PUSH_TYPE_SYSTEM = 1;

/** msg_type_sub of a system push (SPEC §4 "System push"). */
export const PushSub = {
  /** 2, 3, 4: a friend added, changed or re-shared a card: refresh the friends list. */
  friendAdded: 2,
  friendChanged: 3,
  friendUpdated: 4,
  /** 5: a friend deleted my card; remove it from the listed groups for accept_id. */
  cardDeleted: 5,
  /** 6: a normal notification. */
  notification: 6,
} as const;

const id = z.int().check(z.nonnegative());

/** A message on `{prefix}/system/{userId}`. */
export const systemPush = z.object({
  msg_type: z.int(),
  msg_type_sub: z.int(),
  /** The friend entry concerned (sub-type 5: whose card was removed). */
  accept_id: z.optional(id),
  /** Sub-type 5: the comma-separated list of my groups the entry is removed from. */
  group_id: z.optional(z.string().check(z.maxLength(2000))),
});
export type SystemPush = z.infer<typeof systemPush>;

/** A message on `{prefix}/group_add/{groupId}` (an exchange room). */
export const groupPush = z.object({
  /** The exchange room (also in the topic). */
  group_id: id,
  /** Current number of members in the room. */
  group_member_num: z.optional(id),
  /** 1 when the exchange ended: the client unsubscribes and resets its kept group to 0. */
  is_dismiss: z.optional(z.union([z.literal(0), z.literal(1)])),
  msg_type: z.optional(z.int()),
  msg_type_sub: z.optional(z.int()),
});
export type GroupPush = z.infer<typeof groupPush>;

/** Any push message as a client receives it (either topic). */
export const pushMessage = z.object({
  msg_type: z.optional(z.int()),
  msg_type_sub: z.optional(z.int()),
  group_id: z.optional(z.union([z.int(), z.string().check(z.maxLength(2000))])),
  accept_id: z.optional(id),
  group_member_num: z.optional(id),
  is_dismiss: z.optional(z.union([z.literal(0), z.literal(1)])),
});
export type PushMessage = z.infer<typeof pushMessage>;

/** Push topics (SPEC §7). */
export const pushTopics = {
  system: (prefix: string, userId: number): string => `${prefix}/system/${userId}`,
  group: (prefix: string, groupId: number): string => `${prefix}/group_add/${groupId}`,
};

/** Websocket paths the broker answers on (SPEC §7): /xc in production, /test/xc in sandbox or local. */
export const PUSH_WS_PATHS = ['/xc', '/test/xc'] as const;

/**
 * GET /api/push/session: how this session connects to the live push broker. `url` is the
 * websocket URL of an external broker, or null for this server's own `/xc` (or `/test/xc`).
 * Connect with `username`, the session token as password and `client_id` as client id (the
 * broker refuses any other, so no one can take over another user's connection).
 */
export const pushSessionSchema = z.object({
  url: z.nullable(z.string()),
  username: z.string(),
  client_id: z.string(),
  prefix: z.string(),
});
export type PushSession = z.infer<typeof pushSessionSchema>;
export const pushSessionResponseSchema = envelopeSchema(pushSessionSchema);

/** The push broker's call (GET /api/push/session above). */
export const pushEndpoints = {
  session: endpoint({
    method: 'GET',
    path: '/api/push/session',
    query: plainQuerySchema,
    response: pushSessionResponseSchema,
  }),
};
