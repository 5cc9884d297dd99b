/**
 * The live push connection of the sync worker (SPEC §4 "Live push connection"): MQTT over
 * WebSocket to the broker GET /api/push/session names (null: this origin's /xc), with the session
 * token as password. Client id as the server answers it (built from the user id and the
 * session, so two devices of one user do not kick each other), clean session, 4 s connect timeout. It subscribes to the user's
 * system topic and, when an exchange room is kept, to that room's topic. Every 1.1 s a state tick
 * records "connected now"; when that record is 7 s or more stale the connection is restarted
 * (and resubscribed). It ends when the session goes.
 *
 * A push only speeds things up: what it says also arrives by pull, so a lost push (or a broken
 * connection) loses nothing but latency. Errors are logged with the SPEC §8 prefixes.
 */
import { type PushSession, pushEndpoints, pushSessionResponseSchema, pushTopics } from '../../src/api/push';
import type { CardbookDB, Session } from '../../src/db';
import {
  applyRoomPush,
  bumpPushUnread,
  markRemovedMe,
  readExchangeGroup,
  setExchangeGroup,
  setLiveState,
  signalPushSound,
} from '../../src/db/push-store';
import { readSession } from '../../src/db/sync-store';
import { connectMqtt, type MqttClient, type MqttOptions } from './mqtt-ws';
import { type GroupEffect, parsePush, pushEffect, type SystemEffect } from './push-effects';

export const CONNECT_TIMEOUT_MS = 4_000;
export const STATE_PING_MS = 1_100;
export const STALE_MS = 7_000;

export type LiveDeps = {
  db: CardbookDB;
  fetch: typeof fetch;
  /** Origin of the app, e.g. self.location.origin. */
  baseUrl: string;
  /** Pull now (the engine's syncNow). */
  pullNow: () => void;
  /** A group push for the exchange screen (member count). */
  onGroup?: (groupId: number, effect: GroupEffect) => void;
  connect?: (url: string, options: MqttOptions) => MqttClient;
  now?: () => number;
  log?: (prefix: 'mqtt-error' | 'mqtt-err' | 'mqtt-failed', detail: unknown) => void;
};

/** The websocket URL: the external broker's, or this origin's /xc (wss on https). */
export function brokerUrl(session: PushSession, baseUrl: string): string {
  return session.url ?? `${baseUrl.replace(/^http/, 'ws')}/xc`;
}

/** What the parts of one live connection share: its dependencies (defaults filled in) and its state. */
type Live = {
  deps: LiveDeps;
  db: CardbookDB;
  now: () => number;
  connect: (url: string, options: MqttOptions) => MqttClient;
  log: NonNullable<LiveDeps['log']>;
  client: MqttClient | null;
  /** The session token being followed; null once stopped. */
  token: string | null;
  prefix: string;
  userId: number;
  /** The exchange room subscribed to (0: none). */
  group: number;
  /** When this connection was last seen connected (or last (re)started). */
  lastConnectAt: number;
  /** Bumped by every open and drop, so a stale open or close knows it is stale. */
  generation: number;
};

function liveOf(deps: LiveDeps): Live {
  return {
    deps,
    db: deps.db,
    now: deps.now ?? Date.now,
    connect: deps.connect ?? connectMqtt,
    log: deps.log ?? ((prefix, detail) => console.error(prefix, detail)),
    client: null,
    token: null,
    prefix: '',
    userId: 0,
    group: 0,
    lastConnectAt: 0,
    generation: 0,
  };
}

/** Ends the current client, quietly, and makes whatever it still had under way stale. */
function drop(live: Live): void {
  const { db, now } = live;
  live.generation += 1;
  const old = live.client;
  live.client = null;
  if (old?.connected) void setLiveState(db, false, now());
  old?.removeAllListeners();
  old?.on('error', () => undefined);
  old?.end(true);
}

async function fetchPushSession(deps: LiveDeps, session: Session): Promise<PushSession | null> {
  const { path } = pushEndpoints.session;
  const res = await deps.fetch(`${deps.baseUrl}${path}`, { headers: { token: session.token } });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  const parsed = pushSessionResponseSchema.safeParse(await res.json());
  if (!parsed.success) throw new Error(`${path}: unexpected answer`);
  return parsed.data.data;
}

/** Subscribes to the kept exchange room's topic, if one is kept. */
async function subscribeGroup(live: Live, to: MqttClient): Promise<void> {
  const { log } = live;
  live.group = await readExchangeGroup(live.db);
  if (live.group > 0) {
    to.subscribe(pushTopics.group(live.prefix, live.group), { qos: 1 }, (err) => {
      if (err) log('mqtt-err', err);
    });
  }
}

/** The kept exchange room changed: leave the old room's topic, join the new one's. */
async function resubscribeGroup(live: Live): Promise<void> {
  const current = live.client;
  if (!current?.connected) return;
  const next = await readExchangeGroup(live.db);
  if (next === live.group) return;
  if (live.group > 0) current.unsubscribe(pushTopics.group(live.prefix, live.group));
  await subscribeGroup(live, current);
}

async function applySystem(live: Live, effect: SystemEffect): Promise<void> {
  const { db, now } = live;
  if (effect.removedMe) await markRemovedMe(db, effect.removedMe.acceptId);
  if (effect.count) await bumpPushUnread(db);
  if (effect.sound) await signalPushSound(db, now());
  if (effect.pull) live.deps.pullNow();
}

