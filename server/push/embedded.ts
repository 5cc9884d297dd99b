import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { createWebSocketStream, type WebSocket, WebSocketServer } from 'ws';
import { type GroupPush, groupPush, PUSH_WS_PATHS, pushTopics, type SystemPush, systemPush } from '../../src/api/push';
import type { Db } from '../db/db';
import type { UpgradeRouter } from '../http/connections';
import { resolveToken } from '../services/tokens';
import { allowedShape, endedTokens, SWEEP_INTERVAL_MS, sessionClientId, sessionMay } from './access';
import type { PushAccess, PushPublisher } from './publisher';

/** What one connection may cost (see `PushLimits`). */
type Session = {
  userId: number;
  tokenId: number;
  /** Topics this connection has asked for, granted or not. */
  asked: number;
  /** Until when the token counts as live without asking the database again (ms epoch). */
  liveUntil: number;
};

/**
 * Work one user can make the broker do. A client needs its system topic and one exchange room,
 * so these leave room for reconnects and re-subscriptions while a flood is cut off early: a
 * client over a limit is disconnected.
 */
export type PushLimits = {
  topicsPerSubscribe: number;
  topicsPerConnection: number;
  connectionsPerUser: number;
  /** Subscriptions per user per minute that need the database (a room, or a stale token check). */
  checkedTopicsPerMinute: number;
  /** How long a token check of a connection is reused (a revocation closes it at once anyway). */
  tokenCheckMs: number;
};

export const DEFAULT_PUSH_LIMITS: PushLimits = {
  topicsPerSubscribe: 8,
  topicsPerConnection: 16,
  connectionsPerUser: 8,
  checkedTopicsPerMinute: 60,
  tokenCheckMs: 5000,
};

export type EmbeddedBrokerOptions = {
  db: Db;
  /** The app's own HTTP server's upgrades: the broker answers websocket upgrades on PUSH_WS_PATHS. */
  upgrades: UpgradeRouter;
  prefix: string;
  limits?: PushLimits;
  log?: { warn(obj: object, msg: string): void };
};

/** Our return code 5 (MQTT 3.1.1 "not authorized", v5 0x87) for CONNACK. */
function notAuthorized(): AuthenticateError {
  const error = new Error('not authorized') as AuthenticateError;
  error.returnCode = 5;
  return error;
}

type SubscribePacket = { cmd: string; subscriptions?: unknown };

/**
 * Aedes has no hook that sees a whole SUBSCRIBE packet (authorizeSubscribe gets one topic),
 * so the count per packet is read from the client's packet parser, before Aedes handles it.
 */
function onPackets(client: Client, listener: (packet: SubscribePacket) => void): void {
  const parser: unknown = Reflect.get(client, '_parser');
  if (parser instanceof EventEmitter) parser.prependListener('packet', listener);
}

/**
 * The embedded broker (default): Aedes, reached by MQTT over WebSocket at /xc and /test/xc on
 * the app's own port. CONNECT carries the session token as password (any username; see the
 * README) and the session's client id (`sessionClientId`); unknown, expired or revoked tokens,
 * and another client id, get CONNACK "not authorized". A client may subscribe only to its own
 * system topic and to rooms it belongs to (SUBACK 0x80 otherwise; anything else is refused
 * before any database query, and each allowed topic costs at most one), within `PushLimits`,
 * and may publish nothing. Sessions revoked or expired are swept every 5 s.
 */
export class EmbeddedBroker {
  readonly publisher: EmbeddedPublisher;
  readonly access: PushAccess;
  private readonly sessions = new WeakMap<Client, Session>();
  /** The connected clients of each session token, to drop them when it is revoked. */
  private readonly byToken = new Map<number, Set<Client>>();
  /** The connected clients of each user, for the per-user connection limit. */
  private readonly byUser = new Map<number, Set<Client>>();
  /** Clients cut off for going over a limit: everything they still send is refused at once. */
  private readonly cutOff = new WeakSet<Client>();
  private readonly checks: RateLimiterMemory;
  private readonly limits: PushLimits;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly stopUpgrades: () => void;
  private readonly sweepTimer: NodeJS.Timeout;
  private closed = false;

