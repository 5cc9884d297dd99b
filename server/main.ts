import { join } from 'node:path';
import { buildApp, LISTEN_BACKLOG } from './app';
import { oauthClients, operatorSocketPath, pushConfig, readConfig, thirdPartyConfig } from './config';
import { openDb } from './db/db';
import { prepareDatabase } from './db/prepare';
import { LogSender } from './mail/sender';
import { SmtpSender } from './mail/smtp-sender';
import { Metrics, serveMetrics } from './metrics';

/** Starts the server from the environment: the API, the built app and the blobs on one port. */
export async function main(): Promise<void> {
  const config = readConfig();
  const pgliteDir = join(config.DATA_DIR, 'pg');
  if (!config.DATABASE_URL) await prepareDatabase(pgliteDir);
  const db = await openDb(
    config.DATABASE_URL ? { engine: 'postgres', url: config.DATABASE_URL } : { engine: 'pglite', dataDir: pgliteDir },
  );
  const logger = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.token', 'req.headers.cookie', 'req.headers.authorization'],
  };
  const metrics = new Metrics();
  const app = await buildApp({
    db,
    metrics,
    blobDir: join(config.DATA_DIR, 'blobs'),
    staticDir: config.STATIC_DIR,
    logger,
    trustProxy: config.TRUST_PROXY,
    maxConnectionsPerAddress: config.MAX_CONNECTIONS_PER_IP,
    publicUrl: config.PUBLIC_URL ?? null,
    pushTransport: pushConfig(config),
    thirdParty: thirdPartyConfig(config),
    oauthClients: oauthClients(config),
    shop: { bankAccount: config.PAYMENT_BANK_ACCOUNT, fpsId: config.PAYMENT_FPS_ID },
    info: {
      policyDir: config.POLICY_DIR,
      site: { production_hosts: config.PRODUCTION_HOSTS, main_site_url: config.MAIN_SITE_URL },
    },
    operator: { socket: operatorSocketPath(config), origin: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` },
    exchange: { roomMinutes: config.EXCHANGE_ROOM_MINUTES, maxMembers: config.EXCHANGE_ROOM_MAX },
  });
  if (config.SMTP_URL) {
    app.services.sender = new SmtpSender(config.SMTP_URL, config.MAIL_FROM, new LogSender(app.log));
  }
  // SIGTERM/SIGINT: stop accepting, let requests in flight finish, close the broker and the
  // database (app.close runs those hooks), exit 0. A second signal does not wait.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info(`${signal}: finishing requests in flight, then stopping`);
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error(err, 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await app.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG });
  if (config.METRICS_PORT) {
    // Closed with the process (stop() exits once the app has closed).
    await serveMetrics(metrics.withProcessMetrics(), config.METRICS_PORT, config.HOST);
    app.log.info(`metrics on http://localhost:${config.METRICS_PORT}/metrics`);
  }
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.PORT;
  app.log.info(`Cardbook on http://localhost:${port} (${db.engine})`);
}
