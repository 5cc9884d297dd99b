import Dexie, { type EntityTable } from 'dexie';
import type {
  CardFields,
  CloudCard,
  CloudGroup,
  CompanyContent,
  CompanyItem,
  Friend,
  MutationName,
  MyCard,
  Notification,
  PhysicalOrder,
  Profile,
  SyncGroup,
} from '../api';
import type { ExchangeRoom } from '../api/exchange';

/** My profile as the UI shows it: the server's row with pending local edits applied on top. */
export type ProfileRow = Profile & { key: 'me' };

/** A write made on this device that the server has not confirmed yet, in the order it was made. */
export type OutboxRow = {
  seq?: number;
  id: string;
  name: MutationName;
  args: unknown;
  createdAt: number;
  /** When the change was made (src/lib/hlc.ts): of two edits of one field the later-made wins. */
  hlc?: string;
};

/** Why a change is told to the user: the server's own message, or one of ours (app.sync.*). */
export type SyncNotice = { id: string; name: string; msg: string; key?: 'tooLarge' | 'fileMissing' | 'superseded' };

export type SyncState = {
  /** This browser's sync worker believes the server is reachable. */
  online: boolean;
  syncing: boolean;
  /** Epoch ms of the last completed pull, or 0. */
  lastSyncAt: number;
  /** The server refused the session (401): the app must sign out. */
  unauthorized: boolean;
  /** Changes rejected (dropped) or outdone by a newer edit, to tell the user once. */
  rejected: SyncNotice[];
};

export type Session = { token: string; userId: number; loginType?: number };

/** Key/value rows for small singletons: session, pull cursor, client id, sync state. */
export type MetaRow =
  | { key: 'session'; value: Session }
  | { key: 'cursor'; value: number }
  | { key: 'clientId'; value: string }
  | { key: 'lang'; value: string }
  | { key: 'syncState'; value: SyncState }
  | { key: 'syncLeader'; value: { tabId: string; since: number } }
  /** The exchange room whose live pushes to follow (0 or absent: none); see push-store.ts. */
  | { key: 'exchangeGroup'; value: number }
  /** The exchange room on show (the server's answer, then live counts and its end by push). */
  | { key: 'exchangeRoom'; value: ExchangeRoom }
  /** Epoch ms of the last push that plays the sound; every tab watches it. */
  | { key: 'pushSound'; value: number }
  /** System notifications announced by push since the drawer last reset it. */
  | { key: 'pushUnread'; value: number }
  /** Whether the live push connection is up and subscribed, and since when (written on change). */
  | { key: 'liveState'; value: { connected: boolean; since: number } }
  /** The last hybrid logical clock stamp this device made (src/lib/hlc.ts). */
  | { key: 'hlc'; value: string }
  /** Groups made on this device: temporary id → the server's id, once the server has made them. */
  | { key: 'createdGroups'; value: Record<string, number> }
  /**
   * After a sign-out with changes not yet sent: whose they are. They are sent when that account
   * signs in again on this device, and dropped if another one does (src/session/session.ts).
   */
  | { key: 'pendingOwner'; value: number }
  /** Ids of changes moved in from a signed-out page's database (legacy-db.ts): never queued twice. */
  | { key: 'adoptedChanges'; value: string[] }
  /** Cloud cards and groups deleted here within their undo window (cloud-deletes.ts). */
  | { key: 'cloudDeletes'; value: { kind: 'card' | 'group'; id: string; title: string; at: number }[] }
  /** Changes the service worker sent while no page of the app was open, told on the next open. */
  | { key: 'sentInBackground'; value: number };

/**
 * My card: the server's with pending local edits applied. Photo fields may hold `local:<id>`
 * references to files picked on this device (uploads.ts); card_id is 0 and share_str '' until
 * the server has first saved it.
 */
export type CardRow = MyCard & { key: 'me' };

/** My company promotional content: the server's list with pending local edits applied. */
export type CompanyRow = CompanyContent & { key: 'me' };

/**
 * A file picked on this device that a queued change refers to as `local:<id>` (see uploads.ts).
 * `url` is where the server keeps it once uploaded; the blob stays until no change needs it.
 */
export type UploadRow = {
  id: string;
  blob: Blob;
  /** The endpoint it goes to. */
  target: UploadTarget;
  url: string | null;
  createdAt: number;
};
/** One of my exclusive-card orders, with its history, as the server last sent it. */
export type PhysicalOrderRow = PhysicalOrder;

/** What a staged file is for: where the sync worker's uploader sends it (workers/sync/uploader.ts). */
export type UploadTarget =
  | 'cardPhoto'
  | 'cloudPhoto'
  | 'feedbackImage'
  | 'avatar'
  | 'companyImage'
  | 'companyPdf'
  | 'paymentProof';

/** A notification as the server last sent it (msg in the language of that pull), read state applied. */
export type NotificationRow = Notification;

/** One of my friend groups; a group made on this device has a negative id until the server confirms it. */
export type GroupRow = SyncGroup;

/** One of my friend entries with its friend's latest card; `groupIds` is group_id as numbers (indexed). */
export type FriendRow = Friend & { groupIds: number[] };

/**
 * What a card-detail overlay fetched online for a friend's card so it opens again offline
 * (src/db/card-cache.ts): its promotional items, and the image URLs it put in the card cache
 * (Cache Storage CARD_IMAGE_CACHE, answered by the service worker) with their size.
 */
