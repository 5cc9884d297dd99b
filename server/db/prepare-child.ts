import { migrate } from './migrate';
import { openPglite } from './pglite';

/**
 * Child process of `prepareDatabase`: creates the PGlite folder given as its argument if new,
 * applies pending migrations, closes it and exits, so their memory leaves with the process.
 */
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: prepare-child <PGlite data folder>');
const db = await openPglite(dataDir);
try {
  await migrate(db);
} finally {
  await db.close();
}
