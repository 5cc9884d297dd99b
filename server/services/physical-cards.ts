import { createHash, randomInt } from 'node:crypto';
import {
  type CardApplyBody,
  NOTIFY_TYPE_FRIEND,
  NotifySub,
  PHYSICAL_PRODUCTS,
  type PhysicalLinkBody,
  type PhysicalOrder,
  type PhysicalStatus,
  ROOM_CODE_ALPHABET,
  type SendProofBody,
  STATUS_TEXT_KEY,
  type SyncRow,
} from '../../src/api';
import { type Locale, localeFromHeader } from '../../src/i18n/langs';
import { isNewer } from '../../src/lib/hlc';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/errors';
import { serverText } from '../i18n';
import { randomKey } from '../security/secrets';
import { stampOf, superseded } from './clock';
import type { Caller, Services } from './context';
import { pushSystem, SystemSub, systemMessage } from './pushes';
import { encodePhoto, notOwnedUpload, storeUpload } from './uploads';

/**
 * The exclusive NFC card, from order to binding (src/api/physical-card.ts). Every change of
 * state is one transaction: the order row, an event in its history, and a notification; then
 * the owner's devices are told to pull, and a mail goes out when the account has an email.
 * The operators' command (scripts/operator.ts) moves orders with moveOrder.
 */
export type ShopConfig = { bankAccount: string; fpsId: string };
/** Wrong check codes one caller may try on one card number (in FAILURE_WINDOW_HOURS) before being refused. */
export const BIND_FAILURES_MAX = 10;
const FAILURE_WINDOW_HOURS = 24;

const code = (length: number) =>
  Array.from({ length }, () => ROOM_CODE_ALPHABET[randomInt(ROOM_CODE_ALPHABET.length)]).join('');
const hashHex = (value: string) => createHash('sha256').update(value).digest('hex');

type OrderRow = {
  id: number;
  user_id: number;
  version: number;
  deleted: boolean;
  order_no: string;
  kind: 'image' | 'metal';
  price_hkd: number;
  quantity: number;
  name_on_card: string;
  delivery: { recipient?: string; phone?: string; address?: string };
  payment_to: { bank_account?: string; fps_id?: string };
  payment_method: 'bank_transfer' | 'fps';
  status: PhysicalStatus;
  proof: boolean;
  card_no: string | null;
  tracking_no: string | null;
  created_at: number;
  locale: string;
  history: { status: PhysicalStatus; at: number; note: string }[];
};

const COLUMNS = `o.id, o.user_id, o.version, o.deleted_at is not null as deleted, o.order_no, o.kind, o.price_hkd,
  o.quantity, o.name_on_card, o.delivery, o.payment_to, o.payment_method, o.status, o.proof_url is not null as proof,
  o.card_no, o.tracking_no, (extract(epoch from o.created_at) * 1000)::bigint as created_at, o.locale,
  coalesce((select jsonb_agg(jsonb_build_object('status', e.status, 'note', e.note,
    'at', (extract(epoch from e.created_at) * 1000)::bigint) order by e.id)
    from physical_card_order_events e where e.order_id = o.id), '[]'::jsonb) as history`;

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function orderOf(row: OrderRow): PhysicalOrder {
  const delivery = json(row.delivery);
  const payment = json(row.payment_to);
  return {
    id: Number(row.id),
    order_no: row.order_no,
    kind: row.kind,
    unit_price_hkd: Number(row.price_hkd),
    quantity: Number(row.quantity),
    total_hkd: Number(row.price_hkd) * Number(row.quantity),
    name_on_card: row.name_on_card,
    recipient: delivery.recipient ?? '',
    phone: delivery.phone ?? '',
    address: delivery.address ?? '',
    payment_method: row.payment_method,
    status: row.status,
    proof: row.proof,
    card_no: row.card_no,
    tracking_no: row.tracking_no,
    payment: { bank_account: payment.bank_account ?? '', fps_id: payment.fps_id ?? '' },
    history: json(row.history).map((e) => ({ status: e.status, at: Number(e.at), note: e.note })),
    created_at: Number(row.created_at),
  };
}