export type CardCacheRow = {
  card_id: number;
  share_str: string;
  company: CompanyItem[];
  /** Image URLs this card holds in the image cache (photos, avatar, promotional images). */
  urls: string[];
  bytes: number;
  /** When the card was last opened (ms): least recently opened goes first. */
  openedAt: number;
};

/** One of my cloud cards: the server's with pending local edits applied (photos may be `local:` refs). */
export type CloudCardRow = CloudCard;

/** One of my cloud groups (ids are made on the device, so a new one keeps its id). */
export type CloudGroupRow = CloudGroup;

/**
 * One card shot in the scanner's event mode, kept here from the moment it is taken until it is
 * saved as a cloud card (then `id` becomes the card's id) or discarded, so closing the app or a
 * dead phone loses nothing. Recognition runs in the background: queued → recognizing → ready
 * (fields filled) or failed (fields stay empty for the user to type).
 */
export type ScanRow = {
  id: string;
  /** Compressed JPEG of the card as shot (prepared: found, straightened, scaled). */
  front: Blob;
  back: Blob | null;
  status: 'queued' | 'recognizing' | 'ready' | 'failed';
  fields: CardFields | null;
  /** Recognized text, line by line (what the fields were made from). */
  lines: string[];
  createdAt: number;
};

/**
 * The local database: everything the UI shows lives here and is read through live queries.
 * The sync worker is the only writer of server truth; screens write optimistic changes
 * together with their outbox entry (see mutations.ts).
 */
export class CardbookDB extends Dexie {
  meta!: EntityTable<MetaRow, 'key'>;
  profile!: EntityTable<ProfileRow, 'key'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  notifications!: EntityTable<NotificationRow, 'id'>;
  card!: EntityTable<CardRow, 'key'>;
  company!: EntityTable<CompanyRow, 'key'>;
  uploads!: EntityTable<UploadRow, 'id'>;
  groups!: EntityTable<GroupRow, 'group_id'>;
  friends!: EntityTable<FriendRow, 'accept_id'>;
  cloudCards!: EntityTable<CloudCardRow, 'id'>;
  cloudGroups!: EntityTable<CloudGroupRow, 'id'>;
  scans!: EntityTable<ScanRow, 'id'>;
  cardCache!: EntityTable<CardCacheRow, 'card_id'>;
  physicalOrders!: EntityTable<PhysicalOrderRow, 'id'>;
  /** This device's wall clock, which may be wrong (the sync tests set it minutes off, as a phone's may be). */
  now: () => number = () => Date.now();

  constructor(name = 'cardbook') {
    super(name);
    this.version(1).stores({
      meta: 'key',
      profile: 'key',
      outbox: '++seq, &id',
      notifications: 'id, status_user',
    });
    this.version(2).stores({ card: 'key', company: 'key', uploads: 'id' });
    this.version(3).stores({
      groups: 'group_id',
      friends: 'accept_id, *groupIds',
      notifications: 'id, status_user, time',
    });
    // Friends by card (optimistic adds, notifications); friend_card_info gained `company`, so
    // the next pull starts over to bring it.
    this.version(4)
      .stores({ friends: 'accept_id, *groupIds, friend_card_info.card_id' })
      .upgrade((tx) => tx.table('meta').put({ key: 'cursor', value: 0 }));
    // Cloud cards and groups arrive by pull from the start of the cursor: the next pull starts over.
    this.version(5)
      .stores({ cloudCards: 'id, group_id, updated_at', cloudGroups: 'id, sort', scans: 'id, createdAt, status' })
      .upgrade((tx) => tx.table('meta').put({ key: 'cursor', value: 0 }));
    // friend_card_info carries the whole card (sync protocol 7): the next pull starts over to
    // bring it. Friends by share key open /s/{key} offline; cardCache keeps opened cards' extras.
    this.version(6)
      .stores({
        friends: 'accept_id, *groupIds, friend_card_info.card_id, friend_card_info.share_str',
        cardCache: 'card_id, openedAt',
      })
      .upgrade((tx) => tx.table('meta').put({ key: 'cursor', value: 0 }));
    // Exclusive-card orders arrive by pull (sync protocol 8): the next pull starts over.
    this.version(7)
      .stores({ physicalOrders: 'id, created_at' })
      .upgrade((tx) => tx.table('meta').put({ key: 'cursor', value: 0 }));
  }

  /**
   * The browser can close our connection under us (the user or the system clears the site's
   * data): Chromium then aborts each later transaction with "The connection was closed" instead
   * of letting Dexie reopen on its own. Reopening is the way back; says whether it was needed.
   */
  async reopenIfClosed(err: unknown): Promise<boolean> {
    if (!isConnectionLost(err)) return false;
    this.close({ disableAutoOpen: false });
    await this.open();
    return true;
  }
}

const CONNECTION_ERRORS = new Set(['AbortError', 'InvalidStateError', 'DatabaseClosedError']);

function isConnectionLost(err: unknown): boolean {
  if (!(err instanceof Error) && !(typeof DOMException !== 'undefined' && err instanceof DOMException)) return false;
  const { name, message } = err as Error;
  return CONNECTION_ERRORS.has(name) && /clos/i.test(message);
}
