import type { MutationArgs, MutationName, Profile } from '../api';
import type { CardbookDB } from './CardbookDB';

/**
 * The local effect of each mutation, one definition used twice: when the user makes the
 * change (optimistic write + outbox entry in one transaction) and after every pull (pending
 * outbox entries are re-applied on top of the server's rows, so a pull never shows an older
 * value while a change is still on its way).
 */
type LocalEffects = { [N in MutationName]: (db: CardbookDB, args: MutationArgs<N>) => Promise<void> };

const localEffects: LocalEffects = {
  async setProfile(db, args) {
    const current = await db.profile.get('me');
    if (!current) return;
    const next: Profile = { ...current };
    for (const [key, value] of Object.entries(args) as [keyof typeof args, unknown][]) {
      if (value !== undefined) (next as Record<string, unknown>)[key] = value;
    }
    if (args.fullName !== undefined) next.name = args.fullName;
    await db.profile.put({ ...next, key: 'me' });
  },
  async saveCompany(db, args) {
    await db.company.put({ items: args.items, key: 'me' });
  },
};

function applyLocal<N extends MutationName>(db: CardbookDB, name: N, args: MutationArgs<N>): Promise<void> {
  return localEffects[name](db, args);
}

/** Every table a local effect may write, plus the outbox. */
export const LOCAL_TABLES = (db: CardbookDB) => [db.profile, db.company, db.outbox, db.uploads];

/** Makes a change now and queues it for the server, atomically. */
export async function mutate<N extends MutationName>(db: CardbookDB, name: N, args: MutationArgs<N>): Promise<void> {
  await db.transaction('rw', LOCAL_TABLES(db), async () => {
    await applyLocal(db, name, args);
    await db.outbox.add({ id: crypto.randomUUID(), name, args, createdAt: Date.now() });
  });
}

/** Re-applies every pending change on top of fresh server rows; call inside the pull's transaction. */
export async function rebasePending(db: CardbookDB): Promise<void> {
  const pending = await db.outbox.orderBy('seq').toArray();
  for (const entry of pending) {
    await applyLocal(db, entry.name, entry.args as MutationArgs<typeof entry.name>);
  }
}
