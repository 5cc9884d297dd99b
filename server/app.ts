import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { wellFormed } from '../src/lib/well-formed';
import { type BlobStore, LocalBlobStore } from './blobs/store';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { registerCaching } from './http/caching';
import { DEFAULT_MAX_CONNECTIONS_PER_IP, limitConnectionsPerAddress, UpgradeRouter } from './http/connections';
import { envelopePlugin, sendFrameworkError, sendNotFound } from './http/envelope';
import { registerJsonBodyParser } from './http/json-body';
import { applySecurityHeaders, contentSecurityPolicy } from './http/security-headers';
import { registerStaticApp, sendShell } from './http/static';
import { type CodeSender, LogSender } from './mail/sender';
import { Metrics } from './metrics';
import { AuthorizationServer, type OAuthClientConfig } from './oauth/authorization-server';
import { ocrAssetRoutes } from './ocr/assets';
import { OperatorError, runOperatorCommand } from './operator/commands';
import { startOperatorSocket } from './operator/socket';
import type { EmbeddedBroker } from './push/embedded';
import type { PushPublisher } from './push/publisher';
import { DEFAULT_PUSH_CONFIG, type PushConfig, startPush } from './push/setup';
import { authRoutes } from './routes/auth';
import { cardRoutes } from './routes/card';
import { companyRoutes } from './routes/company';
import { exchangeRoutes } from './routes/exchange';
import { feedbackRoutes } from './routes/feedback';
import { friendRoutes } from './routes/friends';
import { groupRoutes } from './routes/groups';
import { healthRoutes } from './routes/health';
import { type InfoConfig, infoRoutes } from './routes/info';
import { metaRoutes } from './routes/meta';
import { notifyRoutes } from './routes/notify';
import { oauthRoutes } from './routes/oauth';
import { ocrRoutes } from './routes/ocr';
import { physicalCardRoutes } from './routes/physical-cards';
import { pushRoutes } from './routes/push';
import { ocrWorkersFromEnv, recognizeRoutes } from './routes/recognize';
import { syncRoutes } from './routes/sync';
import { userRoutes } from './routes/user';
import { createRateLimits, type RateLimitConfig } from './security/rate-limits';
import { ThirdPartyClients, type ThirdPartyConfig } from './security/third-party-clients';
import { SHARED_CARD_CACHE_MS, SharedCardCache } from './services/card-cache';
import { cardCopies } from './services/card-copies';
import type { Services } from './services/context';
import { DEFAULT_EXCHANGE_CONFIG, type ExchangeConfig } from './services/exchange';
import { friendEntryLoader } from './services/friend-entries';
import type { ShopConfig } from './services/physical-cards';
import { SESSION_CACHE_MS, SessionCache } from './services/session-cache';

export type AppOptions = {
  db: Db;
  /** Folder for uploaded files, served at /blobs/. */
  blobDir: string;
  /** The built web app (Vite's dist), served at / with the SPA fallback; null for API only. */
  staticDir?: string | null;
  sender?: CodeSender;
  blobs?: BlobStore;
  rateLimits?: RateLimitConfig;
  logger?: FastifyServerOptions['logger'];
  /** Forwarded headers believed: from every proxy (true) or from this many in front (TRUST_PROXY). */
  trustProxy?: boolean | number;
  /** The public origin links are built on (PUBLIC_URL); by default each request's own. */
  publicUrl?: string | null;
  /** How long a shared card is answered from memory to visitors; 0 turns that off. */
  sharedCardCacheMs?: number;
  /** How long a resolved session is kept in memory (SESSION_CACHE_MS); 0 turns that off. */
  sessionCacheMs?: number;
  /** Where the app counts what Prometheus reads (main.ts serves it on METRICS_PORT); a new one by default. */
  metrics?: Metrics;
  /** Where live pushes go (SPEC §4); by default nowhere. */
  push?: PushPublisher;
  /** Push transport: the embedded broker on this server (default, prefix `cardbook`) or MQTT_URL's. */
  pushTransport?: PushConfig;
  /** Slow-client limits (tests shorten them); DEFAULT_TIMEOUTS otherwise. */
  timeouts?: Partial<Timeouts>;
  /** Size of the card/ocr_recognize pool; OCR_WORKERS (default 1) otherwise. */
  ocrWorkers?: number;
  /** Exchange room lifetime and size cap; DEFAULT_EXCHANGE_CONFIG otherwise. */
  exchange?: Partial<ExchangeConfig>;
  /** Google and Facebook sign-in (GOOGLE_*, FACEBOOK_*); none by default. */
  thirdParty?: ThirdPartyConfig;
  /** Apps that may ask users to read their card (OAUTH_CLIENTS); none by default. */
  oauthClients?: OAuthClientConfig[];
  /** Payment details of the card shop (PAYMENT_*); empty by default. */
  shop?: Partial<ShopConfig>;
  /**
   * The operators' command socket (server/operator/socket.ts) and the origin its links are
   * built on; none by default.
   */
  operator?: { socket: string; origin: string | (() => string) } | null;
  /** Policy pages (POLICY_DIR) and the host rule (PRODUCTION_HOSTS, MAIN_SITE_URL). */
  info?: Partial<InfoConfig>;
  /**
   * Open connections one remote address may hold (MAX_CONNECTIONS_PER_IP); 0 is no limit.
   * By default DEFAULT_MAX_CONNECTIONS_PER_IP, or no limit behind a trusted proxy (every
   * connection then comes from the proxy).
   */
  maxConnectionsPerAddress?: number;
};

