import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where uploaded files (avatars, card photos, PDFs) live. The local store writes under a folder
 * served at /blobs/; an object store can replace it behind the same two calls.
 */
export interface BlobStore {
  /** Stores `data` under `key` (e.g. "avatars/abc.webp") and answers its public URL path. */
  put(key: string, data: Buffer): Promise<string>;
  remove(key: string): Promise<void>;
}

export class LocalBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  async put(key: string, data: Buffer): Promise<string> {
    if (!/^[a-z]+\/[A-Za-z0-9_-]+\.[a-z0-9]+$/.test(key)) throw new Error(`bad blob key ${key}`);
    const path = join(this.root, key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data);
    return `/blobs/${key}`;
  }

  async remove(key: string): Promise<void> {
    await rm(join(this.root, key), { force: true });
  }
}
