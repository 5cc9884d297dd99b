import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { type PushSession, pushTopics } from '../../src/api/push';
import { connectMqtt, type Granted, type MqttClient } from '../../workers/sync/mqtt-ws';
import { call, createTestApp, registerUser, type TestApp } from './helper';

/**
 * The sync worker's own MQTT client (workers/sync/mqtt-ws.ts) against the server's real broker
 * (embedded Aedes at /xc), through a real WebSocket (Node 20 has no global one: `ws`'s).
 */
globalThis.WebSocket ??= NodeWebSocket as unknown as typeof WebSocket;

const PREFIX = `cbws${randomUUID().slice(0, 6)}`;
let t: TestApp;
let url: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ pushTransport: { prefix: PREFIX, external: null } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  url = `ws://127.0.0.1:${address.port}/xc`;
});
afterAll(async () => {
  for (const client of clients) client.end(true);
  await t.close();
});

async function newUser() {
  const user = await registerUser(t);
  const res = await call<PushSession>(t.app, 'GET', '/api/push/session', undefined, { token: user.token });
  return { ...user, session: res.body.data };
}

type Outcome = { connected: true; client: MqttClient } | { connected: false; error: string };

function open(session: PushSession, password: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const client = connectMqtt(url, {
      clientId: session.client_id,
      username: session.username,
      password,
      clean: true,
      connectTimeout: 4000,
    });
    clients.push(client);
    let error = '';
    client.on('connect', () => resolve({ connected: true, client }));
    client.on('error', (e) => {
      error = e.message;
    });
    client.on('close', () => resolve({ connected: false, error }));
  });
}

async function connected(session: PushSession, password: string): Promise<MqttClient> {
  const outcome = await open(session, password);
  if (!outcome.connected) throw new Error(`not connected: ${outcome.error}`);
  return outcome.client;
}

const subscribe = (client: MqttClient, topic: string) =>
  new Promise<Granted[]>((resolve, reject) =>
    client.subscribe(topic, { qos: 1 }, (err, granted) => (err ? reject(err) : resolve(granted ?? []))),
  );

describe('the sync worker MQTT client', () => {
  it('connects with the session token, subscribes and receives system pushes', async () => {
    const user = await newUser();
    const client = await connected(user.session, user.token);
    expect(client.connected).toBe(true);
    const received: unknown[] = [];
    client.on('message', (topic, payload) => {
      if (topic === pushTopics.system(PREFIX, user.id)) received.push(JSON.parse(new TextDecoder().decode(payload)));
    });
    expect((await subscribe(client, pushTopics.system(PREFIX, user.id)))[0]?.qos).toBe(1);
    await t.app.services.push.publishSystem(user.id, { msg_type: 1, msg_type_sub: 2 });
    await t.app.services.push.publishSystem(user.id, { msg_type: 1, msg_type_sub: 6 });
    await expect.poll(() => received.length).toBe(2);
    expect(received).toEqual([
      { msg_type: 1, msg_type_sub: 2 },
      { msg_type: 1, msg_type_sub: 6 },
    ]);
  });

  it("is refused another user's topic (SUBACK 0x80)", async () => {
    const [a, b] = [await newUser(), await newUser()];
    const client = await connected(a.session, a.token);
    expect((await subscribe(client, pushTopics.system(PREFIX, b.id)))[0]?.qos).toBe(128);
  });

  it('reports a refused CONNECT (bad token) as an error, then closes', async () => {
    const user = await newUser();
    const outcome = await open(user.session, 'not-the-token');
    expect(outcome).toEqual({ connected: false, error: 'Connection refused: not authorized' });
  });

  it('closes when ended, and a logout ends it from the server side', async () => {
    const user = await newUser();
    const client = await connected(user.session, user.token);
    const closed = new Promise<void>((resolve) => client.on('close', resolve));
    await call(t.app, 'POST', '/api/logout', {}, { token: user.token });
    await closed;
    expect(client.connected).toBe(false);

    const other = await newUser();
    const second = await connected(other.session, other.token);
    second.end(true);
    expect(second.connected).toBe(false);
  });
});
