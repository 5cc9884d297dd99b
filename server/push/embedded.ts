import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { createWebSocketStream, type WebSocket, WebSocketServer } from 'ws';
import { type GroupPush, groupPush, PUSH_WS_PATHS, pushTopics, type SystemPush, systemPush } from '../../src/api/push';
import type { Db } from '../db/db';
import { resolveToken } from '../services/tokens';
import { isTokenLive, maySubscribe } from './access';
import type { PushAccess, PushPublisher } from './publisher';

type Session = { userId: number; tokenId: number };

export type EmbeddedBrokerOptions = {
  db: Db;
  /** The app's own HTTP server: the broker answers websocket upgrades on PUSH_WS_PATHS. */
  server: Server;
  prefix: string;
  log?: { warn(obj: object, msg: string): void };
};

/** Our return code 5 (MQTT 3.1.1 "not authorized", v5 0x87) for CONNACK. */
function notAuthorized(): AuthenticateError {
  const error = new Error('not authorized') as AuthenticateError;
  error.returnCode = 5;
  return error;
}

function pathOf(request: IncomingMessage): string {
  return (request.url ?? '/').split('?')[0] ?? '/';
}

/**
 * The embedded broker (default): Aedes, reached by MQTT over WebSocket at /xc and /test/xc on
 * the app's own port. CONNECT carries the session token as password (any username; see the
 * README); unknown, expired or revoked tokens get CONNACK "not authorized". A client may
 * subscribe only to its own system topic and to rooms it belongs to (SUBACK 0x80 otherwise, and
 * the token must still be live), and may publish nothing.
 */
export class EmbeddedBroker {
  readonly publisher: EmbeddedPublisher;
  readonly access: PushAccess;
  private readonly sessions = new WeakMap<Client, Session>();
  /** The connected clients of each session token, to drop them when it is revoked. */
  private readonly byToken = new Map<number, Set<Client>>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly onUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
  private closed = false;

  private constructor(
    readonly aedes: Aedes,
    private readonly options: EmbeddedBrokerOptions,
  ) {
    this.publisher = new EmbeddedPublisher(aedes, options.prefix);
    this.access = {
      allowGroup: async () => {},
      sessionStarted: async (userId, tokenId) => `${userId}-${tokenId}`,
      // Subscriptions are checked against the database, but a connection already subscribed
      // would keep receiving: a revoked session's connections are closed now.
      sessionEnded: async (_userId, tokenId) => {
        for (const client of this.byToken.get(tokenId) ?? []) client.close();
        this.byToken.delete(tokenId);
      },
    };
    aedes.authenticate = (client, _username, password, done) => {
      const token = password?.toString('utf8') ?? '';
      resolveToken(options.db, token).then(
        (session) => {
          if (!session) return done(notAuthorized(), false);
          this.sessions.set(client, { userId: session.userId, tokenId: session.tokenId });
          const clients = this.byToken.get(session.tokenId) ?? new Set<Client>();
          this.byToken.set(session.tokenId, clients.add(client));
          done(null, true);
        },
        () => done(notAuthorized(), false),
      );
    };
    aedes.authorizeSubscribe = (client, subscription, done) => {
      const session = this.sessions.get(client);
      if (!session) return done(null, null);
      const check = async () =>
        (await isTokenLive(options.db, session.tokenId)) &&
        (await maySubscribe(options.db, options.prefix, session.userId, subscription.topic));
      check().then(
        (ok) => done(null, ok ? subscription : null),
        () => done(null, null),
      );
    };
    // Clients publish nothing; the server publishes through aedes.publish, which skips this hook.
    aedes.authorizePublish = (client, _packet, done) => {
      done(client ? new Error('publishing is not allowed') : null);
    };
    aedes.on('clientDisconnect', (client) => {
      const session = this.sessions.get(client);
      const clients = session ? this.byToken.get(session.tokenId) : undefined;
      clients?.delete(client);
      if (session && clients?.size === 0) this.byToken.delete(session.tokenId);
    });
    aedes.on('clientError', (_client, error) => options.log?.warn({ err: error.message }, 'mqtt client error'));

    this.wss.on('connection', (ws: WebSocket, request: IncomingMessage) => {
      const stream = createWebSocketStream(ws);
      stream.on('error', () => stream.destroy());
      aedes.handle(stream, request);
    });
    this.onUpgrade = (request, socket, head) => {
      if (!(PUSH_WS_PATHS as readonly string[]).includes(pathOf(request))) return;
      if (this.closed) {
        socket.destroy();
        return;
      }
      this.wss.handleUpgrade(request, socket, head, (ws) => this.wss.emit('connection', ws, request));
    };
    options.server.on('upgrade', this.onUpgrade);
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
    this.options.server.off('upgrade', this.onUpgrade);
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
