import { z } from 'zod/mini';
import { okResponseSchema } from './auth';
import { cardExtensionSchema } from './card';
import { endpoint } from './endpoint';
import { envelopeSchema } from './envelope';
import { textField } from './fields';
import { emptyBodySchema, plainQuerySchema } from './meta';

/**
 * Friends, friend groups and notifications (SPEC §3 "Friend group", "Friend entry",
 * "Notification"; §4 friend status, friends-list loading, notification paging; §7 Groups,
 * Friends, Other).
 *
 * Groups:
 * - GET  /api/group/list                         {list: Group[]}: mine by sort order, the main group (1) last
 * - POST /api/group/add {group_name}             the new Group
 * - POST /api/group/edit {group_id, group_name}  the renamed Group
 * - GET  /api/group/del/{id}                     its members stay friends (in the main group)
 * - POST /api/group/sorting {ids}                {list}: the groups in their new order
 * - GET  /api/group/friend_update                {total}: the sum of update_num
 * - GET  /api/group/group_update_cancel/{id}     that Group, its update_num back to 0
 *
 * Friends (accept_id is the id of my entry for a friend's card):
 * - GET  /api/friend/list/{groupId}?page=&page_size=   {friend_list, page_size}; group 1 is every friend
 * - POST /api/friend/add {content: share strings}      {friend_list}: my entries for those cards
 * - GET  /api/friend/delFriend/{acceptId}
 * - GET  /api/friend/delFriendFromGroup/{acceptId}/{groupId}
 * - POST /api/friend/remark {accept_id, remark}        the Friend
 * - GET  /api/friend/moveToGroup/{acceptId}/{fromGroupId}/{toGroupId}   the Friend
 * - GET  /api/friend/copyToGroup/{acceptId}/{groupId}  the Friend
 *
 * Notifications:
 * - GET  /api/notify/list/{page}?page_size=      {list, page_size, unread}, newest first
 * - POST /api/notify/read_all                    marks every notification read (opening the drawer)
 * - POST /api/notify/open/{id}                   marks it read; the Notification with its card looked up now
 *
 * Ids that are not the caller's answer 404, as ids that do not exist.
 */

/** SPEC §9: every user's main group; it holds every friend and cannot be renamed or deleted. */
export const MAIN_GROUP_ID = 1;
export const GROUP_NAME_MAX = 40;
export const GROUPS_MAX = 100;
export const REMARK_MAX = 80;
export const FRIEND_ADD_MAX = 100;
export const FRIEND_PAGE_SIZE_DEFAULT = 20;
export const NOTIFY_PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 200;

/** SPEC §3 friend status: 20 when the friend removed my card. */
export const FRIEND_STATUS_NORMAL = 0;
export const FRIEND_STATUS_REMOVED_ME = 20;

/**
 * Notification types (SPEC §2 drawer): type 1 with sub-type 3 "added your card", 4 "updated their
 * card", 7 "cards exchanged at an event" (content: name, count, group_id).
 */
export const NOTIFY_TYPE_FRIEND = 1;
/** orderStatus: an exclusive-card order changed (content: order_id, order_no, status). */
/** accountDeleted: the owner of a card I keep deleted their account (content: f_card_id, account_deleted). */
export const NotifySub = { cardAdded: 3, cardUpdated: 4, exchanged: 7, orderStatus: 8, accountDeleted: 9 } as const;
/** status_user: 1 unread (a dot in the drawer), 0 read. */
export const NOTIFY_UNREAD = 1;
export const NOTIFY_READ = 0;

const idValue = z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER));
/** A path parameter holding an id (a positive integer). */
const idParam = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER));
/** A group name: trimmed, not blank. */
const groupName = z.pipe(
  z.pipe(
    textField(GROUP_NAME_MAX),
    z.transform((s) => s.trim()),
  ),
  z.string().check(z.minLength(1)),
);
const pageParam = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000));
const pageSizeParam = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(PAGE_SIZE_MAX));

