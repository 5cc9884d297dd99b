import type { BlobStore } from '../blobs/store';
import type { Db } from '../db/db';
import type { CodeSender } from '../mail/sender';
import type { RateLimits } from '../security/rate-limits';

/** What the domain services need from the outside world; built once per app. */
export type Services = {
  db: Db;
  sender: CodeSender;
  blobs: BlobStore;
  limits: RateLimits;
};

/** Who is calling: the signed-in user and the token they used. */
export type Caller = { userId: number; tokenId: number; ip: string };