async function orderRow(q: Queryable, where: string, params: unknown[], lock = false): Promise<OrderRow | null> {
  const [row] = await q.query<OrderRow>(
    `select ${COLUMNS} from physical_card_orders o where ${where} and o.deleted_at is null${lock ? ' for update' : ''}`,
    params,
  );
  return row ?? null;
}

async function myOrderRow(q: Queryable, caller: Caller, id: number, lock = false): Promise<OrderRow> {
  const row = await orderRow(q, 'o.id = $1 and o.user_id = $2', [id, caller.userId], lock);
  if (!row) throw new ApiError(404, 'physicalOrderNotFound');
  return row;
}

async function record(q: Queryable, row: OrderRow, status: PhysicalStatus, actor: 'user' | 'operator', note = '') {
  await q.query('insert into physical_card_order_events (order_id, status, note, actor) values ($1, $2, $3, $4)', [
    row.id,
    status,
    note,
    actor,
  ]);
  await q.query(
    `insert into notifications (user_id, msg_type, msg_type_sub, icon, content)
     values ($1, $2, $3, '', jsonb_build_object('order_id', $4::bigint, 'order_no', $5::text, 'status', $6::text))`,
    [row.user_id, NOTIFY_TYPE_FRIEND, NotifySub.orderStatus, row.id, row.order_no, status],
  );
}

/** After a change committed: the owner's devices pull, and a mail tells them when they have an email. */
async function told(s: Services, row: OrderRow, status: PhysicalStatus, note = ''): Promise<void> {
  await pushSystem(s, [Number(row.user_id)], systemMessage(SystemSub.listChanged));
  const [user] = await s.db.query<{ email: string | null }>('select email from users where id = $1', [row.user_id]);
  if (!user?.email) return;
  await s.sender
    .send({
      kind: 'orderStatus',
      to: { kind: 'email', email: user.email },
      locale: localeFromHeader(row.locale),
      orderNo: row.order_no,
      status,
      tracking: status === 'shipped' ? note : '',
    })
    .catch(() => undefined);
}

/** The words of an order's change, for its notification and mail. */
export function orderStatusText(locale: Locale, orderNo: string, status: PhysicalStatus): string {
  return serverText(locale, 'notifyOrder', { order: orderNo, status: serverText(locale, STATUS_TEXT_KEY[status]) });
}

async function myCardId(q: Queryable, userId: number): Promise<number | null> {
  const [card] = await q.query<{ id: number }>('select id from cards where user_id = $1 and deleted_at is null', [
    userId,
  ]);
  return card ? Number(card.id) : null;
}

/** POST /api/card/card_apply */
export async function applyForCard(s: Services, caller: Caller, body: CardApplyBody): Promise<PhysicalOrder> {
  const row = await s.db.tx(async (q) => {
    const cardId = await myCardId(q, caller.userId);
    if (cardId === null) throw new ApiError(400, 'physicalNeedsCard');
    const [made] = await q.query<{ id: number }>(
      `insert into physical_card_orders (user_id, card_id, kind, price_hkd, payment_method, delivery, name_on_card,
         quantity, order_no, payment_to, locale)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10::jsonb, $11) returning id`,
      [
        caller.userId,
        cardId,
        body.kind,
        PHYSICAL_PRODUCTS[body.kind].price_hkd,
        body.payment_method,
        JSON.stringify({ recipient: body.recipient, phone: body.phone, address: body.address }),
        body.name_on_card,
        body.quantity,
        `CB${code(8)}`,
        JSON.stringify({ bank_account: s.shop.bankAccount, fps_id: s.shop.fpsId }),
        caller.locale,
      ],
    );
    const row = made ? await myOrderRow(q, caller, Number(made.id)) : null;
    if (!row) throw new Error('order vanished');
    await record(q, row, 'submitted', 'user');
    return row;
  });
  await told(s, row, 'submitted');
  return getMyOrder(s, caller, Number(row.id));
}

/** GET /api/card/physical_status/{id} */
export async function getMyOrder(s: Services, caller: Caller, id: number): Promise<PhysicalOrder> {
  return orderOf(await myOrderRow(s.db, caller, id));
}

