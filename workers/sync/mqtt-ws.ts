import { encodeVarint, readVarint } from '../../src/lib/varint';
/**
 * The MQTT 3.1.1 client of the sync worker, over a WebSocket: just what the live connection
 * needs (connect with username and password, subscribe, unsubscribe, receive QoS 0/1 publishes,
 * keep alive, end). MQTT.js does all this and far more, but its browser build brings Node's
 * buffer, streams and events with it: 105 KB of gzipped JavaScript on every signed-in first
 * page, against about 2 KB here. It never publishes and never reconnects by itself (live.ts
 * restarts a stale connection).
 */

export type MqttOptions = {
  clientId: string;
  username: string;
  password: string;
  clean: boolean;
  /** No CONNACK within this many ms: an error, then close. */
  connectTimeout: number;
  /** Seconds between pings when nothing else is sent (MQTT.js's default, 60). */
  keepalive?: number;
  /** Accepted for the options' sake: this client never reconnects and speaks only 3.1.1. */
  reconnectPeriod?: 0;
  protocolVersion?: 4;
};

export type Granted = { topic: string; qos: number };

type Events = {
  connect: () => void;
  message: (topic: string, payload: Uint8Array) => void;
  error: (error: Error) => void;
  close: () => void;
};

export type MqttClient = {
  readonly connected: boolean;
  on<E extends keyof Events>(event: E, listener: Events[E]): MqttClient;
  removeAllListeners(): void;
  subscribe(topic: string, options: { qos: 0 | 1 }, done?: (error: Error | null, granted?: Granted[]) => void): void;
  unsubscribe(topic: string): void;
  /** Closes now; `force` is accepted for MQTT.js's signature (this client always closes at once). */
  end(force?: boolean): void;
};

const CONNACK_REASONS = [
  '',
  'unacceptable protocol version',
  'identifier rejected',
  'server unavailable',
  'bad user name or password',
  'not authorized',
];

const utf8 = new TextEncoder();

function str(value: string): number[] {
  const bytes = utf8.encode(value);
  return [bytes.length >> 8, bytes.length & 0xff, ...bytes];
}

function packet(header: number, body: number[]): Uint8Array {
  return Uint8Array.from([header, ...encodeVarint(body.length), ...body]);
}

function connectPacket(o: MqttOptions, keepalive: number): Uint8Array {
  // Flags: user name, password, clean session.
  const flags = 0x80 | 0x40 | (o.clean ? 0x02 : 0);
  return packet(0x10, [
    ...str('MQTT'),
    4,
    flags,
    keepalive >> 8,
    keepalive & 0xff,
    ...str(o.clientId),
    ...str(o.username),
    ...str(o.password),
  ]);
}

/** Splits a byte stream into whole packets (a WebSocket frame may hold part of one, or several). */
function packetReader(onPacket: (header: number, body: Uint8Array) => void) {
  let buffered = new Uint8Array(0);
  return (chunk: Uint8Array) => {
    const joined = new Uint8Array(buffered.length + chunk.length);
    joined.set(buffered);
    joined.set(chunk, buffered.length);
    let offset = 0;
    while (joined.length - offset >= 2) {
      // The remaining length: at most 4 bytes; a packet not all here yet waits for the next chunk.
      const length = readVarint(joined, offset + 1, 4);
      if (!length || joined.length < length.next + length.value) break;
      onPacket(joined[offset] ?? 0, joined.subarray(length.next, length.next + length.value));
      offset = length.next + length.value;
    }
    buffered = joined.slice(offset);
  };
}

type SubscribeDone = (error: Error | null, granted?: Granted[]) => void;

/** The client's listeners, by event. */
function createListeners() {
  const listeners = new Map<keyof Events, Set<(...args: never[]) => void>>();
  return {
    on<E extends keyof Events>(event: E, listener: Events[E]): void {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (...args: never[]) => void);
      listeners.set(event, set);
    },
    clear(): void {
      listeners.clear();
    },
    emit<E extends keyof Events>(event: E, ...args: Parameters<Events[E]>): void {
      for (const listener of listeners.get(event) ?? []) (listener as (...a: Parameters<Events[E]>) => void)(...args);
    },
  };
}

type Listeners = ReturnType<typeof createListeners>;

/** Packet identifiers 1…65535, round and round. */
function packetIds(): () => number {
  let nextId = 1;
  return () => {
    const id = nextId;
    nextId = nextId === 0xffff ? 1 : nextId + 1;
    return id;
  };
}

