/**
 * What a live push means locally (SPEC §4 "System push", "Group push"), as plain data so it can
 * be tested without a broker or a database. A push only speeds things up: every effect that
 * changes data is followed by a pull, which brings the truth.
 */

import { ExchangePushSub } from '../../src/api/exchange';
import { PUSH_TYPE_SYSTEM, type PushMessage, PushSub, pushMessage } from '../../src/api/push';
import { groupIdsOf } from '../../src/db/mutations';

export type SystemEffect = {
  /** Pull now. */
  pull: boolean;
  /** Sub-type 5: my entry for this friend leaves these groups (they removed my card). */
  removedMe: { acceptId: number; groupIds: number[] } | null;
  /** Raise the unread notification count. */
  count: boolean;
  /** Play the push sound. */
  sound: boolean;
};

export type GroupEffect = {
  /** The room's member count changed (for the exchange screen). */
  memberNum: number | null;
  /** The exchange ended: unsubscribe and keep group 0. */
  dismissed: boolean;
  /** How it ended: the cards were exchanged, or the host dismissed the room. */
  outcome: 'exchanged' | 'dismissed' | null;
};

export type PushEffect = { kind: 'system'; effect: SystemEffect } | { kind: 'group'; effect: GroupEffect };

/** Parses a payload; null when it is not a push message (reported by the caller). */
export function parsePush(payload: string): PushMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = pushMessage.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export function systemEffect(message: PushMessage): SystemEffect {
  const type = message.msg_type;
  const sub = message.msg_type_sub;
  if (type === PUSH_TYPE_SYSTEM) {
    if (sub === PushSub.friendAdded || sub === PushSub.friendChanged || sub === PushSub.friendUpdated) {
      return { pull: true, removedMe: null, count: false, sound: false };
    }
    if (sub === PushSub.cardDeleted) {
      const acceptId = message.accept_id;
      const groups = message.group_id;
      return {
        pull: true,
        removedMe:
          acceptId === undefined
            ? null
            : { acceptId, groupIds: typeof groups === 'number' ? [groups] : groupIdsOf(groups ?? '') },
        count: false,
        sound: false,
      };
    }
    // Sub-type 6 and any other sub-type of msg_type 1: a normal notification.
    return { pull: true, removedMe: null, count: true, sound: false };
  }
  // Other types: the system notification count goes up and the sound plays.
  return { pull: true, removedMe: null, count: true, sound: true };
}

export function groupEffect(message: PushMessage): GroupEffect {
  const dismissed = message.is_dismiss === 1;
  const outcome = !dismissed ? null : message.msg_type_sub === ExchangePushSub.exchanged ? 'exchanged' : 'dismissed';
  return { memberNum: message.group_member_num ?? null, dismissed, outcome };
}

/** Which effect a message on `topic` has, given the topic prefix. */
export function pushEffect(prefix: string, topic: string, message: PushMessage): PushEffect | null {
  if (topic.startsWith(`${prefix}/system/`)) return { kind: 'system', effect: systemEffect(message) };
  if (topic.startsWith(`${prefix}/group_add/`)) return { kind: 'group', effect: groupEffect(message) };
  return null;
}
