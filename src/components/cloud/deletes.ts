import { cloudDeletes } from '../../db/cloud-changes';
import { heldDeletes } from '../undo/pending-delete';

/** A cloud card or group deleted with undo (src/components/undo/pending-delete.ts). */
export type CloudDelete = { kind: 'card' | 'group'; id: string; title: string };

/**
 * Cloud cards and groups deleted in the last few seconds. Their intents are kept in IndexedDB
 * (src/db/cloud-deletes.ts): a page closed within the window makes the delete at the next start
 * of a cloud screen. Making it forgets the intent in the same transaction, so two tabs (or a
 * commit racing the next start) make it once.
 */
export const cloudItemDeletes = heldDeletes<CloudDelete>({
  commit: (item) => cloudDeletes.commit(item.id),
  kept: {
    keep: (item) => cloudDeletes.keep({ ...item, at: Date.now() }),
    forget: (id) => cloudDeletes.forget(id),
    read: async () => (await cloudDeletes.read()).map(({ kind, id, title }) => ({ kind, id, title })),
  },
  message: (item) => (item.kind === 'card' ? 'cloud.card.deleted' : 'cloud.groups.deleted'),
  undo: 'cloud.card.undo',
  testId: 'cloud-undo',
});
