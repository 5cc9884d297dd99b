import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOperatorCommand } from '../../server/operator/commands';
import { BIND_FAILURES_MAX } from '../../server/services/physical-cards';
import { PHYSICAL_PROOF_MAX_BYTES, type PhysicalOrder, type PullResult } from '../../src/api';
import { call, createTestApp, registerUser, type TestApp } from './helper';
import { type User, userWithCard } from './social';

/**
 * The exclusive NFC card (src/api/physical-card.ts): card_apply, the payment proof, the
 * operators' moves (the same function the command runs), physical_status and its history,
 * bindPhysical (owner only, once; wrong codes counted and locked) and a tap opening the card.
 */
let t: TestApp;
const ORIGIN = 'https://cardbook.test';
beforeAll(async () => {
  t = await createTestApp({ shop: { bankAccount: 'HSBC 004-123-456789-001 Cardbook Ltd', fpsId: '1234567' } });
});
afterAll(async () => {
  await t.close();
});

const EN = 'en-us';
const ORDER = {
  kind: 'metal',
  name_on_card: 'Ada Lovelace',
  quantity: 2,
  recipient: 'Ada Lovelace',
  phone: '91234567',
  address: '1 Harbour Road, Wan Chai, Hong Kong',
  payment_method: 'fps',
};
const operator = (...args: string[]) => runOperatorCommand(t.app.services, ORIGIN, args);
const apply = (user: { token: string }, body: unknown = ORDER) =>
  call<PhysicalOrder>(t.app, 'POST', '/api/card/card_apply', body, { token: user.token, lang: EN });
const status = (user: { token: string }, id: number) =>
  call<PhysicalOrder>(t.app, 'GET', `/api/card/physical_status/${id}`, undefined, { token: user.token, lang: EN });

async function uploadProof(user: { token: string }, orderId: number, data: Buffer) {
  const form = new FormData();
  form.append('order_id', String(orderId));
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'proof.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/card/physical_proof',
    headers: { token: user.token, lang: EN, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() as { msg: string; data: PhysicalOrder } };
}
const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();

/** An order taken to production: its id and the card's link. */
async function inProduction(user: User) {
  const order = (await apply(user)).body.data;
  await operator('orders', 'paid', String(order.id));
  const printed = await operator('orders', 'production', String(order.id));
  const link = new URL(printed.split('\n').at(-1) ?? '');
  const no = link.pathname.split('/').at(-1) ?? '';
  return { order, link, no, c: link.searchParams.get('c') ?? '' };
}
const bind = (user: { token: string }, no: string, c: string) =>
  call<PhysicalOrder>(t.app, 'POST', '/api/card/bindPhysical', { no, c }, { token: user.token, lang: EN });
const open = (no: string, c: string, token?: string) =>
  call<{ bound: boolean; share_str: string | null; mine: boolean }>(
    t.app,
    'POST',
    '/api/card/physical_open',
    { no, c },
    { token, lang: EN },
  );

const openFrom = (remoteAddress: string, no: string, c: string, token?: string) =>
  call<{ bound: boolean; share_str: string | null; mine: boolean }>(
    t.app,
    'POST',
    '/api/card/physical_open',
    { no, c },
    { token, lang: EN, remoteAddress },
  );

