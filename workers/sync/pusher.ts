/**
 * Drains the outbox to POST /api/sync/push in order, in batches cut under the server's size
 * limit, each after the files its changes name are uploaded (uploader.ts). Every change has an
 * id the server applies at most once per client, so a batch sent again is harmless.
 */
import {
  groupSchema,
  MUTATION_MAX_BYTES,
  PUSH_BATCH_MAX,
  PUSH_BODY_MAX_BYTES,
  type PushResult,
  pushResponseSchema,
  syncEndpoints,
} from '../../src/api';
import type { CardbookDB, OutboxRow, Session, SyncNotice } from '../../src/db/CardbookDB';
import { groupRefs } from '../../src/db/mutations';
import { clientId, pendingBatch, renameCreatedGroups, settleOutbox } from '../../src/db/sync-store';
import { OtherAccount, type Transport, Unauthorized } from './transport';
import type { Uploader } from './uploader';

export const PUSH_BATCH = Math.min(50, PUSH_BATCH_MAX);

/** The server answered the request itself cannot be taken (malformed, too large): not worth retrying as is. */
const isRefusal = (status: number) =>
  status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text).length;

function wireOf({ id, name, args, hlc }: OutboxRow) {
  return hlc ? { id, name, args, hlc } : { id, name, args };
}

function pushBody(client: string, batch: readonly OutboxRow[], owner?: number): string {
  return JSON.stringify({ client_id: client, ...(owner ? { owner } : {}), mutations: batch.map(wireOf) });
}

/**
 * The longest head of the queue whose request fits the server's body limit, and the changes
 * that are too large to be sent ever (set apart at once, so they never hold up the queue). A
 * change under the per-change limit always fits a request on its own.
 */
export function cutBySize(
  client: string,
  entries: readonly OutboxRow[],
): { batch: OutboxRow[]; tooLarge: OutboxRow[] } {
  const batch: OutboxRow[] = [];
  const tooLarge: OutboxRow[] = [];
  let size = bytes(pushBody(client, []));
  for (const entry of entries) {
    if (bytes(JSON.stringify(entry.args ?? null)) > MUTATION_MAX_BYTES) {
      tooLarge.push(entry);
      continue;
    }
    const own = bytes(JSON.stringify(wireOf(entry))) + 1;
    if (batch.length > 0 && size + own > PUSH_BODY_MAX_BYTES) break;
    batch.push(entry);
    size += own;
  }
  return { batch, tooLarge };
}

/**
 * The batch up to the first change that names a group created earlier in the same batch: that
 * group's id is known only once the server has answered (settleOutbox rewrites it), so the
 * change goes in the next batch.
 */
export function untilCreatedGroupIsNamed(batch: OutboxRow[]): OutboxRow[] {
  const creating = new Set<number>();
  for (const [i, entry] of batch.entries()) {
    if (groupRefs(entry.name, entry.args).some((id) => creating.has(id))) return batch.slice(0, i);
    const tempId = entry.name === 'addGroup' ? (entry.args as { temp_id?: number }).temp_id : undefined;
    if (tempId !== undefined) creating.add(tempId);
  }
  return batch;
}

/** Temporary group id → the server's id, for each group this batch created. */
function createdGroups(batch: OutboxRow[], result: PushResult): Map<number, number> {
  const created = new Map<number, number>();
  const byId = new Map(batch.map((entry) => [entry.id, entry]));
  for (const r of result.results) {
    const entry = byId.get(r.id);
    if (!r.ok || entry?.name !== 'addGroup') continue;
    const tempId = (entry.args as { temp_id?: number }).temp_id;
    const parsed = groupSchema.safeParse(r.data);
    if (tempId !== undefined && parsed.success) created.set(tempId, parsed.data.group_id);
  }
  return created;
}

type Sent = { kind: 'applied'; result: PushResult } | { kind: 'refused'; status: number; msg: string };

/** One push request. A request-level refusal (4xx other than 401/408/429) is answered, not thrown. */
async function send(transport: Transport, session: Session, client: string, batch: OutboxRow[]): Promise<Sent> {
  const res = await transport.request(
    session,
    syncEndpoints.push.path,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: pushBody(client, batch, transport.ownerFor(session)),
    },
    'push',
  );
  if (res.status === 401) throw new Unauthorized();
  if (res.status === 409) throw new OtherAccount();
  if (isRefusal(res.status)) {
    const json = (await res.json().catch(() => null)) as { msg?: unknown } | null;
    return {
      kind: 'refused',
      status: res.status,
      msg: typeof json?.msg === 'string' ? json.msg : `HTTP ${res.status}`,
    };
  }
  if (!res.ok) throw new Error(`${syncEndpoints.push.path}: HTTP ${res.status}`);
  return { kind: 'applied', result: pushResponseSchema.parse(await res.json()).data };
}

/** Settles a batch the server answered: each change applied or rejected, superseded ones told, created groups renamed. */
async function settleApplied(db: CardbookDB, batch: OutboxRow[], result: PushResult): Promise<void> {
  const names = new Map(batch.map((m) => [m.id, m.name]));
  await settleOutbox(
    db,
    result.results.map((r) => r.id),
    result.results.flatMap((r): SyncNotice[] => {
      const name = names.get(r.id) ?? '';
      if (!r.ok) return [{ id: r.id, name, msg: r.msg }];
      return r.superseded ? [{ id: r.id, name, msg: '', key: 'superseded' }] : [];
    }),
    createdGroups(batch, result),
  );
}

export type Pusher = ReturnType<typeof createPusher>;

type PusherDeps = { db: CardbookDB; transport: Transport; uploader: Uploader };

export function createPusher({ db, transport, uploader }: PusherDeps) {
  /**
   * Drains the outbox in order, in batches cut under the server's size limit. No change can
   * block the ones behind it: a change too large to ever send is dropped at once, and a batch the
   * server refuses as a whole is halved until the change it cannot take is alone, which is then
   * dropped; each dropped change is told to the user once and its optimistic rows are replaced
   * by the next pull.
   */
  async function push(session: Session, tally: { sent: number }): Promise<void> {
    const client = await clientId(db);
    let limit = PUSH_BATCH;
    for (;;) {
      await renameCreatedGroups(db);
      const queued = untilCreatedGroupIsNamed(await pendingBatch(db, limit));
      const { ready, lost } = await uploader.withFiles(session, queued);
      const { batch, tooLarge } = cutBySize(client, ready);
      lost.push(...tooLarge.map((entry) => ({ id: entry.id, name: entry.name, msg: '', key: 'tooLarge' as const })));
      if (lost.length > 0) {
        await settleOutbox(
          db,
          lost.map((l) => l.id),
          lost,
        );
      }
      if (batch.length === 0 && lost.length === 0) return;
      if (batch.length === 0) continue;
      const sent = await send(transport, session, client, batch);
      if (sent.kind === 'refused') {
        const [only] = batch;
        if (batch.length === 1 && only) {
          const key = sent.status === 413 ? ('tooLarge' as const) : undefined;
          await settleOutbox(db, [only.id], [{ id: only.id, name: only.name, msg: sent.msg, ...(key ? { key } : {}) }]);
          limit = PUSH_BATCH;
        } else {
          limit = Math.max(1, Math.floor(batch.length / 2));
        }
        continue;
      }
      tally.sent += sent.result.results.filter((r) => r.ok).length;
      await settleApplied(db, batch, sent.result);
    }
  }

  return { push };
}
