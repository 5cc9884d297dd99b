import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushConfig } from '../../server/push/setup';
import { createRateLimits, DEFAULT_RATE_LIMITS } from '../../server/security/rate-limits';
import { DEFAULT_EXCHANGE_CONFIG } from '../../server/services/exchange';
import type {
  ExchangePreview,
  ExchangeRoom,
  FriendList,
  GroupList,
  NotifyList,
  PushSession,
  SyncRow,
} from '../../src/api';
import { type PushMessage, pushMessage, pushTopics } from '../../src/api/push';
import { call, createTestApp, registerUser, type TestApp } from './helper';
import { api, pullAll, type User, userWithCard } from './social';

/**
 * Group card exchange (src/api/exchange.ts) through the API and a real broker: the embedded one,
 * or Mosquitto when MQTT_URL is set (.ci/run), with the same assertions.
 */
const external = process.env.MQTT_URL;
const PREFIX = `cbex${randomUUID().slice(0, 6)}`;
const pushTransport: PushConfig = external
  ? {
      prefix: PREFIX,
      external: {
        url: external,
        username: process.env.MQTT_ADMIN_USERNAME ?? 'cardbook-admin',
        password: process.env.MQTT_ADMIN_PASSWORD ?? '',
        wsUrl: process.env.MQTT_WS_URL ?? null,
      },
    }
  : { prefix: PREFIX, external: null };