// Groups -----------------------------------------------------------------------------------

export const groupSchema = z.object({
  group_id: z.int(),
  group_name: z.string(),
  /** Changes of friends' cards in this group not yet looked at. */
  update_num: z.int(),
});
export type Group = z.infer<typeof groupSchema>;

/** A group as sync carries it: with its position (the main group has the largest). */
export const syncGroupSchema = z.object({ ...groupSchema.shape, sort: z.int() });
export type SyncGroup = z.infer<typeof syncGroupSchema>;

export const groupListSchema = z.object({ list: z.array(groupSchema) });
export type GroupList = z.infer<typeof groupListSchema>;
export const groupListResponseSchema = envelopeSchema(groupListSchema);
export const groupResponseSchema = envelopeSchema(groupSchema);

export const addGroupBodySchema = z.strictObject({ group_name: groupName });
export type AddGroupBody = z.infer<typeof addGroupBodySchema>;
/**
 * group/add as a sync mutation. `temp_id` is the negative id the group has on the device until
 * the server's arrives; later queued changes naming it are rewritten to the server's id before
 * they are sent (workers/sync/engine.ts). The server ignores it.
 */
export const addGroupMutationSchema = z.strictObject({
  ...addGroupBodySchema.shape,
  temp_id: z.optional(z.int().check(z.minimum(-Number.MAX_SAFE_INTEGER), z.maximum(-1))),
});

export const editGroupBodySchema = z.strictObject({ group_id: idValue, group_name: groupName });
export type EditGroupBody = z.infer<typeof editGroupBodySchema>;

export const sortGroupsBodySchema = z.strictObject({
  ids: z.array(idValue).check(z.minLength(1), z.maxLength(GROUPS_MAX + 1)),
});
export type SortGroupsBody = z.infer<typeof sortGroupsBodySchema>;

export const groupIdParamsSchema = z.strictObject({ id: idParam });
export type GroupIdParams = z.infer<typeof groupIdParamsSchema>;

export const friendUpdateSchema = z.object({ total: z.int() });
export const friendUpdateResponseSchema = envelopeSchema(friendUpdateSchema);

// Friends ----------------------------------------------------------------------------------

/** The friend's card as it is now (SPEC §3 friend_card_info). */
export const friendCardInfoSchema = z.object({
  card_id: z.int(),
  name: z.string(),
  avatar: z.string(),
  profile: z.string(),
  photo: z.string(),
  /** Our addition to SPEC §3: the card's first company, "name · position" ('' when none). */
  company: z.string(),
  // Since sync protocol 7 the whole card travels with the entry, so the card-detail overlay
  // opens offline (SPEC §2). Optional: a card listed on the device before the server's entry
  // arrives (an optimistic add) may lack them, as may rows pulled by an older client.
  english_name: z.optional(z.string()),
  photo_back: z.optional(z.string()),
  /** A live share key of the card ('' when the owner has none). */
  share_str: z.optional(z.string()),
  extension: z.optional(cardExtensionSchema),
});
export type FriendCardInfo = z.infer<typeof friendCardInfoSchema>;

export const friendSchema = z.object({
  accept_id: z.int(),
  friend_card_info: friendCardInfoSchema,
  remark: z.string(),
  /** The groups the entry is in, comma-separated, the main group (1) first. */
  group_id: z.string(),
  /** 1 when the entry is in the main group only. */
  group_main: z.union([z.literal(0), z.literal(1)]),
  /** 0, or 20 when the friend removed my card. */
  status: z.int(),
  /** 1 when the card's owner deleted their account: nothing of theirs opens or saves any more. */
  account_deleted: z.optional(z.literal(1)),
});
export type Friend = z.infer<typeof friendSchema>;

