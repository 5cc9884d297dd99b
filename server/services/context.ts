import type { Locale } from '../../src/i18n/langs';
import type { Hlc } from '../../src/lib/hlc';
import type { BlobStore } from '../blobs/store';
import type { Db } from '../db/db';
import type { CodeSender } from '../mail/sender';
import type { Metrics } from '../metrics';
import type { AuthorizationServer } from '../oauth/authorization-server';
import type { PushAccess, PushPublisher } from '../push/publisher';
import type { RateLimits } from '../security/rate-limits';
import type { ThirdPartyClients } from '../security/third-party-clients';
import type { SharedCardCache } from './card-cache';
import type { CardCopies } from './card-copies';
import type { ExchangeConfig } from './exchange';
import type { FriendEntryLoader } from './friend-entries';
import type { ShopConfig } from './physical-cards';
import type { SessionCache } from './session-cache';

/** What the domain services need from the outside world; built once per app. */
export type Services = {
  db: Db;
  sender: CodeSender;
  blobs: BlobStore;
  limits: RateLimits;
  /** The public origin links are built on (PUBLIC_URL), or null to take it from each request. */
  publicUrl: string | null;
  sharedCards: SharedCardCache;
  /** Signs the copy of a card's public face that its QR code carries. */
  cardCopies: CardCopies;
  /** Viewers' friend entries for cards, looked up together (one query for those asked at once). */
  friendEntries: FriendEntryLoader;
  /** Sessions resolved from tokens, kept a moment and forgotten on every process when revoked. */
  sessions: SessionCache;
  /** What Prometheus reads (server/metrics.ts). */
  metrics: Metrics;
  /**
   * Live pushes (SPEC §4), sent after a write commits. Inside a sync push this is a buffer that
   * the push flushes once the mutation's transaction has committed.
   */
  push: PushPublisher;
  /** Broker-side permissions: session accounts and exchange rooms (external broker; no-ops embedded). */
  pushAccess: PushAccess;
  /** Group exchange rooms: lifetime and size cap. */
  exchange: ExchangeConfig;
  /** Google and Facebook sign-in, as configured (none by default). */
  thirdParty: ThirdPartyClients;
  /** Cardbook as an OAuth 2 authorisation server for apps reading a user's card. */
  oauth: AuthorizationServer;
  /** Where exclusive-card orders are paid (PAYMENT_BANK_ACCOUNT, PAYMENT_FPS_ID). */
  shop: ShopConfig;
};

/**
 * Who is calling: the signed-in user and the token they used, and the origin they reached us at
 * (e.g. https://cardbook.example), on which the links we answer them are built, and the
 * language of the request (texts written at read time, such as notifications, use it).
 */
export type Caller = {
  userId: number;
  tokenId: number;
  ip: string;
  origin: string;
  locale: Locale;
  /** A sync mutation: when it was made, and the fields a newer edit kept (see ./clock.ts). */
  clock?: { hlc: Hlc; superseded: string[] };
};