/**
 * A payment proof as stored: an image (re-encoded, metadata stripped), recorded as the caller's.
 * With the device's upload id, a replay answers the file stored the first time.
 */
export async function storeProof(
  s: Services,
  caller: Caller,
  upload: Buffer,
  uploadId: string | null,
): Promise<string> {
  const { url } = await storeUpload(s, caller, { purpose: 'proof', uploadId }, () => encodePhoto(upload, 'none'));
  return url;
}

const PROOF_OPEN: PhysicalStatus[] = ['submitted', 'proof_received'];

/**
 * Makes a proof I uploaded (storeProof) the payment proof of my order, while the order awaits
 * payment: POST physical_proof with an order id, and the sync mutation sendProof. Of two proofs
 * sent from two devices the one chosen later is kept, whatever order they arrive in; an earlier
 * proof stays stored (the operators may still want to see it).
 */
export async function attachProof(
  s: Services,
  caller: Caller,
  { order_id: orderId, proof }: SendProofBody,
): Promise<PhysicalOrder> {
  const stamp = stampOf(caller);
  const row = await s.db.tx(async (q) => {
    const row = await myOrderRow(q, caller, orderId, true);
    if (!PROOF_OPEN.includes(row.status)) throw new ApiError(409, 'physicalBadStatus');
    if (await notOwnedUpload(q, caller.userId, [{ field: 'proof', url: proof }], ['proof'])) {
      throw new ApiError(400, 'uploadNotYours', { field: 'proof' });
    }
    const [clock] = await q.query<{ proof_clock: string | null }>(
      'select proof_clock from physical_card_orders where id = $1',
      [orderId],
    );
    if (!isNewer(stamp, clock?.proof_clock ?? undefined)) {
      superseded(caller, ['proof']);
      return null;
    }
    await q.query(
      `update physical_card_orders set proof_url = $2, proof_clock = $3, status = 'proof_received' where id = $1`,
      [orderId, proof, stamp],
    );
    await record(q, row, 'proof_received', 'user');
    return row;
  });
  if (row) await told(s, row, 'proof_received');
  return getMyOrder(s, caller, orderId);
}

// The operators' moves ---------------------------------------------------------------------

export type OrderAction = 'paid' | 'production' | 'shipped' | 'delivered' | 'cancel';
const MOVES: Record<OrderAction, { from: PhysicalStatus[]; to: PhysicalStatus }> = {
  paid: { from: ['submitted', 'proof_received'], to: 'paid' },
  production: { from: ['paid'], to: 'in_production' },
  shipped: { from: ['in_production'], to: 'shipped' },
  delivered: { from: ['shipped'], to: 'delivered' },
  cancel: { from: ['submitted', 'proof_received', 'paid'], to: 'cancelled' },
};

export class OrderMoveError extends Error {}

/**
 * Moves an order along (the operators' command). Going into production issues the card number
 * and its check code and answers the link to write to the chip; the code itself is kept only
 * as a hash, so that link is shown once.
 */
export async function moveOrder(
  s: Services,
  orderId: number,
  action: OrderAction,
  origin: string,
  note = '',
): Promise<{ order: PhysicalOrder; link: string | null }> {
  const move = MOVES[action];
  if (action === 'shipped' && note.trim() === '') throw new OrderMoveError('shipped needs a tracking number');
  let link: string | null = null;
  const row = await s.db.tx(async (q) => {
    const row = await orderRow(q, 'o.id = $1', [orderId], true);
    if (!row) throw new OrderMoveError(`no order ${orderId}`);
    if (!move.from.includes(row.status)) {
      throw new OrderMoveError(`order ${orderId} is ${row.status}; ${action} needs ${move.from.join(' or ')}`);
    }
    if (action === 'production') {
      const cardNo = code(10);
      const check = randomKey(18);
      await q.query('update physical_card_orders set card_no = $2, check_hash = $3 where id = $1', [
        orderId,
        cardNo,
        hashHex(check),
      ]);
      link = `${origin}/bindExclusiveCard/${cardNo}?c=${check}`;
    }
    if (action === 'shipped') {
      await q.query('update physical_card_orders set tracking_no = $2 where id = $1', [orderId, note.trim()]);
    }
    await q.query('update physical_card_orders set status = $2 where id = $1', [orderId, move.to]);
    await record(q, row, move.to, 'operator', action === 'shipped' ? note.trim() : '');
    return row;
  });
  await told(s, row, move.to, note.trim());
  const fresh = await orderRow(s.db, 'o.id = $1', [orderId]);
  if (!fresh) throw new OrderMoveError(`no order ${orderId}`);
  return { order: orderOf(fresh), link };
}

