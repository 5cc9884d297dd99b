import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Friend, type Group, MUTATION_MAX_BYTES, type MyCard } from '../../src/api';
import { mutate } from '../../src/db/mutations';
import { readSyncState } from '../../src/db/sync-store';
import { cardBodyOf, cardPatchOf } from '../../src/lib/card-merge';
import { call, plainCard, registerUser } from '../server/helper';
import { Device, Server } from './harness';

/**
 * The sync engine's promises, one scenario each, with the real worker code on fake-indexeddb
 * against the real server: no change can block the queue, the newest edit wins whoever
 * reconnects last, card edits merge per field, a move out of a group deleted elsewhere lands.
 */
const server = new Server();
beforeAll(() => server.start());
afterAll(() => server.stop());

type Account = { id: number; token: string; email: string; password: string };

async function account(name: string): Promise<Account & { shareStr: string }> {
  const user = await registerUser(server.test);
  const card = await call<MyCard>(server.app, 'POST', '/api/card/create', plainCard(name), { token: user.token });
  return { ...user, shareStr: card.body.data.share_str };
}

/** Me with one friend, and two of my devices signed in and synced. */
/** The device's next edits are stamped after every edit made so far (without waiting for the clock to move). */
function laterThanNow(device: { db: { now: () => number } }): void {
  const after = Date.now() + 1;
  device.db.now = () => Math.max(Date.now(), after);
}

async function twoDevices() {
  const me = await account('Me');
  const other = await account('Other');
  const added = await call<{ friend_list: Friend[] }>(
    server.app,
    'POST',
    '/api/friend/add',
    { content: [other.shareStr] },
    { token: me.token },
  );
  const friend = added.body.data.friend_list[0];
  if (!friend) throw new Error('friend add failed');
  const a = new Device('a', server);
  const b = new Device('b', server);
  for (const device of [a, b]) {
    await device.signIn(server, me.email, me.password);
    await device.sync();
  }
  return { me, friend, a, b };
}

const api = <T>(user: { token: string }, method: 'GET' | 'POST', url: string, body?: unknown) =>
  call<T>(server.app, method, url, body, { token: user.token, lang: 'en-us' });

describe('a change the server cannot take', () => {
  it('never blocks the changes behind it, and each is told once', async () => {
    const { me, friend, a, b } = await twoDevices();
    // Queued as an older or buggy app version might have: a name the server does not know, six
    // changes of about 1 MB (no request may carry them all), one change too large to send ever, a
    // change the server refuses as a whole request (an empty id).
    const at = Date.now();
    await a.db.outbox.add({ id: crypto.randomUUID(), name: 'x'.repeat(100) as 'remark', args: {}, createdAt: at });
    for (let i = 0; i < 6; i += 1) {
      await a.db.outbox.add({
        id: crypto.randomUUID(),
        name: 'setProfile',
        args: { profile: String(i).repeat(1_000_000) },
        createdAt: at,
      });
    }
    await a.db.outbox.add({
      id: crypto.randomUUID(),
      name: 'setProfile',
      args: { profile: 'x'.repeat(MUTATION_MAX_BYTES + 1) },
      createdAt: at,
    });
    await a.db.outbox.add({ id: '', name: 'setProfile', args: {}, createdAt: at });
    await mutate(a.db, 'remark', { accept_id: friend.accept_id, remark: 'queued behind' });

    // Meanwhile another device changes something: this one must still receive it.
    await mutate(b.db, 'setProfile', { fullName: 'From B' });
    await b.sync();

    for (let round = 0; round < 3 && (await a.outboxSize()) > 0; round += 1) await a.sync();
    expect(await a.outboxSize()).toBe(0);
    const list = await api<{ friend_list: Friend[] }>(me, 'GET', '/api/friend/list/1');
    expect(list.body.data.friend_list[0]?.remark).toBe('queued behind');
    expect((await a.db.profile.get('me'))?.fullName).toBe('From B');
    const state = await readSyncState(a.db);
    expect(state.online).toBe(true);
    // Nine dropped changes, each told once: one too large for good, the others refused by the server.
    expect(state.rejected).toHaveLength(9);
    expect(state.rejected.filter((r) => r.key === 'tooLarge')).toHaveLength(1);
    await a.close();
    await b.close();
  });
});