let t: TestApp;
let origin: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  const roomy = { points: 10_000, seconds: 60 };
  t = await createTestApp({
    pushTransport,
    rateLimits: { ...DEFAULT_RATE_LIMITS, register: roomy, verifyCodePerAddress: roomy, exchangeJoins: roomy },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  origin = `ws://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await t.close();
});

const create = (user: User, body: { name?: string; password?: string } = {}) =>
  api<ExchangeRoom>(t, user, 'POST', '/api/exchange/create', body);
const join = (user: { token: string }, room_code: string, password?: string) =>
  api<ExchangeRoom>(t, user, 'POST', '/api/exchange/join', { room_code, ...(password ? { password } : {}) });
const act = (user: { token: string }, what: 'leave' | 'start' | 'dismiss', room_code: string) =>
  api<ExchangeRoom>(t, user, 'POST', `/api/exchange/${what}`, { room_code });
const read = (user: { token: string }, code: string) => api<ExchangeRoom>(t, user, 'GET', `/api/exchange/${code}`);

async function groupsOf(user: User) {
  return (await api<GroupList>(t, user, 'GET', '/api/group/list')).body.data.list;
}
async function friendsIn(user: User, groupId: number) {
  const res = await api<FriendList>(t, user, 'GET', `/api/friend/list/${groupId}?page_size=200`);
  expect(res.status).toBe(200);
  return res.body.data.friend_list.map((f) => f.friend_card_info.card_id).sort((a, b) => a - b);
}
const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

async function room(host: User, joiners: User[], body: { name?: string; password?: string } = {}) {
  const made = await create(host, body);
  expect(made.status).toBe(200);
  for (const j of joiners) expect((await join(j, made.body.data.room_code, body.password)).status).toBe(200);
  return made.body.data;
}

describe('exchange rooms', () => {
  it('runs a whole exchange: password, live count, a leaver, the start, a group each, once', async () => {
    const host = await userWithCard(t, 'Hana Host');
    const ann = await userWithCard(t, 'Ann');
    const ben = await userWithCard(t, 'Ben');
    const made = await create(host, { name: 'Tech Summit', password: 'kiwi' });
    expect(made.status).toBe(200);
    const r = made.body.data;
    expect(r).toMatchObject({ role: 'host', status: 'open', member_num: 1, has_password: true, name: 'Tech Summit' });
    expect(r.room_code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(r.link).toMatch(new RegExp(`/ex/${r.room_code}$`));
    // One open room per host.
    expect((await create(host, { name: 'Other' })).body.data.room_id).toBe(r.room_id);

    const noPassword = await join(ann, r.room_code);
    expect(noPassword.status).toBe(403);
    expect(noPassword.body.msg).toBe('This room needs a password: enter the one the host gave');
    const wrong = await join(ann, r.room_code, 'apple');
    expect(wrong.status).toBe(403);
    expect(wrong.body.msg).toBe('Wrong room password');
    // Codes are typed loosely: lower case and a dash are fine.
    const typed = `${r.room_code.slice(0, 4).toLowerCase()}-${r.room_code.slice(4)}`;
    const joined = await join(ann, typed, 'kiwi');
    expect(joined.status).toBe(200);
    expect(joined.body.data).toMatchObject({ role: 'joiner', member_num: 2, status: 'open' });
    expect((await join(ben, r.room_code, 'kiwi')).body.data.member_num).toBe(3);
    const seen = await read(host, r.room_code);
    expect(seen.body.data.members.map((m) => m.name)).toEqual(['Ben', 'Ann', 'Hana Host']);

    // Only the host starts or dismisses; a joiner may leave and is still exchanged.
    expect((await act(ann, 'start', r.room_code)).body.msg).toBe('Only the host can start or dismiss the exchange');
    expect((await act(ann, 'dismiss', r.room_code)).status).toBe(403);
    expect((await act(host, 'leave', r.room_code)).status).toBe(400);
    const left = await act(ben, 'leave', r.room_code);
    expect(left.status).toBe(200);
    expect(left.body.data).toMatchObject({ left: true, member_num: 2 });

    const started = await act(host, 'start', r.room_code);
    expect(started.status).toBe(200);
    expect(started.body.data.status).toBe('exchanged');
    const again = await act(host, 'start', r.room_code);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This exchange has already ended');
    // The leaver still reads the room (its outcome), but cannot join an ended one.
    expect((await read(ben, r.room_code)).body.data).toMatchObject({ status: 'exchanged', left: true });
    expect((await join(ben, r.room_code, 'kiwi')).status).toBe(409);
    expect((await act(host, 'dismiss', r.room_code)).status).toBe(409);

    for (const [me, others] of [
      [host, [ann, ben]],
      [ann, [host, ben]],
      [ben, [host, ann]],
    ] as const) {
      const view = await read(me, r.room_code);
      expect(view.body.data.my_group_id).toBeGreaterThan(1);
      const group = (await groupsOf(me)).find((g) => g.group_id === view.body.data.my_group_id);
      expect(group?.group_name).toBe('Tech Summit');
      expect(await friendsIn(me, view.body.data.my_group_id)).toEqual(sorted(...others.map((o) => o.cardId)));
      expect(await friendsIn(me, 1)).toEqual(sorted(...others.map((o) => o.cardId)));
      const notes = (await api<NotifyList>(t, me, 'GET', '/api/notify/list/1')).body.data.list;
      expect(notes.filter((n) => n.msg === '“Tech Summit”: cards exchanged with 2 people')).toHaveLength(1);
    }
  });

  it('brings the new friends and group through the sync pull, and adds nobody twice', async () => {
    const host = await userWithCard(t, 'Host Two');
    const ann = await userWithCard(t, 'Ann Two');
    const ben = await userWithCard(t, 'Ben Two');
    // Ann already keeps Ben's card: she is not given it twice, but it joins the group.
    expect((await api(t, ann, 'POST', '/api/friend/add', { content: [ben.shareStr] })).status).toBe(200);
    const { cursor } = await pullAll(t, ann);
    const first = await room(host, [ann, ben]);
    expect((await act(host, 'start', first.room_code)).status).toBe(200);
    const pulled = await pullAll(t, ann, cursor);
    const friendRows = pulled.rows.filter(
      (row): row is Extract<SyncRow, { table: 'friend' }> => row.table === 'friend',
    );
    const groupRows = pulled.rows.filter((row) => row.table === 'group');
    const myGroup = (await read(ann, first.room_code)).body.data.my_group_id;
    expect(groupRows.map((g) => g.key)).toContain(String(myGroup));
    expect(friendRows.map((f) => f.value?.friend_card_info.card_id).sort()).toEqual(sorted(host.cardId, ben.cardId));
    for (const row of friendRows) expect(row.value?.group_id.split(',')).toContain(String(myGroup));

    // The same people exchange again: a second group, still one entry per card.
    const second = await room(host, [ann, ben], { name: 'Dinner' });
    expect(second.room_id).not.toBe(first.room_id);
    expect((await act(host, 'start', second.room_code)).status).toBe(200);
    expect(await friendsIn(ann, 1)).toEqual(sorted(host.cardId, ben.cardId));
    expect(await friendsIn(host, 1)).toEqual(sorted(ann.cardId, ben.cardId));
    const secondGroup = (await read(ann, second.room_code)).body.data.my_group_id;
    expect(await friendsIn(ann, secondGroup)).toEqual(sorted(host.cardId, ben.cardId));
  });

  it('refuses what is not allowed, each with a clear message', async () => {
    const host = await userWithCard(t, 'Strict Host');
    const ann = await userWithCard(t, 'Strict Ann');
    const eve = await userWithCard(t, 'Eve');
    const r = await room(host, [ann]);
    // A non-member reads nothing.
    const peek = await read(eve, r.room_code);
    expect(peek.status).toBe(403);
    expect(peek.body.msg).toBe('You are not in this exchange room; join it first');
    expect((await act(eve, 'start', r.room_code)).status).toBe(403);
    // An unknown code, and a malformed one.
    expect((await join(eve, 'ZZZZZZZZ')).body.msg).toBe('No exchange room has this code; check the code and try again');
    expect((await join(eve, 'not a code!')).status).toBe(400);
    // A room cannot start with its host alone.
    const alone = await userWithCard(t, 'Alone');
    const lonely = await create(alone);
    expect((await act(alone, 'start', lonely.body.data.room_code)).body.msg).toBe(
      'Nobody has joined yet, so the exchange cannot start',
    );
    // Dismissed: nobody joins, nobody is exchanged.
    expect((await act(host, 'dismiss', r.room_code)).body.data.status).toBe('dismissed');
    expect((await join(eve, r.room_code)).status).toBe(409);
    expect(await friendsIn(ann, 1)).toEqual([]);
  });

  it('refuses a full room, an expired room, and guessing its password', async () => {
    const host = await userWithCard(t, 'Cap Host');
    const [a, b, c] = await Promise.all(['Cap A', 'Cap B', 'Cap C'].map((n) => userWithCard(t, n)));
    if (!a || !b || !c) throw new Error('users');
    t.app.services.exchange = { ...DEFAULT_EXCHANGE_CONFIG, maxMembers: 3 };
    try {
      const r = await room(host, [a, b]);
      const full = await join(c, r.room_code);
      expect(full.status).toBe(409);
      expect(full.body.msg).toBe('This room is full (3 people at most)');
      await t.app.services.db.query(
        `update exchange_rooms set expires_at = now() - interval '1 second' where id = $1`,
        [r.room_id],
      );
      expect((await read(host, r.room_code)).body.data.status).toBe('expired');
      expect((await act(host, 'start', r.room_code)).body.msg).toBe(
        'This exchange room has expired; ask the host to open a new one',
      );
      // Creating again opens a new room once the old one expired.
      expect((await create(host)).body.data.room_id).not.toBe(r.room_id);
    } finally {
      t.app.services.exchange = DEFAULT_EXCHANGE_CONFIG;
    }

    const guarded = await create(await userWithCard(t, 'Pin Host'), { password: 'right' });
    const guesser = await userWithCard(t, 'Guesser');
    for (let i = 0; i < 5; i++)
      expect((await join(guesser, guarded.body.data.room_code, `guess${i}`)).status).toBe(403);
    const locked = await join(guesser, guarded.body.data.room_code, 'right');
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toMatch(/Too many attempts/);
  });

  it('shows whoever holds the code the event, its host and whether a password is asked, joining nobody', async () => {
    const host = await userWithCard(t, 'Preview Host');
    const visitor = await userWithCard(t, 'Preview Visitor');
    const open = await create(host, { name: 'Trade Fair 2026' });
    const preview = (code: string) =>
      api<ExchangePreview>(t, visitor, 'POST', '/api/exchange/preview', { room_code: code });
    const seen = await preview(open.body.data.room_code);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toEqual({
      room_code: open.body.data.room_code,
      name: 'Trade Fair 2026',
      host_name: 'Preview Host',
      has_password: false,
      status: 'open',
    });
    // Looking joins nobody: the room still has its host alone, and the visitor reads nothing of it.
    expect((await read(host, open.body.data.room_code)).body.data.member_num).toBe(1);
    expect((await read(visitor, open.body.data.room_code)).status).toBe(403);

    const guarded = await create(await userWithCard(t, 'Guarded Host'), { password: 'pin' });
    expect((await preview(guarded.body.data.room_code)).body.data).toMatchObject({
      name: '',
      host_name: 'Guarded Host',
      has_password: true,
    });
    // No more than a join tells: an unknown code is "no such room"; a bad one, the field.
    const unknown = await preview('ZZZZZZZZ');
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('No exchange room has this code; check the code and try again');
    expect((await preview('not a code!')).status).toBe(400);
    // Ended rooms say so.
    await act(host, 'dismiss', open.body.data.room_code);
    expect((await preview(open.body.data.room_code)).body.data.status).toBe('dismissed');
  });

  it('limits previews like joins, sharing their count', async () => {
    const limits = t.app.services.limits;
    t.app.services.limits = createRateLimits(t.app.services.db, {
      ...DEFAULT_RATE_LIMITS,
      exchangeJoins: { points: 3, seconds: 600 },
    });
    try {
      const prober = await userWithCard(t, 'Prober');
      const statuses = [];
      for (const room_code of ['ZZZZZZZZ', 'YYYYYYYY', 'XXXXXXXX', 'WWWWWWWW'])
        statuses.push((await api(t, prober, 'POST', '/api/exchange/preview', { room_code })).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
      expect((await api(t, prober, 'POST', '/api/exchange/join', { room_code: 'VVVVVVVV' })).status).toBe(429);
    } finally {
      t.app.services.limits = limits;
    }
  });

  it('joining needs a card', async () => {
    const host = await userWithCard(t, 'Card Host');
    const r = await create(host);
    const bare = await registerUser(t);
    const res = await join(bare, r.body.data.room_code);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Make your card before you join an exchange');
  });

  it("marks my entry 'removed me' when a member deletes my card before I ever read my friends", async () => {
    const host = await userWithCard(t, 'Del Host');
    const ann = await userWithCard(t, 'Del Ann');
    const r = await room(host, [ann]);
    expect((await act(host, 'start', r.room_code)).status).toBe(200);
    const hostEntries = (await api<FriendList>(t, host, 'GET', '/api/friend/list/1')).body.data.friend_list;
    const annInHost = hostEntries.find((f) => f.friend_card_info.card_id === ann.cardId);
    if (!annInHost) throw new Error('no entry');
    expect((await api(t, host, 'GET', `/api/friend/delFriend/${annInHost.accept_id}`)).status).toBe(200);
    const annEntries = (await api<FriendList>(t, ann, 'GET', '/api/friend/list/1')).body.data.friend_list;
    expect(annEntries.find((f) => f.friend_card_info.card_id === host.cardId)?.status).toBe(20);
  });
});

describe('exchange room topic', () => {
  type Member = User & { session: PushSession };
  const withSession = async (user: User): Promise<Member> => {
    const res = await call<PushSession>(t.app, 'GET', '/api/push/session', undefined, { token: user.token });
    return { ...user, session: res.body.data };
  };
  async function connectAs(user: Member): Promise<MqttClient> {
    const client = await mqtt.connectAsync(user.session.url ?? `${origin}/xc`, {
      username: user.session.username,
      password: user.token,
      clientId: user.session.client_id,
      clean: true,
      connectTimeout: 4000,
      reconnectPeriod: 0,
      protocolVersion: 4,
    });
    clients.push(client);
    return client;
  }
  async function subscribe(client: MqttClient, topic: string): Promise<number> {
    try {
      const granted = await client.subscribeAsync(topic, { qos: 1 });
      return granted[0]?.qos ?? -1;
    } catch (error) {
      // mqtt.js rejects a refused subscription (SUBACK 0x80).
      if (/Subscribe error/.test(String(error))) return 128;
      throw error;
    }
  }
  function inbox(client: MqttClient, topic: string): PushMessage[] {
    const got: PushMessage[] = [];
    client.on('message', (at, payload) => {
      if (at === topic) got.push(pushMessage.parse(JSON.parse(payload.toString('utf8'))));
    });
    return got;
  }
  async function waitFor(check: () => boolean, ms = 4000): Promise<void> {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('carries the member count on joins and leaves and the end, to members only', async () => {
    const host = await withSession(await userWithCard(t, 'Topic Host'));
    const ann = await withSession(await userWithCard(t, 'Topic Ann'));
    const eve = await withSession(await userWithCard(t, 'Topic Eve'));
    const r = (await create(host)).body.data;
    const topic = pushTopics.group(pushTransport.prefix, r.room_id);
    const hostClient = await connectAs(host);
    expect(await subscribe(hostClient, topic)).toBe(1);
    const heard = inbox(hostClient, topic);
    // Not a member (yet): refused.
    const eveClient = await connectAs(eve);
    expect(await subscribe(eveClient, topic)).toBe(128);

    expect((await join(ann, r.room_code)).status).toBe(200);
    const annClient = await connectAs(ann);
    expect(await subscribe(annClient, topic)).toBe(1);
    const annHeard = inbox(annClient, topic);
    await waitFor(() => heard.some((m) => m.group_member_num === 2));
    const joinedByEve = await join(eve, r.room_code);
    expect(joinedByEve.status).toBe(200);
    await waitFor(() => annHeard.some((m) => m.group_member_num === 3));
    expect((await act(eve, 'leave', r.room_code)).status).toBe(200);
    await waitFor(() => annHeard.some((m) => m.group_member_num === 2 && m.is_dismiss === 0));

    expect((await act(host, 'start', r.room_code)).status).toBe(200);
    await waitFor(() => annHeard.some((m) => m.is_dismiss === 1));
    await waitFor(() => heard.some((m) => m.is_dismiss === 1));
    expect(annHeard.at(-1)).toMatchObject({ group_id: r.room_id, is_dismiss: 1, msg_type: 2, msg_type_sub: 2 });
  });
});
