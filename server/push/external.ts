import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { type GroupPush, groupPush, pushTopics, type SystemPush, systemPush } from '../../src/api/push';
import type { Db } from '../db/db';
import { SWEEP_INTERVAL_MS, sessionClientId } from './access';
import type { PushAccess, PushPublisher } from './publisher';
import type { ExternalBrokerConfig } from './setup';

const CONTROL = '$CONTROL/dynamic-security/v1';
const CONTROL_RESPONSE = `${CONTROL}/response`;
const COMMAND_TIMEOUT_MS = 5000;

type Log = { warn(obj: object, msg: string): void };
type Command = Record<string, unknown> & { command: string };
type Response = { command?: string; error?: string; correlationData?: string };

/** The broker account of one session: the client connects with this username and its token as password. */
export function brokerUsername(userId: number, tokenId: number): string {
  return `${userId}-${tokenId}`;
}

function userRole(userId: number): string {
  return `cardbook-user-${userId}`;
}

/**
 * External broker mode (MQTT_URL): the server is an MQTT client publishing through the broker,
 * and per-user access is enforced BY THE BROKER, through Mosquitto 2's dynamic-security plugin,
 * managed over `$CONTROL/dynamic-security/v1` with the admin account. That account must also
 * be allowed to publish `{prefix}/#` (publishClientSend; .ci/start-mosquitto.sh grants it): the
 * server does not grant itself roles, since dynsec disconnects a client whose roles change.
 *
 * One broker client per session token: username `{userId}-{tokenId}` (answered by
 * GET /api/push/session), password the token itself (dynsec stores it salted and hashed; the
 * server never writes it anywhere else), client id `sessionClientId` (dynsec refuses any other). Each user has a role that allows subscribing to their
 * own system topic, plus the exchange rooms `allowGroup` adds; nothing allows publishing. A
 * revoked or expired token loses its broker client at logout (`sessionEnded`) or at the next
 * sweep, which also disconnects it.
 */
export class ExternalPublisher implements PushPublisher, PushAccess {
  private readonly pending = new Map<string, { resolve(r: Response): void; timer: NodeJS.Timeout }>();
  private readonly knownRoles = new Set<number>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweptUntil = new Date();

  private constructor(
    private readonly client: MqttClient,
    private readonly prefix: string,
    private readonly db: Db,
  ) {
    client.on('message', (topic, payload) => {
      if (topic !== CONTROL_RESPONSE) return;
      const body = parseResponses(payload.toString('utf8'));
      for (const response of body) {
        const key = response.correlationData;
        const waiter = key ? this.pending.get(key) : undefined;
        if (!waiter || !key) continue;
        clearTimeout(waiter.timer);
        this.pending.delete(key);
        waiter.resolve(response);
      }
    });
  }

  static async connect(config: ExternalBrokerConfig, prefix: string, db: Db, log?: Log): Promise<ExternalPublisher> {
    const client = await mqtt.connectAsync(config.url, {
      username: config.username,
      password: config.password,
      clientId: `cardbook-server-${randomUUID().slice(0, 8)}`,
      clean: true,
      connectTimeout: 5000,
      reconnectPeriod: 1000,
    });
    client.on('error', (error) => log?.warn({ err: error.message }, 'mqtt broker error'));
    const publisher = new ExternalPublisher(client, prefix, db);
    await client.subscribeAsync(CONTROL_RESPONSE, { qos: 1 });
    publisher.sweepTimer = setInterval(() => {
      publisher.sweep().catch((error: unknown) => log?.warn({ err: String(error) }, 'mqtt dynsec sweep failed'));
    }, SWEEP_INTERVAL_MS);
    publisher.sweepTimer.unref();
    return publisher;
  }

  /** Whether the connection to the broker is up (it reconnects by itself when it drops). */
  get connected(): boolean {
    return this.client.connected;
  }

  async publishSystem(userId: number, message: SystemPush): Promise<void> {
    return this.publish(pushTopics.system(this.prefix, userId), systemPush.parse(message));
  }

  async publishGroup(groupId: number, message: GroupPush): Promise<void> {
    return this.publish(pushTopics.group(this.prefix, groupId), groupPush.parse(message));
  }

