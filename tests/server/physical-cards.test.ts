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

  it('locks a card number after repeated wrong check codes', async () => {
    const owner = await userWithCard(t, 'Guessed Owner');
    const guesser = await userWithCard(t, 'Guesser');
    const { no, c } = await inProduction(owner);
    for (let i = 0; i < BIND_FAILURES_MAX; i++) {
      expect((await bind(guesser, no, `guess-${i}-aaaaaaaaaaaaaaaa`)).status).toBe(404);
    }
    const locked = await bind(owner, no, c);
    expect(locked.status).toBe(423);
    expect(locked.body.msg).toBe('Too many wrong tries: this card is locked. Please contact us');
  });
});