/** How long a client may take, in ms; see README "Slow clients". */
export type Timeouts = {
  /** The whole request, headers and body (uploads are allowed 30 s by SPEC). */
  request: number;
  /** The request line and headers. */
  headers: number;
  /** An idle kept-alive connection between requests. */
  keepAlive: number;
  /** How often Node checks running requests against `request` and `headers`. */
  checkInterval: number;
};

/**
 * Connections the kernel holds for the server before it takes them (the kernel caps it at
 * net.core.somaxconn). Node's 511 overflowed when a thousand phones of one exchange pulled at
 * once while the process was busy (PGlite works on its thread): 124 of them were reset.
 */
export const LISTEN_BACKLOG = 4096;

export const DEFAULT_TIMEOUTS: Timeouts = { request: 60_000, headers: 30_000, keepAlive: 72_000, checkInterval: 5_000 };

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** The embedded MQTT broker, or null when publishing through an external one. */
    pushBroker: EmbeddedBroker | null;
  }
}

export type App = FastifyInstance;

/** Fastify's trustProxy for TRUST_PROXY: all proxies, none, or the first `n` hops from us (proxy-addr's hop count). */
function proxiesBelieved(trust: boolean | number): boolean | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The policies the project ships (neutral templates in six languages). */
export const DEFAULT_POLICY_DIR = resolve(import.meta.dirname ?? '.', '../policies');

