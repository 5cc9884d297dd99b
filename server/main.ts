import { join } from 'node:path';
import { buildApp } from './app';
import { pushConfig, readConfig } from './config';
import { openDb } from './db/db';
import { LogSender } from './mail/sender';
import { SmtpSender } from './mail/smtp-sender';

/** Starts the server from the environment: the API, the built app and the blobs on one port. */
export async function main(): Promise<void> {
  const config = readConfig();
  const db = await openDb(
    config.DATABASE_URL
      ? { engine: 'postgres', url: config.DATABASE_URL }
      : { engine: 'pglite', dataDir: join(config.DATA_DIR, 'pg') },
  );
  const logger = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.token', 'req.headers.cookie', 'req.headers.authorization'],
  };
  const app = await buildApp({
    db,
    blobDir: join(config.DATA_DIR, 'blobs'),
    staticDir: config.STATIC_DIR,
    logger,
    trustProxy: config.TRUST_PROXY,
    publicUrl: config.PUBLIC_URL ?? null,
    pushTransport: pushConfig(config),
  });
  if (config.SMTP_URL) {
    app.services.sender = new SmtpSender(config.SMTP_URL, config.MAIL_FROM, new LogSender(app.log));
  }
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Cardbook on http://localhost:${config.PORT} (${db.engine})`);
}