  private constructor(
    readonly aedes: Aedes,
    private readonly options: EmbeddedBrokerOptions,
  ) {
    this.limits = options.limits ?? DEFAULT_PUSH_LIMITS;
    this.checks = new RateLimiterMemory({ points: this.limits.checkedTopicsPerMinute, duration: 60 });
    this.publisher = new EmbeddedPublisher(aedes, options.prefix);
    this.access = {
      allowGroup: async () => {},
      disallowGroup: async () => {},
      sessionStarted: async (userId, tokenId) => `${userId}-${tokenId}`,
      // Subscriptions are checked against the database, but a connection already subscribed
      // would keep receiving: a revoked session's connections are closed now.
      sessionEnded: async (_userId, tokenId) => this.closeToken(tokenId),
    };
    aedes.authenticate = (client, _username, password, done) => {
      const token = password?.toString('utf8') ?? '';
      if (!/^cardbook_[1-9][0-9]{0,15}_[1-9][0-9]{0,15}$/.test(client.id)) return done(notAuthorized(), false);
      resolveToken(options.db, token).then(
        (session) => {
          if (!session || client.id !== sessionClientId(session.userId, session.tokenId)) {
            return done(notAuthorized(), false);
          }
          const mine = this.byUser.get(session.userId) ?? new Set<Client>();
          // A reconnect of the same session replaces its old connection, so it does not count.
          const takesOver = [...mine].some((c) => c.id === client.id);
          if (!takesOver && mine.size >= this.limits.connectionsPerUser) return done(notAuthorized(), false);
          this.sessions.set(client, {
            userId: session.userId,
            tokenId: session.tokenId,
            asked: 0,
            liveUntil: Date.now() + this.limits.tokenCheckMs,
          });
          this.byUser.set(session.userId, mine.add(client));
          const clients = this.byToken.get(session.tokenId) ?? new Set<Client>();
          this.byToken.set(session.tokenId, clients.add(client));
          done(null, true);
        },
        () => done(notAuthorized(), false),
      );
    };
    aedes.authorizeSubscribe = (client, subscription, done) => {
      const session = this.sessions.get(client);
      if (!session || this.cutOff.has(client)) return done(null, null);
      session.asked += 1;
      if (session.asked > this.limits.topicsPerConnection) {
        this.cutOffClient(client, 'topics per connection');
        return done(null, null);
      }
      const wanted = allowedShape(options.prefix, session, subscription.topic);
      if (!wanted) return done(null, null);
      if (wanted.room === null && Date.now() < session.liveUntil) return done(null, subscription);
      this.checks
        .consume(String(session.userId))
        .then(
          async () => {
            const verdict = await sessionMay(options.db, session, wanted.room);
            if (!verdict.live) {
              this.closeToken(session.tokenId);
              return false;
            }
            session.liveUntil = Date.now() + this.limits.tokenCheckMs;
            return wanted.room === null || verdict.member;
          },
          () => {
            this.cutOffClient(client, 'checked topics per user');
            return false;
          },
        )
        .then(
          (ok) => done(null, ok ? subscription : null),
          () => done(null, null),
        );
    };
    // Clients publish nothing; the server publishes through aedes.publish, which skips this hook.
    aedes.authorizePublish = (client, _packet, done) => {
      done(client ? new Error('publishing is not allowed') : null);
    };
    aedes.on('clientDisconnect', (client) => this.forget(client));
    aedes.on('clientError', (_client, error) => options.log?.warn({ err: error.message }, 'mqtt client error'));

    this.wss.on('connection', (ws: WebSocket, request: IncomingMessage) => {
      const stream = createWebSocketStream(ws);
      stream.on('error', () => stream.destroy());
      const client = aedes.handle(stream, request);
      onPackets(client, (packet) => {
        const subscriptions = packet.cmd === 'subscribe' ? packet.subscriptions : undefined;
        if (Array.isArray(subscriptions) && subscriptions.length > this.limits.topicsPerSubscribe) {
          this.cutOffClient(client, 'topics per subscribe');
        }
      });
    });
    this.stopUpgrades = options.upgrades.route(PUSH_WS_PATHS, (request, socket, head) => {
      if (this.closed) {
        socket.destroy();
        return;
      }
      this.wss.handleUpgrade(request, socket, head, (ws) => this.wss.emit('connection', ws, request));
    });
    this.sweepTimer = setInterval(() => {
      endedTokens(options.db, [...this.byToken.keys()]).then(
        (ended) => {
          for (const tokenId of ended) this.closeToken(tokenId);
        },
        (error: unknown) => options.log?.warn({ err: String(error) }, 'mqtt session sweep failed'),
      );
    }, SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
  }

  private cutOffClient(client: Client, limit: string): void {
    if (this.cutOff.has(client)) return;
    this.cutOff.add(client);
    this.options.log?.warn({ clientId: client.id, limit }, 'mqtt client over a limit: disconnected');
    client.close();
  }

  private closeToken(tokenId: number): void {
    for (const client of this.byToken.get(tokenId) ?? []) client.close();
    this.byToken.delete(tokenId);
  }

  private forget(client: Client): void {
    const session = this.sessions.get(client);
    if (!session) return;
    for (const [map, key] of [
      [this.byToken, session.tokenId],
      [this.byUser, session.userId],
    ] as const) {
      const clients = map.get(key);
      clients?.delete(client);
      if (clients?.size === 0) map.delete(key);
    }
  }

  static async start(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
    const aedes = await Aedes.createBroker({ connectTimeout: 10_000 });
    return new EmbeddedBroker(aedes, options);
  }

  get connectedClients(): number {
    return this.aedes.connectedClients;
  }

  /** Drops every connection and stops the broker (before the HTTP server closes). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweepTimer);
    this.stopUpgrades();
    for (const ws of this.wss.clients) ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await new Promise<void>((resolve) => this.aedes.close(() => resolve()));
  }
}

/** Publishes into the embedded broker: QoS 1, JSON validated against the push schema. */
export class EmbeddedPublisher implements PushPublisher {
  constructor(
    private readonly aedes: Aedes,
    private readonly prefix: string,
  ) {}

  async publishSystem(userId: number, message: SystemPush): Promise<void> {
    return this.publish(pushTopics.system(this.prefix, userId), systemPush.parse(message));
  }

  async publishGroup(groupId: number, message: GroupPush): Promise<void> {
    return this.publish(pushTopics.group(this.prefix, groupId), groupPush.parse(message));
  }

  private publish(topic: string, message: object): Promise<void> {
    if (this.aedes.closed) return Promise.reject(new Error('push broker closed'));
    return new Promise((resolve, reject) => {
      this.aedes.publish(
        { cmd: 'publish', topic, payload: Buffer.from(JSON.stringify(message)), qos: 1, retain: false, dup: false },
        (error) => (error ? reject(error) : resolve()),
      );
    });
  }
}