async function applyGroup(live: Live, topic: string, effect: GroupEffect): Promise<void> {
  const { db, deps } = live;
  const groupId = Number(topic.slice(topic.lastIndexOf('/') + 1));
  if (effect.memberNum !== null) deps.onGroup?.(groupId, effect);
  await applyRoomPush(db, groupId, effect.memberNum, effect.outcome);
  if (effect.dismissed && groupId === live.group) {
    live.client?.unsubscribe(topic);
    live.group = 0;
    await setExchangeGroup(db, 0);
  }
  // The new friends and their group arrive by pull.
  if (effect.outcome === 'exchanged') deps.pullNow();
}

async function onMessage(live: Live, topic: string, payload: Uint8Array): Promise<void> {
  const { log } = live;
  const message = parsePush(new TextDecoder().decode(payload));
  if (!message) {
    log('mqtt-err', `unreadable push on ${topic}`);
    return;
  }
  const effect = pushEffect(live.prefix, topic, message);
  if (effect?.kind === 'system') await applySystem(live, effect.effect);
  else if (effect?.kind === 'group') await applyGroup(live, topic, effect.effect);
}

/** The broker connection's options: the server's client id and user name, the session token as password. */
function mqttOptions(push: PushSession, session: Session): MqttOptions {
  return {
    clientId: push.client_id,
    username: push.username,
    password: session.token,
    clean: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    reconnectPeriod: 0,
    protocolVersion: 4,
  };
}

/** What the connection does on its events: subscribe and pull on connect, apply pushes, log errors, ask on close. */
function follow(live: Live, next: MqttClient, mine: number, stop: () => void): void {
  const { db, now, log, deps } = live;
  next.on('connect', () => {
    live.lastConnectAt = now();
    next.subscribe(pushTopics.system(live.prefix, live.userId), { qos: 1 }, (err, granted) => {
      if (err || granted?.[0]?.qos === 128) log('mqtt-err', err ?? 'system topic refused');
      else void setLiveState(db, true, now());
    });
    void subscribeGroup(live, next).catch((err: unknown) => log('mqtt-err', err));
    // Anything pushed while we were away is fetched now.
    deps.pullNow();
  });
  next.on('message', (topic, payload) => {
    void onMessage(live, topic, payload).catch((err: unknown) => log('mqtt-err', err));
  });
  next.on('error', (err) => log('mqtt-error', err.message));
  next.on('close', () => {
    void setLiveState(db, false, now());
    void readSession(db).then((s) => {
      if (!s) stop();
      // The broker closes the connections of a session revoked elsewhere (a password change,
      // a logout everywhere): ask the server now, so a 401 signs this device out at once
      // rather than at the next periodic sync. Never a sign-out on a push's word alone.
      else if (mine === live.generation) deps.pullNow();
    });
  });
}

/** Asks the server for the push session, then connects to the broker it names. */
async function open(live: Live, session: Session, stop: () => void): Promise<void> {
  const { now, connect, log, deps } = live;
  const mine = ++live.generation;
  live.lastConnectAt = now();
  let push: PushSession | null;
  try {
    push = await fetchPushSession(deps, session);
  } catch (error) {
    log('mqtt-failed', error);
    // Refused (the session may have ended): the pull's answer decides.
    deps.pullNow();
    return;
  }
  if (!push || mine !== live.generation || live.token !== session.token) return;
  live.prefix = push.prefix;
  live.userId = session.userId;
  const next = connect(brokerUrl(push, deps.baseUrl), mqttOptions(push, session));
  live.client = next;
  follow(live, next, mine, stop);
}

export function createLiveConnection(deps: LiveDeps) {
  const live = liveOf(deps);
  const { db, now } = live;
  let ticker: ReturnType<typeof setInterval> | null = null;
  let starting: Promise<void> | null = null;

  /** The 1.1 s state tick and the 7 s staleness watcher. */
  function tick(): void {
    if (live.token === null) return;
    if (live.client?.connected) {
      live.lastConnectAt = now();
      return;
    }
    if (now() - live.lastConnectAt >= STALE_MS) void restart();
  }

  async function restart(): Promise<void> {
    if (starting) return starting;
    starting = (async () => {
      const session = await readSession(db);
      if (!session) {
        stop();
        return;
      }
      drop(live);
      live.token = session.token;
      await open(live, session, stop);
    })().finally(() => {
      starting = null;
    });
    return starting;
  }

  function stop(): void {
    live.token = null;
    drop(live);
    if (ticker !== null) clearInterval(ticker);
    ticker = null;
  }

  return {
    /** Follows the session: connects when one exists (or its token changed), ends when it goes. */
    async refresh(): Promise<void> {
      const session = await readSession(db);
      if (!session) {
        if (live.token !== null) stop();
        return;
      }
      if (session.token === live.token && (live.client || starting)) return;
      live.token = session.token;
      ticker ??= setInterval(tick, STATE_PING_MS);
      await restart();
    },
    /** The kept exchange room changed: resubscribe. */
    groupChanged(): Promise<void> {
      return resubscribeGroup(live);
    },
    /** When the connection was last seen connected (epoch ms). */
    lastConnectAt: () => live.lastConnectAt,
    connected: () => live.client?.connected ?? false,
    stop,
  };
}

export type LiveConnection = ReturnType<typeof createLiveConnection>;