describe('a network that never answers', () => {
  it('holds no change for ever: the request is given up, and the change lands once when answers come back', async () => {
    const { me, friend, a } = await twoDevices();
    await mutate(a.db, 'remark', { accept_id: friend.accept_id, remark: 'sent into silence' });
    a.silent = true;
    await a.sync();
    expect(await a.outboxSize()).toBe(1);
    expect((await readSyncState(a.db)).online).toBe(false);
    a.silent = false;
    await a.sync();
    expect(await a.outboxSize()).toBe(0);
    const list = await api<{ friend_list: Friend[] }>(me, 'GET', '/api/friend/list/1');
    expect(list.body.data.friend_list[0]?.remark).toBe('sent into silence');
    await a.close();
  });
});

describe('two devices edit the same thing offline', () => {
  it('the later edit wins even when its device reconnects first', async () => {
    const { me, friend, a, b } = await twoDevices();
    const group = (await api<Group>(me, 'POST', '/api/group/add', { group_name: 'Fair' })).body.data;
    await a.sync();
    await b.sync();
    a.online = false;
    b.online = false;
    await mutate(a.db, 'remark', { accept_id: friend.accept_id, remark: 'older, from A' });
    await mutate(a.db, 'editGroup', { group_id: group.group_id, group_name: 'Older name' });
    laterThanNow(b);
    await mutate(b.db, 'remark', { accept_id: friend.accept_id, remark: 'newer, from B' });
    await mutate(b.db, 'editGroup', { group_id: group.group_id, group_name: 'Newer name' });

    b.online = true;
    await b.sync();
    a.online = true;
    await a.sync();
    await b.sync();

    for (const device of [a, b]) {
      expect((await device.db.friends.get(friend.accept_id))?.remark).toBe('newer, from B');
      expect((await device.db.groups.get(group.group_id))?.group_name).toBe('Newer name');
    }
    // A is told its edits were outdone.
    expect((await readSyncState(a.db)).rejected.map((r) => r.key)).toEqual(['superseded', 'superseded']);
    await a.close();
    await b.close();
  });

  it('edits of different card fields and lists both stay', async () => {
    const { a, b } = await twoDevices();
    const base = await a.db.card.get('me');
    if (!base) throw new Error('no card');
    a.online = false;
    b.online = false;
    const body = cardBodyOf(base);
    await mutate(a.db, 'patchCard', cardPatchOf(body, { ...body, name: 'New name from A' }));
    const withPhone = {
      ...body,
      extension: { ...body.extension, tel: [{ key: 'mobile', content: '+852 9123 4567' }] },
    };
    await mutate(b.db, 'patchCard', cardPatchOf(body, withPhone));
    a.online = true;
    b.online = true;
    await a.sync();
    await b.sync();
    await a.sync();
    for (const device of [a, b]) {
      const card = await device.db.card.get('me');
      expect(card?.name).toBe('New name from A');
      expect(card?.extension.tel).toEqual([{ key: 'mobile', content: '+852 9123 4567' }]);
    }
    await a.close();
    await b.close();
  });
});