export type OrderSummary = PhysicalOrder & { user_id: number };

/** One order, whoever's (the operators' command). */
export async function findOrder(s: Pick<Services, 'db'>, id: number): Promise<OrderSummary | null> {
  const row = await orderRow(s.db, 'o.id = $1', [id]);
  return row ? { ...orderOf(row), user_id: Number(row.user_id) } : null;
}

export async function listOrders(s: Pick<Services, 'db'>, status?: PhysicalStatus): Promise<OrderSummary[]> {
  const rows = await s.db.query<OrderRow>(
    `select ${COLUMNS} from physical_card_orders o where o.deleted_at is null ${status ? 'and o.status = $1' : ''}
     order by o.id`,
    status ? [status] : [],
  );
  return rows.map((row) => ({ ...orderOf(row), user_id: Number(row.user_id) }));
}

/** The order an operator names: its id, its order number (CB…) or its card number. */
async function namedOrder(q: Queryable, ref: string): Promise<OrderRow> {
  const id = /^\d{1,15}$/.test(ref) ? Number(ref) : null;
  const rows = await q.query<OrderRow>(
    `select ${COLUMNS} from physical_card_orders o
     where (o.id = $1::bigint or o.order_no = upper($2) or o.card_no = upper($2)) and o.deleted_at is null
     for update`,
    [id, ref],
  );
  const [row] = rows;
  if (!row) throw new OrderMoveError(`no order or card ${ref}`);
  if (rows.length > 1) throw new OrderMoveError(`${ref} names more than one order: use the order id`);
  return row;
}

/** Lets everyone locked out of a card (by their wrong check codes) try again. */
export async function unlockCard(s: Services, ref: string): Promise<{ order: PhysicalOrder; cleared: number }> {
  return s.db.tx(async (q) => {
    const row = await namedOrder(q, ref);
    if (!row.card_no) throw new OrderMoveError(`order ${row.id} has no card yet (it gets one in production)`);
    const cleared = await q.query(
      `delete from physical_card_failures where order_id = $1 and failures > 0 returning caller`,
      [row.id],
    );
    return { order: orderOf(row), cleared: cleared.length };
  });
}

/**
 * A new check code for a card (a chip to write again, or a link that got out): the old link stops
 * working, every lock on the card is cleared, and the new link is answered once, as in production.
 */
export async function newCheckCode(
  s: Services,
  ref: string,
  origin: string,
): Promise<{ order: PhysicalOrder; link: string }> {
  return s.db.tx(async (q) => {
    const row = await namedOrder(q, ref);
    if (!row.card_no) throw new OrderMoveError(`order ${row.id} has no card yet (it gets one in production)`);
    const check = randomKey(18);
    await q.query('update physical_card_orders set check_hash = $2 where id = $1', [row.id, hashHex(check)]);
    await q.query('delete from physical_card_failures where order_id = $1', [row.id]);
    return { order: orderOf(row), link: `${origin}/bindExclusiveCard/${row.card_no}?c=${check}` };
  });
}

// Binding and tapping ----------------------------------------------------------------------

/**
 * Who is trying a card's check code: the account when signed in (one address is shared by a whole
 * office or café, so a visitor there must not lock its owner out), else the address.
 */
export const guesserOf = (caller: Caller | null, ip: string): string => (caller ? `user:${caller.userId}` : `ip:${ip}`);

/**
 * The order of a card number whose check code matches. Wrong codes count against the caller
 * trying them, never against the card for everybody: each try takes one point before the code
 * is compared (one upsert, in the database, so several server processes share the count and a
 * burst sent at once gets at most BIND_FAILURES_MAX compared); a right code gives them back.
 */
