import type { BlobStore } from '../blobs/store';
import type { Db } from '../db/db';
import type { CodeSender } from '../mail/sender';
import type { RateLimits } from '../security/rate-limits';
import type { SharedCardCache } from './card-cache';

/** What the domain services need from the outside world; built once per app. */
export type Services = {
  db: Db;
  sender: CodeSender;
  blobs: BlobStore;
  limits: RateLimits;
  /** The public origin links are built on (PUBLIC_URL), or null to take it from each request. */
  publicUrl: string | null;
  sharedCards: SharedCardCache;
};

/**
 * Who is calling: the signed-in user and the token they used, and the origin they reached us at
 * (e.g. https://cardbook.example), on which the links we answer them are built.
 */
export type Caller = { userId: number; tokenId: number; ip: string; origin: string };