describe('a group deleted on another device', () => {
  it('a move out of it made offline puts the friend in the target', async () => {
    const { me, friend, a, b } = await twoDevices();
    const gone = (await api<Group>(me, 'POST', '/api/group/add', { group_name: 'Gone' })).body.data;
    const target = (await api<Group>(me, 'POST', '/api/group/add', { group_name: 'Target' })).body.data;
    await api(me, 'GET', `/api/friend/copyToGroup/${friend.accept_id}/${gone.group_id}`);
    await a.sync();
    await b.sync();
    b.online = false;
    await mutate(b.db, 'moveToGroup', {
      acceptId: friend.accept_id,
      fromGroupId: gone.group_id,
      toGroupId: target.group_id,
    });
    await mutate(a.db, 'delGroup', { id: gone.group_id });
    await a.sync();
    b.online = true;
    await b.sync();
    await a.sync();
    for (const device of [a, b]) {
      expect((await device.db.friends.get(friend.accept_id))?.groupIds).toEqual([1, target.group_id]);
    }
    expect((await readSyncState(b.db)).rejected).toEqual([]);
    await a.close();
    await b.close();
  });
});

describe('a group created offline whose answer was lost', () => {
  it('leaves no temporary twin once the replayed create is answered', async () => {
    const { a, b } = await twoDevices();
    await mutate(a.db, 'addGroup', { group_name: 'Clients', temp_id: -42 });
    // The service worker's cycle: the server creates the group, the answer never comes back, the
    // pull after it brings the server's group.
    await a.backgroundSync({ at: 0, lost: true });
    // Its next cycle replays the create (answered from the server's record) and pulls nothing new.
    await a.backgroundSync();
    await a.sync();
    await b.sync();
    const names = async (device: typeof a) => (await device.db.groups.toArray()).map((g) => g.group_name).sort();
    expect(await names(a)).toEqual(await names(b));
    expect((await a.db.groups.toArray()).filter((g) => g.group_id < 0)).toEqual([]);
    await a.close();
    await b.close();
  });
});

describe('a device whose clock is wrong', () => {
  it('B, 10 minutes slow, sees A’s edit and then edits: B’s edit wins', async () => {
    const { me, friend, a, b } = await twoDevices();
    b.db.now = () => Date.now() - 10 * 60 * 1000;
    const group = (await api<Group>(me, 'POST', '/api/group/add', { group_name: 'Start' })).body.data;
    await mutate(a.db, 'remark', { accept_id: friend.accept_id, remark: 'from A' });
    await mutate(a.db, 'editGroup', { group_id: group.group_id, group_name: 'A’s name' });
    await mutate(a.db, 'setProfile', { profile: 'A wrote this' });
    await a.sync();
    await b.sync();
    // B shows A's values, then its user changes them.
    expect((await b.db.friends.get(friend.accept_id))?.remark).toBe('from A');
    expect((await b.db.profile.get('me'))?.profile).toBe('A wrote this');
    await mutate(b.db, 'remark', { accept_id: friend.accept_id, remark: 'from B, after seeing A' });
    await mutate(b.db, 'editGroup', { group_id: group.group_id, group_name: 'B’s name' });
    await mutate(b.db, 'setProfile', { profile: 'B wrote this after' });
    await b.sync();
    await a.sync();

    for (const device of [a, b]) {
      expect((await device.db.friends.get(friend.accept_id))?.remark).toBe('from B, after seeing A');
      expect((await device.db.groups.get(group.group_id))?.group_name).toBe('B’s name');
      expect((await device.db.profile.get('me'))?.profile).toBe('B wrote this after');
    }
    // Nobody is told "a newer edit on another device was kept".
    expect((await readSyncState(b.db)).rejected).toEqual([]);
    await a.close();
    await b.close();
  });
});

describe('a session half-written when the page loaded', () => {
  it('the worker sends no change of one account with another account’s token: it waits', async () => {
    const { me, a } = await twoDevices();
    const other = await account('Someone else');
    a.online = false;
    await mutate(a.db, 'setProfile', { profile: 'mine, queued offline' });
    // My database, my user id, but the other account's token (a sign-in cut between two writes).
    await a.db.meta.put({ key: 'session', value: { token: other.token, userId: me.id } });
    a.online = true;
    await a.sync();
    const profileOf = async (user: { token: string }) =>
      (await api<{ profile: string }>(user, 'GET', '/api/user/getProfile')).body.data.profile;
    expect(await profileOf(other)).toBe('');
    expect(await a.outboxSize()).toBe(1);
    expect((await readSyncState(a.db)).rejected).toEqual([]);
    // Nothing of the other account was pulled in either.
    expect((await a.db.profile.get('me'))?.user_id).toBe(me.id);

    // My own session again: the change goes, to my account.
    await a.db.meta.put({ key: 'session', value: { token: me.token, userId: me.id } });
    await a.sync();
    expect(await a.outboxSize()).toBe(0);
    expect(await profileOf(me)).toBe('mine, queued offline');
    expect(await profileOf(other)).toBe('');
    await a.close();
  });
});

