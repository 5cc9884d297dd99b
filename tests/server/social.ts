import type { PushPublisher, SystemPush } from '../../server/push/publisher';
import { emptyExtension } from '../../server/services/cards';
import type { MyCard, PullResult, PushResult, SyncRow } from '../../src/api';
import { type Answer, call, plainCard, registerUser, type TestApp } from './helper';

/** Helpers shared by the friends, groups and notifications tests. */

export type User = Awaited<ReturnType<typeof registerUser>> & { shareStr: string; cardId: number };

/** A user with a saved card (so they can be added as a friend), and its share string. */
export async function userWithCard(
  t: TestApp,
  name: string,
  company?: { name: string; position: string },
): Promise<User> {
  const user = await registerUser(t);
  const saved = await call<MyCard>(
    t.app,
    'POST',
    '/api/card/create',
    {
      name,
      english_name: '',
      photo: '',
      photo_back: '',
      profile: `${name}'s profile`,
      is_open: 0,
      extension: {
        ...emptyExtension(),
        company: company ? [{ name: company.name, department: '', position: company.position }] : [],
      },
    },
    { token: user.token },
  );
  if (saved.status !== 200) throw new Error(`card/create: ${JSON.stringify(saved.body)}`);
  return { ...user, shareStr: saved.body.data.share_str, cardId: saved.body.data.card_id };
}

export async function renameCard(t: TestApp, user: User, name: string): Promise<void> {
  const saved = await call(t.app, 'POST', '/api/card/create', plainCard(name), { token: user.token });
  if (saved.status !== 200) throw new Error(`card/create: ${JSON.stringify(saved.body)}`);
}

export function api<T = unknown>(
  t: TestApp,
  user: { token: string },
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  lang = 'en-us',
): Promise<Answer<T>> {
  return call<T>(t.app, method, url, body, { token: user.token, lang });
}

export async function pullAll(
  t: TestApp,
  user: { token: string },
  cursor = 0,
  lang = 'en-us',
): Promise<{ rows: SyncRow[]; cursor: number }> {
  const rows: SyncRow[] = [];
  let at = cursor;
  for (;;) {
    const res = await call<PullResult>(t.app, 'GET', '/api/sync/pull', undefined, {
      token: user.token,
      lang,
      query: { cursor: String(at) },
    });
    if (res.status !== 200) throw new Error(`pull: ${JSON.stringify(res.body)}`);
    rows.push(...res.body.data.rows);
    at = res.body.data.cursor;
    if (!res.body.data.more) return { rows, cursor: at };
  }
}

export function syncPush(
  t: TestApp,
  user: { token: string },
  mutations: { id: string; name: string; args: unknown }[],
  clientId = 'client-0001',
) {
  return call<PushResult>(
    t.app,
    'POST',
    '/api/sync/push',
    { client_id: clientId, mutations },
    { token: user.token, lang: 'en-us' },
  );
}

/** Records every push the server sends. */
export class RecordingPublisher implements PushPublisher {
  system: { userId: number; message: SystemPush }[] = [];
  async publishSystem(userId: number, message: SystemPush): Promise<void> {
    this.system.push({ userId, message });
  }
  async publishGroup(): Promise<void> {}
  to(userId: number): SystemPush[] {
    return this.system.filter((p) => p.userId === userId).map((p) => p.message);
  }
  clear(): void {
    this.system = [];
  }
}