/**
 * Builds the server: external plugins, then ours (envelope, auth), then routes; migrations run
 * before the first request. Used by `npm start`, the tests (through inject) and the benchmarks.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const pushConfig = options.pushTransport ?? DEFAULT_PUSH_CONFIG;
  const extraConnect = pushConfig.external?.wsUrl ? [pushConfig.external.wsUrl] : [];
  const csp = contentSecurityPolicy(extraConnect);
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: proxiesBelieved(options.trustProxy ?? false),
    bodyLimit: 256 * 1024,
    // A body trickled in (a byte every few seconds) is cut off with 408 instead of holding a
    // connection forever; Node checks running requests every checkInterval.
    requestTimeout: timeouts.request,
    keepAliveTimeout: timeouts.keepAlive,
    http: {
      headersTimeout: Math.min(timeouts.headers, timeouts.request),
      connectionsCheckingInterval: timeouts.checkInterval,
    },
    frameworkErrors: (error, request, reply) => {
      applySecurityHeaders(request, reply, csp);
      return sendFrameworkError(error, request, reply);
    },
  });
  // First of all hooks, so every answer carries them: pages, API, static files, blobs, 404s, errors.
  app.addHook('onRequest', async (request, reply) => applySecurityHeaders(request, reply, csp));
  const metrics = options.metrics ?? new Metrics();
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the path itself: one series per route, whatever is requested.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestSeconds.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  registerJsonBodyParser(app);
  // One rule for every route: a lone UTF-16 surrogate (which no database takes) becomes U+FFFD.
  app.addHook('preValidation', async (request) => {
    request.body = wellFormed(request.body);
    wellFormed(request.query);
    wellFormed(request.params);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await migrate(options.db);
  mkdirSync(options.blobDir, { recursive: true });
  limitConnectionsPerAddress(
    app.server,
    options.maxConnectionsPerAddress ?? (options.trustProxy ? 0 : DEFAULT_MAX_CONNECTIONS_PER_IP),
  );
  const push = await startPush(pushConfig, options.db, new UpgradeRouter(app.server), app.log);
  // Before the HTTP server closes: upgraded websocket connections would otherwise hold it open.
  app.addHook('preClose', async () => {
    await push.close();
  });
  const sessions = new SessionCache(options.sessionCacheMs ?? SESSION_CACHE_MS);
  await sessions.listen(options.db);
  // A user's own change (any request but a read) is in their next answer from this process, even
  // before the database's notice of it comes back here: their copies go before this one is sent.
  app.addHook('onSend', async (request) => {
    if (request.caller && request.method !== 'GET' && request.method !== 'HEAD')
      sessions.forgetUser(request.caller.userId);
  });
  const sharedCards = new SharedCardCache(options.sharedCardCacheMs ?? SHARED_CARD_CACHE_MS);
  await sharedCards.listen(options.db);
  app.addHook('preClose', async () => {
    await sessions.close();
    await sharedCards.close();
  });
  const oauth = new AuthorizationServer(options.db, options.oauthClients ?? [], Boolean(options.trustProxy));
  await oauth.init();
  const services: Services = {
    db: options.db,
    sender: options.sender ?? new LogSender(app.log),
    blobs: options.blobs ?? new LocalBlobStore(options.blobDir),
    limits: createRateLimits(options.db, options.rateLimits),
    publicUrl: options.publicUrl ?? null,
    sharedCards,
    cardCopies: await cardCopies(options.db),
    friendEntries: friendEntryLoader(options.db),
    sessions,
    metrics,
    push: options.push ?? push.publisher,
    pushAccess: push.access,
    exchange: { ...DEFAULT_EXCHANGE_CONFIG, ...options.exchange },
    thirdParty: new ThirdPartyClients(options.thirdParty ?? {}),
    oauth,
    shop: { bankAccount: '', fpsId: '', ...options.shop },
  };

  app.decorate('services', services);
  app.decorate('pushBroker', push.broker);
  await app.register(envelopePlugin);
  await app.register(multipart, { throwFileSizeLimit: true });
  await app.register(cookie);
  app.decorateRequest('caller', null);
  await registerCaching(app);

  await app.register(
    fastifyPlugin(oauthRoutes(services, contentSecurityPolicy(extraConnect, oauth.redirectTargets()))),
  );
  await app.register(authRoutes(services));
  await app.register(userRoutes(services));
  await app.register(syncRoutes(services));
  await app.register(cardRoutes(services));
  await app.register(companyRoutes(services));
  await app.register(groupRoutes(services));
  await app.register(friendRoutes(services));
  await app.register(exchangeRoutes(services));
  await app.register(feedbackRoutes(services));
  await app.register(physicalCardRoutes(services));
  await app.register(
    infoRoutes({
      policyDir: options.info?.policyDir ?? DEFAULT_POLICY_DIR,
      site: options.info?.site ?? { production_hosts: [], main_site_url: '' },
    }),
  );
  await app.register(notifyRoutes(services));
  await app.register(ocrRoutes(services));
  await app.register(metaRoutes(options.staticDir ?? null));
  await app.register(healthRoutes(options.db, () => push.connected()));
  await app.register(pushRoutes(services, pushConfig));
  await app.register(recognizeRoutes(services, { workers: options.ocrWorkers ?? ocrWorkersFromEnv() }));
  metrics.sources = {
    brokerConnected: () => push.connected(),
    brokerConnections: () => push.broker?.aedes.connectedClients ?? 0,
    ocrWaiting: () => app.ocrPool.load().waiting,
    ocrReading: () => app.ocrPool.load().reading,
  };
  // The OCR engine and language data at /ocr/ (the OCR client fetches them; the service worker keeps them).
  await app.register(ocrAssetRoutes());

  await app.register(fastifyStatic, {
    root: resolve(options.blobDir),
    prefix: '/blobs/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
  });

  const spa = await registerStaticApp(app, options.staticDir ?? null);
  // A GET for a page (not an API call, not a file) is a route of the single-page app; the app
  // itself shows its 404 page for paths it does not know.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/blobs/') &&
      !/\.[a-z0-9]+$/i.test(path);
    if (spa && isPage) return sendShell(reply);
    return sendNotFound(request, reply);
  });

  if (options.operator) {
    const { origin } = options.operator;
    const socket = await startOperatorSocket(options.operator.socket, async (args) => {
      try {
        const base = typeof origin === 'function' ? origin() : origin;
        return { ok: true, output: await runOperatorCommand(services, base, args) };
      } catch (err) {
        if (err instanceof OperatorError) return { ok: false, output: err.message };
        throw err;
      }
    });
    app.addHook('preClose', async () => {
      await new Promise<void>((resolve) => (socket ? socket.close(() => resolve()) : resolve()));
    });
  }

  app.addHook('onClose', async () => {
    await options.db.close();
  });
  return app;
}
