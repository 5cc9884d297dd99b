import { join } from 'node:path';
import { operatorSocketPath, readConfig } from '../server/config';
import {
  type OperatorCommand,
  OperatorError,
  parseOperatorCommand,
  performOperatorCommand,
} from '../server/operator/commands';
import { askOperatorSocket } from '../server/operator/socket';

/**
 * `npm run orders -- …` and `npm run feedback -- …` (server/operator/commands.ts). With the server
 * running on this machine the command goes to it (its socket in DATA_DIR); otherwise it opens the
 * database itself (PGlite in DATA_DIR, or DATABASE_URL) and runs the same functions.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  // A mistyped command is answered before a database or a server is asked.
  let command: OperatorCommand;
  try {
    command = parseOperatorCommand(args);
  } catch (err) {
    if (!(err instanceof OperatorError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 1;
  }
  const config = readConfig();
  const answer = await askOperatorSocket(operatorSocketPath(config), args);
  if (answer) {
    (answer.ok ? process.stdout : process.stderr).write(`${answer.output}\n`);
    return answer.ok ? 0 : 1;
  }
  // The server is not running here: open the database (and the rest of the app) in this process.
  const [{ buildApp }, { openDb }, { prepareDatabase }, { LogSender }, { SmtpSender }] = await Promise.all([
    import('../server/app'),
    import('../server/db/db'),
    import('../server/db/prepare'),
    import('../server/mail/sender'),
    import('../server/mail/smtp-sender'),
  ]);
  const pgliteDir = join(config.DATA_DIR, 'pg');
  if (!config.DATABASE_URL) await prepareDatabase(pgliteDir);
  const db = await openDb(
    config.DATABASE_URL ? { engine: 'postgres', url: config.DATABASE_URL } : { engine: 'pglite', dataDir: pgliteDir },
  );
  const app = await buildApp({
    db,
    blobDir: join(config.DATA_DIR, 'blobs'),
    staticDir: null,
    shop: { bankAccount: config.PAYMENT_BANK_ACCOUNT, fpsId: config.PAYMENT_FPS_ID },
  });
  if (config.SMTP_URL) app.services.sender = new SmtpSender(config.SMTP_URL, config.MAIL_FROM, new LogSender(app.log));
  try {
    const origin = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    process.stdout.write(`${await performOperatorCommand(app.services, origin, command)}\n`);
    return 0;
  } catch (err) {
    if (!(err instanceof OperatorError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 1;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  },
);
