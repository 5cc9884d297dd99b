import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { App } from '../../../server/app';
import type { LogSender } from '../../../server/mail/sender';
import type { OAuthClientConfig } from '../../../server/oauth/authorization-server';
import type { PushConfig } from '../../../server/push/setup';
import type { RateLimitConfig } from '../../../server/security/rate-limits';
import type { ThirdPartyConfig } from '../../../server/security/third-party-clients';
import type { ShopConfig } from '../../../server/services/physical-cards';
import { createTestApp, dropSchema, type TestApp } from '../../server/helper';

/**
 * The real server on a real port for one test file, built like `npm start` builds it but on
 * throw-away data: PGlite under a temp DATA_DIR (or a fresh schema on DATABASE_URL), blobs
 * beside it, and a private copy of dist/ so a test may rewrite version.json.
 */
export type E2eServer = {
  /** http://127.0.0.1:<port>, the same for the server's whole life (restarts included). */
  readonly url: string;
  readonly dataDir: string;
  /** The app and code sender of the running instance (new ones after `restart`). */
  readonly app: App;
  readonly sender: LogSender;
  /** Makes the server announce `version` at /version.json, as a deploy would. */
  setVersionFile(version: string): void;
  /** Stops answering (connections refused), keeping the data. */
  stop(): Promise<void>;
  /** Serves again on the same port with the same data. */
  restart(): Promise<void>;
  /** Stops and removes the data. */
  close(): Promise<void>;
};

/** The build under test: dist/, or E2E_DIST (a build of one's own, made with `npm run build -- <dir>`). */
const DIST = process.env.E2E_DIST ?? fileURLToPath(new URL('../../../dist', import.meta.url));

export type StartServerOptions = {
  rateLimits?: RateLimitConfig;
  /** Google and Facebook sign-in (tests/server/upstream-idp.ts); none by default. */
  thirdParty?: ThirdPartyConfig;
  /** Apps registered with the authorisation server. */
  oauthClients?: OAuthClientConfig[];
  shop?: Partial<ShopConfig>;
  /** Serve the operators' command socket in the data folder (run it with DATA_DIR=dataDir). */
  operator?: boolean;
  /** Push transport (default: the embedded broker); see pushTransportFromEnv. */
  pushTransport?: PushConfig;
};

/**
 * The push transport the environment asks for: with MQTT_URL (see .ci/start-mosquitto.sh), the
 * external Mosquitto under a fresh topic prefix; otherwise undefined (the embedded broker).
 */
export function pushTransportFromEnv(): PushConfig | undefined {
  const url = process.env.MQTT_URL;
  if (!url) return undefined;
  return {
    prefix: `cbe2e${randomUUID().slice(0, 6)}`,
    external: {
      url,
      username: process.env.MQTT_ADMIN_USERNAME ?? 'cardbook-admin',
      password: process.env.MQTT_ADMIN_PASSWORD ?? '',
      wsUrl: process.env.MQTT_WS_URL ?? null,
    },
  };
}

export async function startServer(options: StartServerOptions = {}): Promise<E2eServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardbook-e2e-'));
  const staticDir = join(dataDir, 'dist');
  cpSync(DIST, staticDir, { recursive: true });
  const schema = `e2e_${randomUUID().replaceAll('-', '').slice(0, 12)}`;

  let port = 0;
  let current: TestApp | null = null;
  const running = (): TestApp => {
    if (!current) throw new Error('the e2e server is stopped');
    return current;
  };
  const serve = async () => {
    const started = await createTestApp({
      dataDir: join(dataDir, 'pg'),
      blobDir: join(dataDir, 'blobs'),
      staticDir,
      schema,
      keepData: true,
      rateLimits: options.rateLimits,
      thirdParty: options.thirdParty,
      oauthClients: options.oauthClients,
      shop: options.shop,
      operator: options.operator
        ? { socket: join(dataDir, 'operator.sock'), origin: () => `http://127.0.0.1:${port}` }
        : undefined,
      pushTransport: options.pushTransport,
    });
    await started.app.listen({ host: '127.0.0.1', port });
    const address = started.app.server.address();
    if (address && typeof address === 'object') port = address.port;
    current = started;
  };
  const stop = async () => {
    await current?.close();
    current = null;
  };

  await serve();
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    get app() {
      return running().app;
    },
    get sender() {
      return running().sender;
    },
    setVersionFile(version) {
      writeFileSync(join(staticDir, 'version.json'), JSON.stringify({ version }));
    },
    stop,
    async restart() {
      await stop();
      await serve();
    },
    async close() {
      await stop();
      if (process.env.DATABASE_URL) await dropSchema(process.env.DATABASE_URL, schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
