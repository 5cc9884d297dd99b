import type { GroupPush, PushPublisher, SystemPush } from '../push/publisher';
import type { Caller, Services } from './context';

/** SPEC §4 system push sub-types the friends services send (msg_type 1). */
export const SystemSub = {
  /** Something of mine changed on another device (friends, groups, card, profile, company): pull. */
  listChanged: 2,
  /** Someone added my card (also a notification). */
  cardAdded: 3,
  /** A friend's card I keep changed. */
  cardChanged: 4,
  /** A friend removed my card: `accept_id` is my entry for them, `group_id` its groups. */
  cardRemoved: 5,
} as const;

const SYSTEM = 1;

export function systemMessage(sub: number, extra: Pick<SystemPush, 'accept_id' | 'group_id'> = {}): SystemPush {
  return { msg_type: SYSTEM, msg_type_sub: sub, ...extra };
}

/**
 * Sends a system push to each user, after the write that caused it committed. A push only
 * speeds things up (the truth arrives by pull), so a failed one is dropped, never the request.
 */
export async function pushSystem(s: Services, userIds: Iterable<number>, message: SystemPush): Promise<void> {
  await Promise.all([...new Set(userIds)].map((id) => s.push.publishSystem(id, message).catch(() => undefined)));
}

/** Something of mine changed (my card, profile, company content, friends or groups): my other devices pull now. */
export function pokeOwnDevices(s: Services, caller: Caller): Promise<void> {
  return pushSystem(s, [caller.userId], systemMessage(SystemSub.listChanged));
}

/**
 * A publisher that holds messages until `flush`: a sync mutation runs inside the push's
 * transaction, so its pushes wait until that transaction commits (and are dropped if it does not).
 */
export class BufferedPublisher implements PushPublisher {
  private readonly pending: (
    | { kind: 'system'; id: number; message: SystemPush }
    | { kind: 'group'; id: number; message: GroupPush }
  )[] = [];

  async publishSystem(userId: number, message: SystemPush): Promise<void> {
    this.pending.push({ kind: 'system', id: userId, message });
  }

  async publishGroup(groupId: number, message: GroupPush): Promise<void> {
    this.pending.push({ kind: 'group', id: groupId, message });
  }

  clear(): void {
    this.pending.length = 0;
  }

  async flush(target: PushPublisher): Promise<void> {
    const messages = this.pending.splice(0);
    await Promise.all(
      messages.map((m) =>
        (m.kind === 'system' ? target.publishSystem(m.id, m.message) : target.publishGroup(m.id, m.message)).catch(
          () => undefined,
        ),
      ),
    );
  }
}
