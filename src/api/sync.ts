import { z } from 'zod/mini';
import { createCardBodySchema, myCardSchema, patchCardBodySchema } from './card';
import {
  addCloudCardMutationSchema,
  addCloudGroupMutationSchema,
  cloudCardSchema,
  cloudGroupSchema,
  cloudIdParamsSchema,
  editCloudCardBodySchema,
  editCloudGroupBodySchema,
  moveCloudCardParamsSchema,
  sortCloudGroupsBodySchema,
} from './cloud';
import { companyContentSchema, SAVE_COMPANY_BODY_MAX_BYTES, saveCompanyBodySchema } from './company';
import { endpoint } from './endpoint';
import { envelopeSchema } from './envelope';
import { feedbackBodySchema } from './feedback';
import {
  acceptIdParamsSchema,
  addFriendMutationSchema,
  addGroupMutationSchema,
  editGroupBodySchema,
  friendGroupParamsSchema,
  friendSchema,
  groupIdParamsSchema,
  moveToGroupParamsSchema,
  notificationSchema,
  readNotificationsBodySchema,
  remarkBodySchema,
  sortGroupsBodySchema,
  syncGroupSchema,
} from './friends';
import { physicalOrderSchema, sendProofBodySchema } from './physical-card';
import { profileSchema, setProfileBodySchema } from './user';

/**
 * The sync protocol between the sync worker and /api/sync/*.
 *
 * Pull: GET /api/sync/pull?cursor=N[&limit=M] answers the rows of the caller's view whose
 * `version` is above N, oldest first, at most M of them, with the cursor to ask for next and
 * whether more are waiting. Each row names its table, its key, its version and either its value
 * or `deleted: true` (a tombstone). Applying a page twice is harmless.
 *
 * Push: POST /api/sync/push carries a client id and mutations in the order they were made.
 * Each mutation {id, name, args} is applied at most once per client: a replayed id answers the
 * result stored the first time. `name` is one of MUTATIONS and `args` are validated by the very
 * schema of the matching REST call, and run through the same service function.
 */
export const SYNC_PROTOCOL_VERSION = 9;
// History:
// 1: pull (profile) and push (setProfile).
// 2: pull (card: my card, key 'me') and push (saveCard).
// 3: pull (group, friend, notification) and push (addFriend, delFriend, delFriendFromGroup, remark,
//    moveToGroup, copyToGroup, addGroup, editGroup, delGroup, sortGroups, cancelGroupUpdate,
//    readNotifications).
// 4: friend_card_info carries `company`; addFriend may carry `cards` (for the optimistic entry),
//    addGroup `temp_id` (the device's id for the group until the server's arrives).
// 5: pull pages of up to 2,500 rows; each mutation carries `hlc`, when it was made (src/lib/hlc.ts): of two edits of one field the
//    later-made wins (remark, group name, profile and card fields, company content); patchCard
//    carries only what an edit of my card changed (saveCard, the whole card, stays for old
//    outboxes); a mutation the server cannot take (unknown name, bad args or hlc, too large) is
//    rejected alone in `results` and the rest of the batch applies; a result may name the
//    fields a newer edit kept (`superseded`).
// 6: pull (cloudCard, cloudGroup) and push (addCloudCard, editCloudCard, delCloudCard, moveCloudCard,
//    addCloudGroup, editCloudGroup, delCloudGroup, sortCloudGroups); cloud ids are made on the device.
// 7: friend_card_info carries the whole card (english_name, photo_back, share_str, extension).
// 8: push (sendFeedback), its images uploaded first (POST /api/feedback/image); pull (physicalOrder).
// 9: a pull page carries `hlc`, the latest stamp of its rows' fields: the device's clock moves past
//    it (the receive rule), so an edit made after seeing a value wins over it whatever the clocks say.
//    editCloudCard may carry `extension_from` (the rows it started from): rows are then merged one by one.
//    Push and pull may name their `owner` (the user id whose database the device syncs): a token of
//    another user is answered 409 and nothing is sent or taken (the device waits for its own session).

export const PULL_PAGE_MAX = 2500;

export const pullQuerySchema = z.strictObject({
  cursor: z.coerce.number().check(z.int(), z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER)),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(PULL_PAGE_MAX))),
  t: z.optional(z.string().check(z.maxLength(32))),
  owner: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER))),
});
export type PullQuery = z.infer<typeof pullQuerySchema>;

const rowBase = { version: z.int(), deleted: z.boolean() };