export const friendListQuerySchema = z.strictObject({
  page: z.optional(pageParam),
  page_size: z.optional(pageSizeParam),
  t: z.optional(z.string().check(z.maxLength(32))),
});
export type FriendListQuery = z.infer<typeof friendListQuerySchema>;

export const friendListParamsSchema = z.strictObject({ groupId: idParam });

export const friendListSchema = z.object({ friend_list: z.array(friendSchema), page_size: z.int() });
export type FriendList = z.infer<typeof friendListSchema>;
export const friendListResponseSchema = envelopeSchema(friendListSchema);

export const addFriendBodySchema = z.strictObject({
  content: z.array(textField(128).check(z.minLength(1))).check(z.minLength(1), z.maxLength(FRIEND_ADD_MAX)),
});
export type AddFriendBody = z.infer<typeof addFriendBodySchema>;
/**
 * friend/add as a sync mutation. `cards` are the cards as the adder saw them, listed at once
 * (SPEC §4: the friend appears immediately) until the server's entries arrive by pull; the
 * server ignores them.
 */
export const addFriendMutationSchema = z.strictObject({
  ...addFriendBodySchema.shape,
  cards: z.optional(z.array(friendCardInfoSchema).check(z.maxLength(FRIEND_ADD_MAX))),
});
export const addedFriendsSchema = z.object({ friend_list: z.array(friendSchema) });
export type AddedFriends = z.infer<typeof addedFriendsSchema>;
export const addedFriendsResponseSchema = envelopeSchema(addedFriendsSchema);

export const friendResponseSchema = envelopeSchema(friendSchema);

export const remarkBodySchema = z.strictObject({
  accept_id: idValue,
  remark: z.pipe(
    textField(REMARK_MAX),
    z.transform((s) => s.trim()),
  ),
});
export type RemarkBody = z.infer<typeof remarkBodySchema>;

export const acceptIdParamsSchema = z.strictObject({ acceptId: idParam });
export type AcceptIdParams = z.infer<typeof acceptIdParamsSchema>;

export const friendGroupParamsSchema = z.strictObject({ acceptId: idParam, groupId: idParam });
export type FriendGroupParams = z.infer<typeof friendGroupParamsSchema>;

export const moveToGroupParamsSchema = z.strictObject({
  acceptId: idParam,
  fromGroupId: idParam,
  toGroupId: idParam,
});
export type MoveToGroupParams = z.infer<typeof moveToGroupParamsSchema>;

// Notifications ----------------------------------------------------------------------------