describe('two devices edit one cloud card offline', () => {
  it.each(['A', 'B'] as const)(
    'different rows both stay and the same row keeps the later edit, %s reconnecting first',
    async (first) => {
      const { a, b } = await twoDevices();
      const rows = [
        { key: 'name', value: 'Chan Tai Man' },
        { key: 'tel', value: '+852 2111 1111' },
        { key: 'email', value: 'tm@example.com' },
      ];
      await mutate(a.db, 'addCloudCard', { id: 'rows-card-1', photo: '', photo_bg: '', extension: rows, group_id: '' });
      await a.sync();
      await b.sync();
      a.online = false;
      b.online = false;
      const edit = (changes: Record<string, string>) =>
        rows.map((row) => ({ ...row, value: changes[row.key] ?? row.value }));
      // Different rows: A the name, B the phone. The same row: both the e-mail, B later.
      await mutate(a.db, 'editCloudCard', {
        id: 'rows-card-1',
        extension: edit({ name: 'Chan Tai-man', email: 'a@example.com' }),
      });
      laterThanNow(b);
      await mutate(b.db, 'editCloudCard', {
        id: 'rows-card-1',
        extension: edit({ tel: '+852 2999 9999', email: 'b@example.com' }),
      });
      const [one, two] = first === 'A' ? [a, b] : [b, a];
      one.online = true;
      await one.sync();
      two.online = true;
      await two.sync();
      await one.sync();
      for (const device of [a, b]) {
        expect((await device.db.cloudCards.get('rows-card-1'))?.extension).toEqual([
          { key: 'name', value: 'Chan Tai-man' },
          { key: 'tel', value: '+852 2999 9999' },
          { key: 'email', value: 'b@example.com' },
        ]);
      }
      // A's e-mail, arriving after B's later one, is told as outdone.
      expect((await readSyncState(a.db)).rejected.map((r) => r.key)).toEqual(first === 'B' ? ['superseded'] : []);
      expect((await readSyncState(b.db)).rejected).toEqual([]);
      await a.close();
      await b.close();
    },
  );
});

describe('a broken character typed into a cloud card', () => {
  it('shows as the server keeps it, and a resent edit whose answer was lost adds no second row', async () => {
    const { a, b } = await twoDevices();
    await mutate(a.db, 'addCloudCard', {
      id: 'lone-card-1',
      photo: '',
      photo_bg: '',
      extension: [{ key: 'name', value: 'Wong' }],
      group_id: '',
    });
    await a.sync();
    // Half of a UTF-16 pair, as a paste cut in the middle of an emoji leaves it.
    await mutate(a.db, 'editCloudCard', { id: 'lone-card-1', extension: [{ key: 'name', value: 'Wong \uD83D' }] });
    const kept = [{ key: 'name', value: 'Wong \uFFFD' }];
    expect((await a.db.cloudCards.get('lone-card-1'))?.extension).toEqual(kept);
    // The server runs the edit and its answer is lost: the next sync sends it again.
    await a.sync({ at: 0, lost: true });
    await a.sync();
    await b.sync();
    expect(await a.outboxSize()).toBe(0);
    for (const device of [a, b]) expect((await device.db.cloudCards.get('lone-card-1'))?.extension).toEqual(kept);
    await a.close();
    await b.close();
  });
});