async function cardOf(
  s: Services,
  body: PhysicalLinkBody,
  guesser: string,
): Promise<OrderRow & { check_hash: string }> {
  const [row] = await s.db.query<OrderRow & { check_hash: string }>(
    `select ${COLUMNS}, o.check_hash from physical_card_orders o where o.card_no = $1 and o.deleted_at is null`,
    [body.no],
  );
  if (!row) throw new ApiError(404, 'physicalWrongCode');
  const [taken] = await s.db.query<{ failures: number }>(
    `insert into physical_card_failures as f (order_id, caller, failures) values ($1, $2, 1)
     on conflict (order_id, caller) do update set
       failures = case when f.first_at < now() - make_interval(hours => $3) then 1 else f.failures + 1 end,
       first_at = case when f.first_at < now() - make_interval(hours => $3) then now() else f.first_at end
     returning failures`,
    [row.id, guesser, FAILURE_WINDOW_HOURS],
  );
  if (Number(taken?.failures ?? 0) > BIND_FAILURES_MAX) throw new ApiError(423, 'physicalLocked');
  if (row.check_hash !== hashHex(body.c)) throw new ApiError(404, 'physicalWrongCode');
  await s.db.query('delete from physical_card_failures where order_id = $1 and caller = $2', [row.id, guesser]);
  return row;
}

/** POST /api/card/bindPhysical: the order's owner binds the card to their digital card, once. */
export async function bindPhysical(s: Services, caller: Caller, body: PhysicalLinkBody): Promise<PhysicalOrder> {
  await s.limits.physicalCard(`user:${caller.userId}`);
  const found = await cardOf(s, body, guesserOf(caller, caller.ip));
  if (Number(found.user_id) !== caller.userId) {
    throw new ApiError(403, found.status === 'bound' ? 'physicalBoundElsewhere' : 'physicalNotYours');
  }
  if (found.status === 'bound') return orderOf(found);
  const row = await s.db.tx(async (q) => {
    const row = await myOrderRow(q, caller, Number(found.id), true);
    if (row.status === 'bound') return null;
    if (!['in_production', 'shipped', 'delivered'].includes(row.status)) throw new ApiError(409, 'physicalNotReady');
    const cardId = await myCardId(q, caller.userId);
    if (cardId === null) throw new ApiError(400, 'physicalNeedsCard');
    await q.query(`update physical_card_orders set status = 'bound', card_id = $2, bound_at = now() where id = $1`, [
      row.id,
      cardId,
    ]);
    await record(q, row, 'bound', 'user');
    return row;
  });
  if (row) await told(s, row, 'bound');
  return getMyOrder(s, caller, Number(found.id));
}

/** POST /api/card/physical_open: what a tap on the card opens, for anyone holding its link. */
export async function openPhysical(
  s: Services,
  body: PhysicalLinkBody,
  caller: Caller | null,
  ip: string,
): Promise<{ bound: boolean; share_str: string | null; mine: boolean }> {
  await s.limits.physicalCard(`ip:${ip}`);
  const row = await cardOf(s, body, guesserOf(caller, ip));
  const mine = caller?.userId === Number(row.user_id);
  if (row.status !== 'bound') return { bound: false, share_str: null, mine };
  const [key] = await s.db.query<{ share_key: string }>(
    `select k.share_key from physical_card_orders o
     join cards c on c.id = o.card_id and c.deleted_at is null
     join card_share_keys k on k.card_id = c.id and k.revoked_at is null
     where o.id = $1 limit 1`,
    [row.id],
  );
  return { bound: true, share_str: key?.share_key ?? null, mine };
}

/** Sync pull: my orders, each with its history, whenever one changed after `cursor`. */
export async function physicalOrderRows(
  q: Queryable,
  caller: Caller,
  cursor: number,
  limit: number,
): Promise<SyncRow[]> {
  const rows = await q.query<OrderRow>(
    `select ${COLUMNS} from physical_card_orders o where o.user_id = $1 and o.version > $2 order by o.version limit $3`,
    [caller.userId, cursor, limit],
  );
  return rows.map((row) => ({
    table: 'physicalOrder' as const,
    key: String(row.id),
    version: Number(row.version),
    deleted: row.deleted,
    value: row.deleted ? null : orderOf(row),
  }));
}
