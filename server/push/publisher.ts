import type { GroupPush, SystemPush } from '../../src/api/push';

export type { GroupPush, SystemPush } from '../../src/api/push';

/**
 * How domain services send live pushes (SPEC §4). Fire-and-forget in spirit: a lost push costs
 * latency, never data, so callers may ignore failures; implementations reject only on invalid
 * messages or a closed transport.
 */
export type PushPublisher = {
  /** To `{prefix}/system/{userId}`. */
  publishSystem(userId: number, message: SystemPush): Promise<void>;
  /** To `{prefix}/group_add/{groupId}`. */
  publishGroup(groupId: number, message: GroupPush): Promise<void>;
};

/** A publisher that drops everything (unit tests, or push disabled). */
export const noopPublisher: PushPublisher = {
  publishSystem: async () => {},
  publishGroup: async () => {},
};

/**
 * Broker-side access the server manages. The embedded broker checks the database on each
 * SUBSCRIBE, so these are no-ops there; an external broker (Mosquitto dynamic security) is told
 * explicitly, so exchange code calls `allowGroup` when a user joins a room.
 */
export type PushAccess = {
  /** Lets the user's clients subscribe to `{prefix}/group_add/{groupId}`. */
  allowGroup(userId: number, groupId: number): Promise<void>;
  /** The user left the room: their clients may no longer subscribe to it. */
  disallowGroup(userId: number, groupId: number): Promise<void>;
  /** Prepares the broker account of a live session; answers the MQTT username to connect with. */
  sessionStarted(userId: number, tokenId: number, token: string): Promise<string>;
  /** The session's token was revoked: its broker account goes, and its connections with it. */
  sessionEnded(userId: number, tokenId: number): Promise<void>;
};
