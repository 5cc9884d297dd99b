import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushConfig } from '../../server/push/setup';
import { type PushMessage, type PushSession, pushMessage, pushTopics } from '../../src/api/push';
import { call, createTestApp, registerUser, type TestApp } from './helper';

/**
 * Live push over a real broker with real MQTT-over-WebSocket clients: the embedded Aedes on the
 * app's own port by default, or, with MQTT_URL set (see .ci/start-mosquitto.sh), Mosquitto with
 * its dynamic-security plugin managed by the server. Same assertions in both modes.
 */
const external = process.env.MQTT_URL;
const PREFIX = `cbtest${randomUUID().slice(0, 6)}`;
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

/** The marker `nothingBefore` publishes. */
const MARK = { msg_type: 1, msg_type_sub: 99 };

let t: TestApp;
let origin: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ pushTransport });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  origin = `ws://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await t.close();
});

type User = { id: number; email: string; password: string; token: string; session: PushSession };

async function newUser(): Promise<User> {
  const user = await registerUser(t);
  const res = await call<PushSession>(t.app, 'GET', '/api/push/session', undefined, { token: user.token });
  expect(res.status).toBe(200);
  return { id: user.id, email: user.email, password: user.password, token: user.token, session: res.body.data };
}

/** The same user signed in on another device: another session, so another broker client id. */
async function otherDevice(user: User): Promise<User> {
  const login = await call<{ token: string }>(t.app, 'POST', '/api/login', {
    email: user.email,
    password: user.password,
  });
  expect(login.status).toBe(200);
  const token = login.body.data.token;
  const res = await call<PushSession>(t.app, 'GET', '/api/push/session', undefined, { token });
  expect(res.status).toBe(200);
  return { ...user, token, session: res.body.data };
}

function brokerUrl(session: PushSession | null): string {
  return session?.url ?? `${origin}/xc`;
}

/** Connects as the app does: the session's client id, clean session, 4 s connect timeout. */
async function connect(
  username: string | undefined,
  password: string | undefined,
  url: string,
  clientId = `cardbook_anon_${randomUUID().slice(0, 6)}`,
): Promise<MqttClient> {
  const client = await mqtt.connectAsync(url, {
    username,
    password,
    clientId,
    clean: true,
    connectTimeout: 4000,
    reconnectPeriod: 0,
    protocolVersion: 4,
  });
  clients.push(client);
  return client;
}

const connectAs = (user: User) =>
  connect(user.session.username, user.token, brokerUrl(user.session), user.session.client_id);

/** Collects what a client receives on a topic. */
function inbox(client: MqttClient, topic: string): PushMessage[] {
  const got: PushMessage[] = [];
  client.on('message', (t, payload) => {
    if (t === topic) got.push(pushMessage.parse(JSON.parse(payload.toString('utf8'))));
  });
  return got;
}

async function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The SUBACK codes of one SUBSCRIBE: the granted QoS, or 128 (0x80) when refused; null when cut off. */
async function subscribeAll(client: MqttClient, topics: string[]): Promise<number[] | null> {
  try {
    const granted = await client.subscribeAsync(topics, { qos: 1 });
    return granted.map((g) => g.qos);
  } catch (error) {
    const packet = (error as { packet?: { granted?: Array<number | { reasonCode?: number }> } }).packet;
    if (!packet?.granted) return null;
    return packet.granted.map((code) => (typeof code === 'number' ? code : (code.reasonCode ?? 0)));
  }
}

/** The SUBACK code for one topic. */
async function subscribe(client: MqttClient, topic: string): Promise<number | undefined> {
  const codes = await subscribeAll(client, [topic]);
  if (!codes) throw new Error('no SUBACK');
  return codes[0];
}

/**
 * Once the broker has handled what `client` sent so far: it handles a connection's packets in
 * order, so either it answers a SUBSCRIBE sent after them or it has closed the connection.
 */
async function handled(client: MqttClient, topic: string): Promise<void> {
  if (!client.connected) return;
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  await Promise.race([subscribeAll(client, [topic]), closed]);
}

/**
 * Proof that nothing else reached `client`: the server publishes a marker to the user's own
 * system topic after what must not arrive, and the marker is waited for. One publisher, one
 * broker, one subscriber: anything published before the marker would have come first.
 */
async function nothingBefore(client: MqttClient, userId: number): Promise<void> {
  const own = pushTopics.system(PREFIX, userId);
  expect(await subscribe(client, own)).toBe(1);
  const marks = inbox(client, own);
  await t.app.services.push.publishSystem(userId, MARK);
  await waitFor(() => marks.some((m) => 'msg_type_sub' in m && m.msg_type_sub === MARK.msg_type_sub));
}

async function refusedCode(username: string | undefined, password: string | undefined, url: string, clientId?: string) {
  try {
    const client = await connect(username, password, url, clientId);
    // Mosquitto may accept then drop; an open connection that can subscribe is a failure.
    return { connected: true, granted: await subscribe(client, '#').catch(() => null) };
  } catch (error) {
    return { connected: false, code: (error as { code?: number }).code };
  }
}

describe(`push over ${external ? 'Mosquitto (MQTT_URL)' : 'the embedded broker'}`, () => {
  it('delivers a system push to the user subscribed to their own topic', async () => {
    const a = await newUser();
    const client = await connectAs(a);
    const topic = pushTopics.system(PREFIX, a.id);
    expect(await subscribe(client, topic)).toBe(1);
    const got = inbox(client, topic);

    await t.app.services.push.publishSystem(a.id, { msg_type: 1, msg_type_sub: 2 });
    await waitFor(() => got.length === 1);
    expect(got[0]).toEqual({ msg_type: 1, msg_type_sub: 2 });
  });

  // The sandbox path belongs to the embedded broker; with an external one, browsers are sent
  // to that broker's own address instead.
  it(
    external ? "sends browsers to the external broker's address" : 'answers on /test/xc too (sandbox path)',
    async () => {
      const a = await newUser();
      if (external) {
        expect(a.session.url).toBe(process.env.MQTT_WS_URL);
        return;
      }
      const client = await connect(a.session.username, a.token, `${origin}/test/xc`, a.session.client_id);
      expect(await subscribe(client, pushTopics.system(PREFIX, a.id))).toBe(1);
    },
  );

  it("refuses a subscription to another user's system topic and to wildcards (SUBACK 0x80)", async () => {
    const a = await newUser();
    const b = await newUser();
    const client = await connectAs(b);
    for (const topic of [pushTopics.system(PREFIX, a.id), `${PREFIX}/system/+`, `${PREFIX}/#`, '#']) {
      expect(await subscribe(client, topic), topic).toBe(128);
    }
    const got = inbox(client, pushTopics.system(PREFIX, a.id));
    await t.app.services.push.publishSystem(a.id, { msg_type: 1, msg_type_sub: 6 });
    await nothingBefore(client, b.id);
    expect(got).toEqual([]);
  });

  it('drops what a client publishes', async () => {
    const a = await newUser();
    const listener = await connectAs(a);
    const topic = pushTopics.system(PREFIX, a.id);
    expect(await subscribe(listener, topic)).toBe(1);
    const got = inbox(listener, topic);

    const b = await newUser();
    const sender = await connectAs(b);
    await sender.publishAsync(topic, JSON.stringify({ msg_type: 1, msg_type_sub: 5 })).catch(() => {});
    await handled(sender, pushTopics.system(PREFIX, b.id));
    // The user's own other device (connecting the same session again would end the listener's).
    const own = await connectAs(await otherDevice(a));
    await own.publishAsync(topic, JSON.stringify({ msg_type: 1, msg_type_sub: 5 })).catch(() => {});
    await handled(own, topic);
    await nothingBefore(listener, a.id);
    // The marker, on the same topic, and nothing before it.
    expect(got).toEqual([MARK]);
  });

  it('refuses a connection without a token or with an unknown one', async () => {
    const a = await newUser();
    const url = brokerUrl(a.session);
    for (const [username, password] of [
      [undefined, undefined],
      [a.session.username, undefined],
      [a.session.username, 'x'.repeat(43)],
      [a.session.username, `${a.token.slice(0, -2)}AA`],
    ] as const) {
      const outcome = await refusedCode(username, password, url, a.session.client_id);
      expect(outcome.connected, `${username}/${password ? 'password' : 'none'}`).toBe(false);
      expect([4, 5]).toContain(outcome.code);
    }
  });

  it('refuses a token revoked by logout', async () => {
    const a = await newUser();
    const before = await connectAs(a);
    await before.endAsync();
    const out = await call(t.app, 'POST', '/api/logout', {}, { token: a.token });
    expect(out.status).toBe(200);
    const outcome = await refusedCode(a.session.username, a.token, brokerUrl(a.session), a.session.client_id);
    expect(outcome.connected).toBe(false);
    expect([4, 5]).toContain(outcome.code);
  });

  it('closes the live connection of a session that logs out, and of the other sessions when the password changes', async () => {
    const a = await newUser();
    const live = await connectAs(a);
    let closed = false;
    live.on('close', () => {
      closed = true;
    });
    expect((await call(t.app, 'POST', '/api/logout', {}, { token: a.token })).status).toBe(200);
    await waitFor(() => closed);

    const b = await registerUser(t);
    const other = await call<{ token: string }>(t.app, 'POST', '/api/login', { email: b.email, password: b.password });
    expect(other.status).toBe(200);
    const otherToken = other.body.data.token;
    const session = await call<PushSession>(t.app, 'GET', '/api/push/session', undefined, { token: otherToken });
    const elsewhere = await connect(
      session.body.data.username,
      otherToken,
      brokerUrl(session.body.data),
      session.body.data.client_id,
    );
    let elsewhereClosed = false;
    elsewhere.on('close', () => {
      elsewhereClosed = true;
    });
    const changed = await call(
      t.app,
      'POST',
      '/api/user/modifyPwd',
      { old_password: b.password, password: 'another-pass-1' },
      { token: b.token },
    );
    expect(changed.status).toBe(200);
    await waitFor(() => elsewhereClosed);
  });

  it('closes the live connection of a session that expires', async () => {
    const a = await newUser();
    const live = await connectAs(a);
    expect(await subscribe(live, pushTopics.system(PREFIX, a.id))).toBe(1);
    let closed = false;
    live.on('close', () => {
      closed = true;
    });
    // Expires a second from now: the next sweep (every 5 s) ends it.
    await t.app.services.db.query(
      "update auth_tokens set expires_at = now() + interval '1 second' where user_id = $1 and revoked_at is null",
      [a.id],
    );
    await waitFor(() => closed, 12_000);
    const again = await refusedCode(a.session.username, a.token, brokerUrl(a.session), a.session.client_id);
    expect(again.connected).toBe(false);
  });

  it("refuses a connection with another user's client id, and that user stays connected", async () => {
    const a = await newUser();
    const b = await newUser();
    expect(a.session.client_id).not.toBe(b.session.client_id);
    const live = await connectAs(a);
    const topic = pushTopics.system(PREFIX, a.id);
    expect(await subscribe(live, topic)).toBe(1);
    let closed = false;
    live.on('close', () => {
      closed = true;
    });
    const got = inbox(live, topic);

    const outcome = await refusedCode(b.session.username, b.token, brokerUrl(b.session), a.session.client_id);
    expect(outcome.connected).toBe(false);
    expect([4, 5]).toContain(outcome.code);
    // Nor with a made-up id of the right shape.
    const madeUp = `cardbook_${b.id}_${b.session.client_id.split('_')[2]}9`;
    expect((await refusedCode(b.session.username, b.token, brokerUrl(b.session), madeUp)).connected).toBe(false);

    await t.app.services.push.publishSystem(a.id, { msg_type: 1, msg_type_sub: 2 });
    await waitFor(() => got.length === 1);
    expect(closed).toBe(false);
  });

  it('cuts a SUBSCRIBE flood short and keeps serving everyone else', async () => {
    const a = await newUser();
    const other = await newUser();
    const otherClient = await connectAs(other);
    const otherTopic = pushTopics.system(PREFIX, other.id);
    expect(await subscribe(otherClient, otherTopic)).toBe(1);
    const otherGot = inbox(otherClient, otherTopic);

    const rooms = Array.from({ length: 24_000 }, (_, i) => pushTopics.group(PREFIX, 900_000 + i));
    // One packet with more topics than a client ever needs.
    const wide = await connectAs(a);
    let wideClosed = false;
    wide.on('close', () => {
      wideClosed = true;
    });
    const wideAnswer = subscribeAll(wide, rooms.slice(0, 100));
    // Many small packets on one connection (of another session: one session has one connection).
    const second = await call<{ token: string }>(t.app, 'POST', '/api/login', { email: a.email, password: a.password });
    const secondToken = second.body.data.token;
    const secondSession = await call<PushSession>(t.app, 'GET', '/api/push/session', undefined, { token: secondToken });
    const s2 = secondSession.body.data;
    const many = await connect(s2.username, secondToken, brokerUrl(s2), s2.client_id);
    let manyClosed = false;
    many.on('close', () => {
      manyClosed = true;
    });
    const refused: number[] = [];
    for (let i = 0; i < rooms.length && !manyClosed; i += 8) {
      const codes = await subscribeAll(many, rooms.slice(i, i + 8));
      if (!codes) break;
      refused.push(...codes);
      if (external && i >= 800) break; // Mosquitto refuses each one from memory; enough seen.
    }
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((code) => code === 128)).toBe(true);
    if (external) {
      // Mosquitto checks its own ACLs in memory (no database work to exhaust); it refuses each.
      expect(await wideAnswer).toEqual(Array(100).fill(128));
    } else {
      await waitFor(() => wideClosed && manyClosed);
      expect(refused.length).toBeLessThanOrEqual(16);
    }

    // The API and the other user's pushes are unaffected.
    const res = await call(t.app, 'GET', '/api/notify/list/1', undefined, { token: other.token });
    expect(res.status).toBe(200);
    await t.app.services.push.publishSystem(other.id, { msg_type: 1, msg_type_sub: 2 });
    await waitFor(() => otherGot.length === 1);
    // The flooding user can still connect again and get their own topic.
    const again = await connectAs(a);
    expect(await subscribe(again, pushTopics.system(PREFIX, a.id))).toBe(1);
  });

  it('allows an exchange room topic to its members only', async () => {
    const host = await newUser();
    const joiner = await newUser();
    const stranger = await newUser();
    const [room] = await t.app.services.db.query<{ id: number }>(
      'insert into exchange_rooms (room_code, host_user_id) values ($1, $2) returning id',
      [randomUUID().slice(0, 8), host.id],
    );
    if (!room) throw new Error('no room');
    await t.app.services.db.query('insert into exchange_members (room_id, user_id) values ($1, $2)', [
      room.id,
      joiner.id,
    ]);
    await t.app.services.pushAccess.allowGroup(host.id, room.id);
    await t.app.services.pushAccess.allowGroup(joiner.id, room.id);
    const topic = pushTopics.group(PREFIX, room.id);

    const strangerClient = await connectAs(stranger);
    expect(await subscribe(strangerClient, topic)).toBe(128);

    const joinerClient = await connectAs(joiner);
    expect(await subscribe(joinerClient, topic)).toBe(1);
    const hostClient = await connectAs(host);
    expect(await subscribe(hostClient, topic)).toBe(1);
    const got = inbox(joinerClient, topic);
    const strangerGot = inbox(strangerClient, topic);

    await t.app.services.push.publishGroup(room.id, { group_id: room.id, group_member_num: 2 });
    await waitFor(() => got.length === 1);
    expect(got[0]).toEqual({ group_id: room.id, group_member_num: 2 });
    await nothingBefore(strangerClient, stranger.id);
    expect(strangerGot).toEqual([]);
  });

  it('rejects a malformed message at the publisher', async () => {
    await expect(
      t.app.services.push.publishGroup(1, { group_id: -1 } as unknown as { group_id: number }),
    ).rejects.toThrow();
  });
});
