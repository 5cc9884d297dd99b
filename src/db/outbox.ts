import type { MutationArgs, MutationName } from '../api';
import type { UploadTarget } from './CardbookDB';
import { db } from './db';
import { mutate } from './mutations';
import { stageUpload } from './uploads';

/**
 * A screen's writes to this page's database, for the screens that may not hold the database
 * itself (biome.json): a change made now and queued for the server (`mutate`, the outbox), and
 * a picked file kept for the change that will carry it (`stageUpload`).
 */
export function enqueue<N extends MutationName>(name: N, args: MutationArgs<N>): Promise<string> {
  return mutate(db, name, args);
}

/** Keeps a picked file on this device and answers the `local:` reference a change may use for it. */
export function stageFile(blob: Blob, target: UploadTarget): Promise<string> {
  return stageUpload(db, blob, target);
}
