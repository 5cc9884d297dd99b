import type { CardExtension, CardExtensionInput, CardShare, MutationArgs, MutationName, Profile } from '../api';
import type { CardbookDB } from './CardbookDB';

/**
 * The local effect of each mutation, one definition used twice: when the user makes the
 * change (optimistic write + outbox entry in one transaction) and after every pull (pending
 * outbox entries are re-applied on top of the server's rows, so a pull never shows an older
 * value while a change is still on its way).
 */
const NO_SHARE: CardShare = {
  fb: '',
  qr: '',
  link: '',
  contact: '',
  line: '',
  linkedin: '',
  telegram: '',
  twitter: '',
  whatsapp: '',
};

/** The server drops entries whose text is all blank; the local copy does the same. */
function withoutBlankEntries(extension: CardExtensionInput): CardExtension {
  const filled = (e: { content: string }) => e.content.trim() !== '';
  return {
    company: extension.company.filter((c) => [c.name, c.department, c.position].some((v) => v.trim() !== '')),
    address: extension.address.filter(filled),
    tel: extension.tel.filter(filled),
    email: extension.email.filter(filled),
    website: extension.website.filter(filled),
    other: extension.other.filter(filled),
    industry: extension.industry.filter(filled),
    social: extension.social.filter(filled),
  };
}

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
  async saveCard(db, args) {
    const current = await db.card.get('me');
    await db.card.put({
      key: 'me',
      card_id: current?.card_id ?? 0,
      share_str: current?.share_str ?? '',
      share: current?.share ?? NO_SHARE,
      group_update_num: current?.group_update_num ?? 0,
      ...args,
      extension: withoutBlankEntries(args.extension),
    });
  },
  async saveCompany(db, args) {
    await db.company.put({ items: args.items, key: 'me' });
  },
};

function applyLocal<N extends MutationName>(db: CardbookDB, name: N, args: MutationArgs<N>): Promise<void> {
  return localEffects[name](db, args);
}

/** Every table a local effect may write, plus the outbox. */
export const LOCAL_TABLES = (db: CardbookDB) => [db.profile, db.card, db.company, db.outbox, db.uploads];

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
