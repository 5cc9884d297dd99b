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

export function createLiveConnection(deps: LiveDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const connect = deps.connect ?? connectMqtt;
  const log = deps.log ?? ((prefix, detail) => console.error(prefix, detail));

  let client: MqttClient | null = null;
  let token: string | null = null;
  let prefix = '';
  let userId = 0;
  let group = 0;
  /** When this connection was last seen connected (or last (re)started). */
  let lastConnectAt = 0;
  let ticker: ReturnType<typeof setInterval> | null = null;
  let starting: Promise<void> | null = null;
  let generation = 0;

  function drop(): void {
    generation += 1;
    const old = client;
    client = null;
    if (old?.connected) void setLiveState(db, false, now());
    old?.removeAllListeners();
    old?.on('error', () => undefined);
    old?.end(true);
  }

  async function fetchPushSession(session: Session): Promise<PushSession | null> {
    const { path } = pushEndpoints.session;
    const res = await deps.fetch(`${deps.baseUrl}${path}`, { headers: { token: session.token } });
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    const parsed = pushSessionResponseSchema.safeParse(await res.json());
    if (!parsed.success) throw new Error(`${path}: unexpected answer`);
    return parsed.data.data;
  }

  async function subscribeGroup(to: MqttClient): Promise<void> {
    group = await readExchangeGroup(db);
    if (group > 0) {
      to.subscribe(pushTopics.group(prefix, group), { qos: 1 }, (err) => {
        if (err) log('mqtt-err', err);
      });
    }
  }

  async function applySystem(effect: SystemEffect): Promise<void> {
    if (effect.removedMe) await markRemovedMe(db, effect.removedMe.acceptId);
    if (effect.count) await bumpPushUnread(db);
    if (effect.sound) await signalPushSound(db, now());
    if (effect.pull) deps.pullNow();
  }

  async function applyGroup(topic: string, effect: GroupEffect): Promise<void> {
    const groupId = Number(topic.slice(topic.lastIndexOf('/') + 1));
    if (effect.memberNum !== null) deps.onGroup?.(groupId, effect);
    await applyRoomPush(db, groupId, effect.memberNum, effect.outcome);
    if (effect.dismissed && groupId === group) {
      client?.unsubscribe(topic);
      group = 0;
      await setExchangeGroup(db, 0);
    }
    // The new friends and their group arrive by pull.
    if (effect.outcome === 'exchanged') deps.pullNow();
  }

  async function onMessage(topic: string, payload: Uint8Array): Promise<void> {
    const message = parsePush(new TextDecoder().decode(payload));
    if (!message) {
      log('mqtt-err', `unreadable push on ${topic}`);
      return;
    }
    const effect = pushEffect(prefix, topic, message);
    if (effect?.kind === 'system') await applySystem(effect.effect);
    else if (effect?.kind === 'group') await applyGroup(topic, effect.effect);
  }

  async function open(session: Session): Promise<void> {
    const mine = ++generation;
    lastConnectAt = now();
    let push: PushSession | null;
    try {
      push = await fetchPushSession(session);
    } catch (error) {
      log('mqtt-failed', error);
      // Refused (the session may have ended): the pull's answer decides.
      deps.pullNow();
      return;
    }
    if (!push || mine !== generation || token !== session.token) return;
    prefix = push.prefix;
    userId = session.userId;
    const next = connect(brokerUrl(push, deps.baseUrl), {
      clientId: push.client_id,
      username: push.username,
      password: session.token,
      clean: true,
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectPeriod: 0,
      protocolVersion: 4,
    });
    client = next;
    next.on('connect', () => {
      lastConnectAt = now();
      next.subscribe(pushTopics.system(prefix, userId), { qos: 1 }, (err, granted) => {
        if (err || granted?.[0]?.qos === 128) log('mqtt-err', err ?? 'system topic refused');
        else void setLiveState(db, true, now());
      });
      void subscribeGroup(next).catch((err: unknown) => log('mqtt-err', err));
      // Anything pushed while we were away is fetched now.
      deps.pullNow();
    });
    next.on('message', (topic, payload) => {
      void onMessage(topic, payload).catch((err: unknown) => log('mqtt-err', err));
    });
    next.on('error', (err) => log('mqtt-error', err.message));
    next.on('close', () => {
      void setLiveState(db, false, now());
      void readSession(db).then((s) => {
        if (!s) stop();
        // The broker closes the connections of a session revoked elsewhere (a password change,
        // a logout everywhere): ask the server now, so a 401 signs this device out at once
        // rather than at the next periodic sync. Never a sign-out on a push's word alone.
        else if (mine === generation) deps.pullNow();
      });
    });
  }

  /** The 1.1 s state tick and the 7 s staleness watcher. */
  function tick(): void {
    if (token === null) return;
    if (client?.connected) {
      lastConnectAt = now();
      return;
    }
    if (now() - lastConnectAt >= STALE_MS) void restart();
  }

  async function restart(): Promise<void> {
    if (starting) return starting;
    starting = (async () => {
      const session = await readSession(db);
      if (!session) {
        stop();
        return;
      }
      drop();
      token = session.token;
      await open(session);
    })().finally(() => {
      starting = null;
    });
    return starting;
  }

  function stop(): void {
    token = null;
    drop();
    if (ticker !== null) clearInterval(ticker);
    ticker = null;
  }

  return {
    /** Follows the session: connects when one exists (or its token changed), ends when it goes. */
    async refresh(): Promise<void> {
      const session = await readSession(db);
      if (!session) {
        if (token !== null) stop();
        return;
      }
      if (session.token === token && (client || starting)) return;
      token = session.token;
      ticker ??= setInterval(tick, STATE_PING_MS);
      await restart();
    },
    /** The kept exchange room changed: resubscribe. */
    async groupChanged(): Promise<void> {
      const current = client;
      if (!current?.connected) return;
      const next = await readExchangeGroup(db);
      if (next === group) return;
      if (group > 0) current.unsubscribe(pushTopics.group(prefix, group));
      await subscribeGroup(current);
    },
    /** When the connection was last seen connected (epoch ms). */
    lastConnectAt: () => lastConnectAt,
    connected: () => client?.connected ?? false,
    stop,
  };
}

export type LiveConnection = ReturnType<typeof createLiveConnection>;