describe('exclusive card orders', () => {
  it('needs my card first; then takes the order with its price, payment details and first state', async () => {
    const cardless = await registerUser(t);
    expect((await apply(cardless)).body.msg).toBe('Make your card first: the physical card is printed from it');

    const user = await userWithCard(t, 'Ada Lovelace');
    const res = await apply(user);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: 'metal',
      unit_price_hkd: 680,
      quantity: 2,
      total_hkd: 1360,
      status: 'submitted',
      proof: false,
      payment: { bank_account: 'HSBC 004-123-456789-001 Cardbook Ltd', fps_id: '1234567' },
      history: [expect.objectContaining({ status: 'submitted' })],
    });
    expect(res.body.data.order_no).toMatch(/^CB[23456789A-HJKMNP-Z]{8}$/);
    expect((await apply(user, { ...ORDER, kind: 'image', quantity: 1 })).body.data.total_hkd).toBe(480);
    expect((await apply(user, { ...ORDER, quantity: 0 })).status).toBe(400);

    const other = await userWithCard(t, 'Someone Else');
    expect((await status(other, res.body.data.id)).status).toBe(404);
  });

  it('takes a payment proof (not over 12 MB, nothing stored then) and is moved along by the operators', async () => {
    const user = await userWithCard(t, 'Proof Person');
    const order = (await apply(user)).body.data;
    const ordersDir = join(t.blobDir, 'orders');
    const files = () => readdirSync(ordersDir, { withFileTypes: true }).length;
    const huge = Buffer.concat([await png(), Buffer.alloc(PHYSICAL_PROOF_MAX_BYTES)]);
    expect((await uploadProof(user, order.id, huge)).status).toBe(413);
    const proof = await uploadProof(user, order.id, await png());
    expect(proof.body.data).toMatchObject({ status: 'proof_received', proof: true });
    const stored = files();
    expect((await uploadProof(user, order.id, huge)).status).toBe(413);
    expect(files()).toBe(stored);

    expect(await operator('orders', 'paid', String(order.id))).toContain('is now paid');
    await expect(operator('orders', 'shipped', String(order.id), 'SF123')).rejects.toThrow(/needs in_production/);
    const printed = await operator('orders', 'production', String(order.id));
    expect(printed).toMatch(new RegExp(`${ORIGIN}/bindExclusiveCard/[23456789A-HJKMNP-Z]{10}\\?c=[\\w-]{24}`));
    await expect(operator('orders', 'shipped', String(order.id))).rejects.toThrow(/tracking number/);
    await operator('orders', 'shipped', String(order.id), 'SF1234567890');

    const now = (await status(user, order.id)).body.data;
    expect(now).toMatchObject({ status: 'shipped', tracking_no: 'SF1234567890' });
    expect(now.history.map((e) => e.status)).toEqual([
      'submitted',
      'proof_received',
      'paid',
      'in_production',
      'shipped',
    ]);
    expect(now.history.at(-1)?.note).toBe('SF1234567890');
    // Told at each change: a notification in the app, and a mail to the account's email.
    const notes = await call<{ list: { msg: string }[] }>(t.app, 'GET', '/api/notify/list/1', undefined, {
      token: user.token,
      lang: EN,
    });
    expect(JSON.stringify(notes.body.data)).toContain(`Your card order ${order.order_no}: Shipped`);
    const mail = t.sender.lastMessage(user.email);
    expect(mail).toMatchObject({ kind: 'orderStatus', status: 'shipped', tracking: 'SF1234567890' });
    // The phone's sync pull carries the order and its history.
    const pulled = await call<PullResult>(t.app, 'GET', '/api/sync/pull?cursor=0', undefined, { token: user.token });
    const row = pulled.body.data.rows.find((r) => r.table === 'physicalOrder' && r.key === String(order.id));
    expect(row?.value).toMatchObject({ status: 'shipped', tracking_no: 'SF1234567890' });
    expect(await operator('orders', 'list', 'shipped')).toContain(order.order_no);
    const shown = await operator('orders', 'show', String(order.id));
    expect(shown).toContain('SF1234567890');
    expect(shown).toContain('1 Harbour Road, Wan Chai, Hong Kong');
  });

  it('binds only for the order’s owner, once; a tap then opens the owner’s card', async () => {
    const owner = await userWithCard(t, 'Card Owner');
    const other = await userWithCard(t, 'Card Stranger');
    const { no, c } = await inProduction(owner);

    expect(await open(no, c)).toMatchObject({ body: { data: { bound: false, share_str: null } } });
    const wrong = await bind(owner, no, `${c.slice(0, -2)}xx`);
    expect(wrong.status).toBe(404);
    expect(wrong.body.msg).toBe('This card link is not valid');
    const stranger = await bind(other, no, c);
    expect(stranger.status).toBe(403);
    expect(stranger.body.msg).toBe('This card was ordered by another account; only its owner can bind it');

    const bound = await bind(owner, no, c);
    expect(bound.body.data).toMatchObject({ status: 'bound', card_no: no });
    expect((await bind(owner, no, c)).body.data.status).toBe('bound');
    const late = await bind(other, no, c);
    expect(late.body.msg).toBe('This card is already bound to someone else');

    const tapped = await open(no, c);
    expect(tapped.body.data).toEqual({ bound: true, share_str: owner.shareStr, mine: false });
    expect((await open(no, c, owner.token)).body.data.mine).toBe(true);
  });

  it('counts wrong check codes per caller: a visitor’s ten lock only that visitor, never the owner or another visitor', async () => {
    const owner = await userWithCard(t, 'Guessed Owner');
    const { no, c } = await inProduction(owner);
    expect((await bind(owner, no, c)).status).toBe(200);
    const visitor = '198.51.100.23';
    const tries = [];
    for (let i = 0; i < BIND_FAILURES_MAX + 5; i++)
      tries.push(await openFrom(visitor, no, `guess-${i}-aaaaaaaaaaaaaaaa`));
    expect(tries.slice(0, BIND_FAILURES_MAX).every((r) => r.status === 404)).toBe(true);
    expect(tries.slice(BIND_FAILURES_MAX).every((r) => r.status === 423)).toBe(true);
    expect(tries.at(-1)?.body.msg).toBe(
      'Too many wrong tries from you on this card: try again tomorrow, or contact us',
    );
    // That visitor is refused even with the right code now; everybody else is not.
    expect((await openFrom(visitor, no, c)).status).toBe(423);
    expect((await openFrom('203.0.113.77', no, c)).body.data).toMatchObject({ bound: true, share_str: owner.shareStr });
    expect((await openFrom(visitor, no, c, owner.token)).body.data).toMatchObject({ bound: true, mine: true });
    // A signed-in guesser is counted by their account, even from the owner's address.
    const guesser = await userWithCard(t, 'Guesser');
    for (let i = 0; i < BIND_FAILURES_MAX; i++) {
      expect((await openFrom('192.0.2.5', no, `nope-${i}-aaaaaaaaaaaaaaaa`, guesser.token)).status).toBe(404);
    }
    expect((await openFrom('192.0.2.5', no, c, guesser.token)).status).toBe(423);
    expect((await openFrom('192.0.2.5', no, c, owner.token)).body.data.mine).toBe(true);
    expect((await openFrom('192.0.2.5', no, c)).body.data.bound).toBe(true);

    // The shop lets them try again.
    expect(await operator('orders', 'unlock', no)).toContain('2 locked caller(s) may try again');
    expect((await openFrom(visitor, no, c)).status).toBe(200);
    expect((await openFrom('192.0.2.5', no, c, guesser.token)).status).toBe(200);
  });

  it('issues a new check code through the operators’ command: the new link works, the old one no longer does', async () => {
    const owner = await userWithCard(t, 'Recoded Owner');
    const { order, no, c } = await inProduction(owner);
    for (let i = 0; i < BIND_FAILURES_MAX + 1; i++) await openFrom('198.51.100.99', no, `wrong-${i}-aaaaaaaaaaaaaaaa`);
    expect((await openFrom('198.51.100.99', no, c)).status).toBe(423);

    const printed = await operator('orders', 'new-code', order.order_no);
    expect(printed).toContain('the old link no longer works');
    const link = new URL(printed.split('\n').at(-1) ?? '');
    expect(link.origin + link.pathname).toBe(`${ORIGIN}/bindExclusiveCard/${no}`);
    const fresh = link.searchParams.get('c') ?? '';
    expect(fresh).not.toBe(c);
    expect((await bind(owner, no, c)).status).toBe(404);
    expect((await bind(owner, no, fresh)).body.data).toMatchObject({ status: 'bound', card_no: no });
    // The lock went with the old code; the id works as well as the order number.
    expect((await openFrom('198.51.100.99', no, fresh)).body.data.bound).toBe(true);
    expect(await operator('orders', 'unlock', String(order.id))).toContain('0 locked caller(s)');
    await expect(operator('orders', 'unlock', 'NOSUCHCARD')).rejects.toThrow('no order or card NOSUCHCARD');
    const unissued = (await apply(owner)).body.data;
    await expect(operator('orders', 'new-code', String(unissued.id))).rejects.toThrow(/has no card yet/);
  });
});
