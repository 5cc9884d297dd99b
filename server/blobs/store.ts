import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where uploaded files (avatars, card photos, PDFs) live. The local store writes under a folder
 * served at /blobs/; an object store can replace it behind the same two calls.
 */
export interface BlobStore {
  /** Stores `data` under `key` (e.g. "avatars/abc.webp") and answers its public URL path. */
  put(key: string, data: Buffer): Promise<string>;
  /** The stored bytes, or null when there is no such blob. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z]+\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;

/** The blob key of a URL path `put` answered (`/blobs/{key}`), or null for anything else. */
export function blobKeyOf(url: string): string | null {
  const key = url.startsWith('/blobs/') ? url.slice('/blobs/'.length) : '';
  return KEY.test(key) ? key : null;
}

export class LocalBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  async put(key: string, data: Buffer): Promise<string> {
    if (!KEY.test(key)) throw new Error(`bad blob key ${key}`);
    const path = join(this.root, key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data);
    return `/blobs/${key}`;
  }

  async get(key: string): Promise<Buffer | null> {
    if (!KEY.test(key)) return null;
    try {
      return await readFile(join(this.root, key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(join(this.root, key), { force: true });
  }
}