/** One changed row of the caller's view. New tables join this union. */
export const syncRowSchema = z.discriminatedUnion('table', [
  z.object({ table: z.literal('profile'), key: z.string(), ...rowBase, value: z.nullable(profileSchema) }),
  // The caller's company promotional content: the whole ordered list as one value (key 'me'),
  // sent again after every save; absent until the first save (no content).
  z.object({ table: z.literal('company'), key: z.string(), ...rowBase, value: z.nullable(companyContentSchema) }),
  // My card (key 'me'), whole, as GET /api/card/info answers it; sent again whenever the card
  // or any of its extension entries changes; absent until the card is first saved.
  z.object({ table: z.literal('card'), key: z.string(), ...rowBase, value: z.nullable(myCardSchema) }),
  // One of my friend groups (key: its group_id; the main group is '1'), with its position.
  z.object({ table: z.literal('group'), key: z.string(), ...rowBase, value: z.nullable(syncGroupSchema) }),
  // One of my friend entries (key: its accept_id) with the friend's latest card: sent again when
  // the remark, the groups or the friend's card change.
  z.object({ table: z.literal('friend'), key: z.string(), ...rowBase, value: z.nullable(friendSchema) }),
  // One of my notifications (key: its id), its msg in the language of the pull request.
  z.object({ table: z.literal('notification'), key: z.string(), ...rowBase, value: z.nullable(notificationSchema) }),
  // One of my cloud cards (key: its id), whole.
  z.object({ table: z.literal('cloudCard'), key: z.string(), ...rowBase, value: z.nullable(cloudCardSchema) }),
  // One of my cloud groups (key: its id), with its position.
  z.object({ table: z.literal('cloudGroup'), key: z.string(), ...rowBase, value: z.nullable(cloudGroupSchema) }),
  // One of my exclusive-card orders (key: its id), with its history.
  z.object({
    table: z.literal('physicalOrder'),
    key: z.string(),
    ...rowBase,
    value: z.nullable(physicalOrderSchema),
  }),
]);
export type SyncRow = z.infer<typeof syncRowSchema>;
export type SyncTable = SyncRow['table'];

export const pullResultSchema = z.object({
  rows: z.array(syncRowSchema),
  cursor: z.int(),
  more: z.boolean(),
  /**
   * The latest stamp (src/lib/hlc.ts) of any field of the page's rows; the device's clock moves
   * past it, so an edit made after seeing these rows wins over them. Absent when none is stamped.
   */
  hlc: z.optional(z.string()),
});
export type PullResult = z.infer<typeof pullResultSchema>;
export const pullResponseSchema = envelopeSchema(pullResultSchema);

/** Every mutation a client may push, with the args schema of its REST twin. */
export const MUTATIONS = {
  setProfile: setProfileBodySchema,
  saveCompany: saveCompanyBodySchema,
  saveCard: createCardBodySchema,
  patchCard: patchCardBodySchema,
  addFriend: addFriendMutationSchema,
  delFriend: acceptIdParamsSchema,
  delFriendFromGroup: friendGroupParamsSchema,
  remark: remarkBodySchema,
  moveToGroup: moveToGroupParamsSchema,
  copyToGroup: friendGroupParamsSchema,
  addGroup: addGroupMutationSchema,
  editGroup: editGroupBodySchema,
  delGroup: groupIdParamsSchema,
  sortGroups: sortGroupsBodySchema,
  cancelGroupUpdate: groupIdParamsSchema,
  readNotifications: readNotificationsBodySchema,
  addCloudCard: addCloudCardMutationSchema,
  editCloudCard: editCloudCardBodySchema,
  delCloudCard: cloudIdParamsSchema,
  moveCloudCard: moveCloudCardParamsSchema,
  addCloudGroup: addCloudGroupMutationSchema,
  editCloudGroup: editCloudGroupBodySchema,
  delCloudGroup: cloudIdParamsSchema,
  sortCloudGroups: sortCloudGroupsBodySchema,
  sendFeedback: feedbackBodySchema,
  sendProof: sendProofBodySchema,
} as const;
export type MutationName = keyof typeof MUTATIONS;
export type MutationArgs<N extends MutationName> = z.infer<(typeof MUTATIONS)[N]>;

/** One mutation's JSON (args included) may be this large; a larger one is rejected alone (413). */
export const MUTATION_MAX_BYTES = SAVE_COMPANY_BODY_MAX_BYTES + 64 * 1024;
/** A push request may be this large: clients cut their batches under it. */
export const PUSH_BODY_MAX_BYTES = 2 * MUTATION_MAX_BYTES;
export const PUSH_BATCH_MAX = 100;

/**
 * The envelope of one mutation. Only its id must be right (it is what the result is reported
 * under); a wrong name, args or hlc is the mutation's own failure, answered in `results`, so
 * one bad change can never block the changes queued behind it.
 */
export const mutationSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  name: z.string(),
  args: z.unknown(),
  hlc: z.optional(z.unknown()),
});
export type Mutation = { id: string; name: MutationName; args: unknown; hlc?: string };

export const pushBodySchema = z.strictObject({
  client_id: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)),
  /** Whose changes these are (the user id of the device's database): another account's token is refused with 409. */
  owner: z.optional(z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER))),
  mutations: z.array(mutationSchema).check(z.minLength(1), z.maxLength(PUSH_BATCH_MAX)),
});
export type PushBody = z.infer<typeof pushBodySchema>;

/** The outcome of one mutation: applied (with the REST call's data), or rejected with why. */
export const mutationResultSchema = z.discriminatedUnion('ok', [
  z.object({ id: z.string(), ok: z.literal(true), data: z.unknown(), superseded: z.optional(z.array(z.string())) }),
  z.object({ id: z.string(), ok: z.literal(false), code: z.int(), msg: z.string() }),
]);
export type MutationResult = z.infer<typeof mutationResultSchema>;

export const pushResultSchema = z.object({ results: z.array(mutationResultSchema) });
export type PushResult = z.infer<typeof pushResultSchema>;
export const pushResponseSchema = envelopeSchema(pushResultSchema);

/** The sync worker's two calls (see the top of this file). */
export const syncEndpoints = {
  pull: endpoint({ method: 'GET', path: '/api/sync/pull', query: pullQuerySchema, response: pullResponseSchema }),
  push: endpoint({ method: 'POST', path: '/api/sync/push', body: pushBodySchema, response: pushResponseSchema }),
};
