import type { Db } from '../db/db';
import type { UpgradeRouter } from '../http/connections';
import { EmbeddedBroker } from './embedded';
import { ExternalPublisher } from './external';
import type { PushAccess, PushPublisher } from './publisher';

export type ExternalBrokerConfig = {
  /** mqtt://host:port (or mqtts/ws/wss) of a Mosquitto 2 with the dynamic-security plugin. */
  url: string;
  /** Its dynamic-security admin account. */
  username: string;
  password: string;
  /** The websocket URL browsers connect to (MQTT_WS_URL), answered by GET /api/push/session. */
  wsUrl: string | null;
};

/** Push transport settings: topic prefix, and an external broker or null for the embedded one. */
export type PushConfig = { prefix: string; external: ExternalBrokerConfig | null };

export const DEFAULT_PUSH_CONFIG: PushConfig = { prefix: 'cardbook', external: null };

export type PushTransport = {
  publisher: PushPublisher;
  access: PushAccess;
  /** The embedded broker, when that is the mode (tests and the bench look at it). */
  broker: EmbeddedBroker | null;
  /** Whether pushes reach the broker now (/readyz): the embedded one always does. */
  connected(): boolean;
  close(): Promise<void>;
};

type Log = { warn(obj: object, msg: string): void };

/** Starts the push transport for one app: the embedded broker on the app's upgrades, or a client of MQTT_URL. */
export async function startPush(
  config: PushConfig,
  db: Db,
  upgrades: UpgradeRouter,
  log?: Log,
): Promise<PushTransport> {
  if (config.external) {
    const external = await ExternalPublisher.connect(config.external, config.prefix, db, log);
    return {
      publisher: external,
      access: external,
      broker: null,
      connected: () => external.connected,
      close: () => external.close(),
    };
  }
  const broker = await EmbeddedBroker.start({ db, upgrades, prefix: config.prefix, log });
  return {
    publisher: broker.publisher,
    access: broker.access,
    broker,
    connected: () => true,
    close: () => broker.close(),
  };
}
