import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type App, buildApp } from '../../server/app';
import { openDb } from '../../server/db/db';
import { LogSender } from '../../server/mail/sender';
import type { OAuthClientConfig } from '../../server/oauth/authorization-server';
import type { PushConfig } from '../../server/push/setup';
import type { InfoConfig } from '../../server/routes/info';
import type { RateLimitConfig } from '../../server/security/rate-limits';
import type { ThirdPartyConfig } from '../../server/security/third-party-clients';
import { emptyExtension } from '../../server/services/cards';
import type { ShopConfig } from '../../server/services/physical-cards';
import { migratedTemplate } from './pglite-template';

/**
 * Builds the real server for a test file: PGlite in memory by default, or, when DATABASE_URL
 * is set, a real PostgreSQL with a schema of its own that is dropped afterwards.
 */
export type TestApp = {
  app: App;
  sender: LogSender;
  blobDir: string;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** Persist PGlite here (or reuse this PostgreSQL schema) to test restarts. */
  dataDir?: string;
  schema?: string;
  rateLimits?: RateLimitConfig;
  /** TRUST_PROXY (off by default). */
  trustProxy?: boolean | number;
  logStream?: { write(line: string): void };
  keepData?: boolean;
  /** Uploaded files go here (kept on close); by default a temp folder removed on close. */
  blobDir?: string;
  /** Serve this built web app too (the end-to-end tests); API only by default. */
  staticDir?: string;
  /** Push transport (embedded broker by default). */
  pushTransport?: PushConfig;
  /** Google and Facebook sign-in (see upstream-idp.ts); none by default. */
  thirdParty?: ThirdPartyConfig;
  publicUrl?: string;
  /** Apps registered with the authorisation server; none by default. */
  oauthClients?: OAuthClientConfig[];
  shop?: Partial<ShopConfig>;
  /** The operators' command socket (server/operator/socket.ts). */
  operator?: { socket: string; origin: string | (() => string) };
  info?: Partial<InfoConfig>;
};

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const url = process.env.DATABASE_URL;
  const schema = options.schema ?? `test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const db = url
    ? await openDb({ engine: 'postgres', url, schema, poolSize: 4 })
    : await openDb({ engine: 'pglite', dataDir: options.dataDir, template: await migratedTemplate() });
  const blobDir = options.blobDir ?? mkdtempSync(join(tmpdir(), 'cardbook-blobs-'));
  const sender = new LogSender();
  const app = await buildApp({
    db,
    blobDir,
    staticDir: options.staticDir ?? null,
    sender,
    rateLimits: options.rateLimits,
    trustProxy: options.trustProxy,
    pushTransport: options.pushTransport,
    thirdParty: options.thirdParty,
    publicUrl: options.publicUrl,
    oauthClients: options.oauthClients,
    shop: options.shop,
    operator: options.operator,
    info: options.info,
    logger: options.logStream ? { level: 'info', stream: options.logStream } : false,
  });
  await app.ready();
  return {
    app,
    sender,
    blobDir,
    engine: db.engine,
    async close() {
      await app.close();
      if (!options.blobDir) rmSync(blobDir, { recursive: true, force: true });
      if (url && !options.keepData) await dropSchema(url, schema);
    },
  };
}

/** Drops a test's PostgreSQL schema and everything in it. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
}

export type Answer<T = unknown> = { status: number; body: { code: number; msg: string; data: T } };

type CallOptions = {
  token?: string;
  lang?: string;
  query?: Record<string, string>;
  /** The caller's address (default 127.0.0.1), for limits counted per address. */
  remoteAddress?: string;
  headers?: Record<string, string>;
};

export async function call<T = unknown>(
  app: App,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.token = options.token;
  if (options.lang) headers.lang = options.lang;
  const res = await app.inject({
    method,
    url,
    query: options.query,
    headers,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() };
}

/** A multipart body as a browser's FormData would send it. */
export async function multipart(field: string, file: { name: string; type: string; data: Uint8Array<ArrayBuffer> }) {
  const form = new FormData();
  form.append(field, new Blob([file.data], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

let counter = 0;
/** A unique email for this run. */
export function newEmail(): string {
  counter += 1;
  return `user${counter}.${randomUUID().slice(0, 8)}@example.com`;
}

/** Registers an account with email + code, the way the app does, and answers its login payload. */
export async function registerUser(t: TestApp, email = newEmail(), password = 'secret-pass') {
  const sent = await call(t.app, 'POST', '/api/sendVerifyCode', { email, scene: 'register' });
  if (sent.status !== 200) throw new Error(`sendVerifyCode: ${JSON.stringify(sent.body)}`);
  const code = t.sender.lastCode(email);
  const res = await call<{ id: number; token: string }>(t.app, 'POST', '/api/register', { email, password, code });
  if (res.status !== 200) throw new Error(`register: ${JSON.stringify(res.body)}`);
  return { ...res.body.data, email, password };
}

/**
 * Every table's row count and the version sequence: equal snapshots mean nothing was written.
 * Rate-limit counters are not data: a refused request has taken its point, as it must.
 */
export async function dbSnapshot(app: App): Promise<string> {
  const tables = await app.services.db.query<{ table_name: string }>(
    `select table_name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'rate_limits'
     order by table_name`,
  );
  const counts: string[] = [];
  for (const { table_name } of tables) {
    const [row] = await app.services.db.query<{ n: number }>(`select count(*)::int as n from "${table_name}"`);
    counts.push(`${table_name}=${row?.n}`);
  }
  const [seq] = await app.services.db.query<{ last_value: number; is_called: boolean }>(
    'select last_value, is_called from row_version',
  );
  const users = await app.services.db.query(
    'select id, full_name, avatar, password_hash, version from users order by id',
  );
  const tokens = await app.services.db.query('select id, revoked_at from auth_tokens order by id');
  return JSON.stringify({ counts, seq, users, tokens });
}

/** The body of card/create for a card with only a name. */
export function plainCard(name: string) {
  return { name, english_name: '', photo: '', photo_back: '', profile: '', is_open: 0, extension: emptyExtension() };
}