export const notificationSchema = z.object({
  id: z.int(),
  msg_type: z.int(),
  msg_type_sub: z.int(),
  /** Written in the reader's language when read. */
  msg: z.string(),
  /** Epoch milliseconds (as GET /api/get_time). */
  time: z.int(),
  icon: z.string(),
  /** 1 unread, 0 read. */
  status_user: z.int(),
  // f_share_str: a live share key of that card, so a card I do not keep opens too ('' or absent when none).
  // order_id: the exclusive-card order an orderStatus notification is about.
  // account_deleted: 1 when the person it is about has deleted their account (nothing of theirs opens).
  content: z.object({
    f_card_id: z.int(),
    f_share_str: z.optional(z.string()),
    order_id: z.optional(z.int()),
    account_deleted: z.optional(z.literal(1)),
  }),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notifyListParamsSchema = z.strictObject({ page: pageParam });
export const notifyListQuerySchema = z.strictObject({
  page_size: z.optional(pageSizeParam),
  t: z.optional(z.string().check(z.maxLength(32))),
});
export type NotifyListQuery = z.infer<typeof notifyListQuerySchema>;

export const notifyListSchema = z.object({
  list: z.array(notificationSchema),
  page_size: z.int(),
  /** Unread notifications in all (the badge). */
  unread: z.int(),
});
export type NotifyList = z.infer<typeof notifyListSchema>;
export const notifyListResponseSchema = envelopeSchema(notifyListSchema);

/** POST /api/notify/open/{id}: no body (or {}); answers the Notification as it stands now. */
export const notifyOpenParamsSchema = z.strictObject({ id: idParam });
export const notifyOpenBodySchema = emptyBodySchema;
export const notificationResponseSchema = envelopeSchema(notificationSchema);

/** POST /api/notify/read_all: no body (or {}). */
export const readNotificationsBodySchema = emptyBodySchema;
export type ReadNotificationsBody = z.infer<typeof readNotificationsBodySchema>;
export const readNotificationsResponseSchema = envelopeSchema(z.object({ unread: z.int() }));

// Endpoints --------------------------------------------------------------------------------

/** The groups' calls (see the list at the top of this file). */
export const groupsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/group/list',
    query: plainQuerySchema,
    response: groupListResponseSchema,
  }),
  add: endpoint({ method: 'POST', path: '/api/group/add', body: addGroupBodySchema, response: groupResponseSchema }),
  edit: endpoint({ method: 'POST', path: '/api/group/edit', body: editGroupBodySchema, response: groupResponseSchema }),
  del: endpoint({
    method: 'GET',
    path: '/api/group/del/:id',
    params: groupIdParamsSchema,
    query: plainQuerySchema,
    response: okResponseSchema,
  }),
  sort: endpoint({
    method: 'POST',
    path: '/api/group/sorting',
    body: sortGroupsBodySchema,
    response: groupListResponseSchema,
  }),
  friendUpdate: endpoint({
    method: 'GET',
    path: '/api/group/friend_update',
    query: plainQuerySchema,
    response: friendUpdateResponseSchema,
  }),
  cancelUpdate: endpoint({
    method: 'GET',
    path: '/api/group/group_update_cancel/:id',
    params: groupIdParamsSchema,
    query: plainQuerySchema,
    response: groupResponseSchema,
  }),
};

/** The friends' calls (see the list at the top of this file). */
export const friendsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/friend/list/:groupId',
    params: friendListParamsSchema,
    query: friendListQuerySchema,
    response: friendListResponseSchema,
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/friend/add',
    body: addFriendBodySchema,
    response: addedFriendsResponseSchema,
  }),
  del: endpoint({
    method: 'GET',
    path: '/api/friend/delFriend/:acceptId',
    params: acceptIdParamsSchema,
    query: plainQuerySchema,
    response: okResponseSchema,
  }),
  delFromGroup: endpoint({
    method: 'GET',
    path: '/api/friend/delFriendFromGroup/:acceptId/:groupId',
    params: friendGroupParamsSchema,
    query: plainQuerySchema,
    response: friendResponseSchema,
  }),
  remark: endpoint({
    method: 'POST',
    path: '/api/friend/remark',
    body: remarkBodySchema,
    response: friendResponseSchema,
  }),
  moveToGroup: endpoint({
    method: 'GET',
    path: '/api/friend/moveToGroup/:acceptId/:fromGroupId/:toGroupId',
    params: moveToGroupParamsSchema,
    query: plainQuerySchema,
    response: friendResponseSchema,
  }),
  copyToGroup: endpoint({
    method: 'GET',
    path: '/api/friend/copyToGroup/:acceptId/:groupId',
    params: friendGroupParamsSchema,
    query: plainQuerySchema,
    response: friendResponseSchema,
  }),
};

/** The notifications' calls (see the list at the top of this file). */
export const notificationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/notify/list/:page',
    params: notifyListParamsSchema,
    query: notifyListQuerySchema,
    response: notifyListResponseSchema,
  }),
  open: endpoint({
    method: 'POST',
    path: '/api/notify/open/:id',
    params: notifyOpenParamsSchema,
    body: notifyOpenBodySchema,
    response: notificationResponseSchema,
  }),
  readAll: endpoint({
    method: 'POST',
    path: '/api/notify/read_all',
    body: readNotificationsBodySchema,
    response: readNotificationsResponseSchema,
  }),
};
