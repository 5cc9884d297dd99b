import { z } from 'zod/mini';
import { syncRowSchema } from './sync';

/**
 * GET /api/user/export: everything the account holds, as one JSON file to download (account
 * management, "export all my data"): every row the sync pull would bring, by table, and vCards
 * of my card, of my friends' cards and of my cloud cards. Not an envelope: a file.
 */
export const EXPORT_FORMAT = 'cardbook-export';

export const exportFileSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(1),
  exported_at: z.string(),
  user_id: z.int(),
  tables: z.record(z.string(), z.array(syncRowSchema)),
  vcards: z.object({
    /** My card ('' when I have none). */
    my_card: z.string(),
    /** My friends' cards, one vCard file. */
    friends: z.string(),
    /** My cloud cards, one vCard file. */
    cloud_cards: z.string(),
  }),
});
export type ExportFile = z.infer<typeof exportFileSchema>;