/** Subscriptions waiting for their SUBACK, by packet id. */
function createSubscriptions() {
  const acks = new Map<number, SubscribeDone>();
  const subscribing = new Map<number, string>();
  return {
    add(id: number, topic: string, done: SubscribeDone | undefined): void {
      if (done) acks.set(id, done);
      subscribing.set(id, topic);
    },
    /** A SUBACK: the granted QoS of each topic (0x80: refused). */
    settle(body: Uint8Array): void {
      const id = ((body[0] ?? 0) << 8) | (body[1] ?? 0);
      const topic = subscribing.get(id) ?? '';
      subscribing.delete(id);
      acks.get(id)?.(
        null,
        Array.from(body.subarray(2), (qos) => ({ topic, qos })),
      );
      acks.delete(id);
    },
    /** The connection closed: every waiting subscription fails. */
    failAll(): void {
      for (const done of acks.values()) done(new Error('connection closed'));
      acks.clear();
    },
  };
}

type Subscriptions = ReturnType<typeof createSubscriptions>;

/** A PUBLISH: its topic, its payload, and (QoS 1 and up) the PUBACK it asks for. */
function readPublish(
  header: number,
  body: Uint8Array,
): { topic: string; payload: Uint8Array; puback: Uint8Array | null } {
  const qos = (header >> 1) & 3;
  const topicLength = ((body[0] ?? 0) << 8) | (body[1] ?? 0);
  const topic = new TextDecoder().decode(body.subarray(2, 2 + topicLength));
  let offset = 2 + topicLength;
  let puback: Uint8Array | null = null;
  if (qos > 0) {
    puback = Uint8Array.of(0x40, 2, body[offset] ?? 0, body[offset + 1] ?? 0);
    offset += 2;
  }
  return { topic, payload: body.slice(offset), puback };
}

/** What the client object works with: the connection's state and its ways to send and close. */
type Connection = {
  isConnected(): boolean;
  listeners: Listeners;
  subscriptions: Subscriptions;
  packetId(): number;
  send(bytes: Uint8Array): void;
  close(): void;
};

function clientOf(connection: Connection): MqttClient {
  const { listeners, subscriptions, packetId, send } = connection;
  const client: MqttClient = {
    get connected() {
      return connection.isConnected();
    },
    on(event, listener) {
      listeners.on(event, listener);
      return client;
    },
    removeAllListeners() {
      listeners.clear();
    },
    subscribe(topic, { qos }, done) {
      const id = packetId();
      subscriptions.add(id, topic, done);
      send(packet(0x82, [id >> 8, id & 0xff, ...str(topic), qos]));
    },
    unsubscribe(topic) {
      const id = packetId();
      send(packet(0xa2, [id >> 8, id & 0xff, ...str(topic)]));
    },
    end() {
      connection.close();
    },
  };
  return client;
}

export function connectMqtt(url: string, options: MqttOptions): MqttClient {
  const keepalive = options.keepalive ?? 60;
  const listeners = createListeners();
  const subscriptions = createSubscriptions();
  let connected = false;
  let closed = false;
  let pinger: ReturnType<typeof setInterval> | null = null;

  const socket = new WebSocket(url, 'mqtt');
  socket.binaryType = 'arraybuffer';
  const send = (bytes: Uint8Array) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(bytes);
  };
  const timeout = setTimeout(() => {
    listeners.emit('error', new Error('connack timeout'));
    close();
  }, options.connectTimeout);

  function close(): void {
    if (closed) return;
    closed = true;
    connected = false;
    clearTimeout(timeout);
    if (pinger !== null) clearInterval(pinger);
    subscriptions.failAll();
    if (socket.readyState === WebSocket.OPEN) socket.send(Uint8Array.of(0xe0, 0)); // DISCONNECT
    socket.close();
    listeners.emit('close');
  }

  function onConnack(body: Uint8Array): void {
    clearTimeout(timeout);
    const code = body[1] ?? 0;
    if (code !== 0) {
      listeners.emit('error', new Error(`Connection refused: ${CONNACK_REASONS[code] ?? code}`));
      close();
      return;
    }
    connected = true;
    pinger = setInterval(() => send(Uint8Array.of(0xc0, 0)), keepalive * 1000);
    listeners.emit('connect');
  }

  const read = packetReader((header, body) => {
    const type = header >> 4;
    if (type === 2) onConnack(body);
    else if (type === 3) {
      const { topic, payload, puback } = readPublish(header, body);
      if (puback) send(puback);
      listeners.emit('message', topic, payload);
    } else if (type === 9) subscriptions.settle(body);
    // UNSUBACK and PINGRESP need nothing.
  });

  socket.addEventListener('open', () => send(connectPacket(options, keepalive)));
  socket.addEventListener('message', (event: MessageEvent<ArrayBuffer>) => read(new Uint8Array(event.data)));
  socket.addEventListener('error', () => listeners.emit('error', new Error(`websocket error (${url})`)));
  socket.addEventListener('close', close);

  return clientOf({ isConnected: () => connected, listeners, subscriptions, packetId: packetIds(), send, close });
}