  /** Creates (idempotently) the broker client of a live session, with its user's role. */
  async sessionStarted(userId: number, tokenId: number, token: string): Promise<string> {
    await this.ensureUserRole(userId);
    const username = brokerUsername(userId, tokenId);
    // The broker client accepts only the session's own client id, so no other user can connect
    // with it and take over (drop) this session's connection.
    const clientid = sessionClientId(userId, tokenId);
    const created = await this.command({
      command: 'createClient',
      username,
      password: token,
      clientid,
      roles: [{ rolename: userRole(userId) }],
    });
    if (created.error) {
      if (!/already exists/i.test(created.error)) throw new Error(`dynsec createClient: ${created.error}`);
      // Same session asked again (or a broker shared with another database): make it current.
      // The client was created with its user's role, which it keeps.
      // (Both commands make Mosquitto drop the client's current connection.)
      const set = await this.command({ command: 'setClientPassword', username, password: token });
      if (set.error) throw new Error(`dynsec setClientPassword: ${set.error}`);
      const id = await this.command({ command: 'setClientId', username, clientid });
      if (id.error) throw new Error(`dynsec setClientId: ${id.error}`);
    }
    return username;
  }

  /** Removes a session's broker client (and so drops its connections). */
  async sessionEnded(userId: number, tokenId: number): Promise<void> {
    const removed = await this.command({ command: 'deleteClient', username: brokerUsername(userId, tokenId) });
    if (removed.error && !/not found/i.test(removed.error)) throw new Error(`dynsec deleteClient: ${removed.error}`);
  }

  async allowGroup(userId: number, groupId: number): Promise<void> {
    await this.ensureUserRole(userId);
    await this.addAcl(userRole(userId), 'subscribePattern', pushTopics.group(this.prefix, groupId), true);
  }

  async disallowGroup(userId: number, groupId: number): Promise<void> {
    const removed = await this.command({
      command: 'removeRoleACL',
      rolename: userRole(userId),
      acltype: 'subscribePattern',
      topic: pushTopics.group(this.prefix, groupId),
    });
    if (removed.error && !/not found/i.test(removed.error)) throw new Error(`dynsec removeRoleACL: ${removed.error}`);
  }

  /** Removes the broker clients of sessions revoked or expired since the last sweep. */
  async sweep(): Promise<void> {
    const since = this.sweptUntil;
    const now = new Date();
    const rows = await this.db.query<{ id: number; user_id: number }>(
      `select id, user_id from auth_tokens
       where (revoked_at >= $1 and revoked_at < $2) or (expires_at >= $1 and expires_at < $2)`,
      [since, now],
    );
    for (const row of rows) await this.sessionEnded(row.user_id, row.id);
    this.sweptUntil = now;
  }

  async close(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    for (const waiter of this.pending.values()) clearTimeout(waiter.timer);
    this.pending.clear();
    await this.client.endAsync();
  }

  private async ensureUserRole(userId: number): Promise<void> {
    if (this.knownRoles.has(userId)) return;
    const rolename = userRole(userId);
    const created = await this.command({
      command: 'createRole',
      rolename,
      acls: [{ acltype: 'subscribePattern', topic: pushTopics.system(this.prefix, userId), allow: true }],
    });
    if (created.error) {
      if (!/already exists/i.test(created.error)) throw new Error(`dynsec createRole: ${created.error}`);
      await this.addAcl(rolename, 'subscribePattern', pushTopics.system(this.prefix, userId), true);
    }
    this.knownRoles.add(userId);
  }

  private async addAcl(rolename: string, acltype: string, topic: string, allow: boolean): Promise<void> {
    const added = await this.command({ command: 'addRoleACL', rolename, acltype, topic, allow });
    if (added.error && !/already exists/i.test(added.error)) throw new Error(`dynsec addRoleACL: ${added.error}`);
  }

  private command(command: Command): Promise<Response> {
    const correlationData = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(correlationData);
        reject(new Error(`dynsec ${command.command}: no answer`));
      }, COMMAND_TIMEOUT_MS);
      this.pending.set(correlationData, { resolve, timer });
      this.client.publish(CONTROL, JSON.stringify({ commands: [{ ...command, correlationData }] }), { qos: 1 }, (e) => {
        if (!e) return;
        clearTimeout(timer);
        this.pending.delete(correlationData);
        reject(e);
      });
    });
  }

  private publish(topic: string, message: object): Promise<void> {
    return new Promise((resolve, reject) => {
      this.client.publish(topic, JSON.stringify(message), { qos: 1 }, (error) => (error ? reject(error) : resolve()));
    });
  }
}

function parseResponses(text: string): Response[] {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null || !('responses' in body) || !Array.isArray(body.responses))
      return [];
    return body.responses.filter((r): r is Response => typeof r === 'object' && r !== null);
  } catch {
    return [];
  }
}
