import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/security/rate-limits';
import { emptyExtension } from '../../server/services/cards';
import type { AddedFriends, Friend, FriendList, Group, GroupList, SyncRow } from '../../src/api';
import { createTestApp, dbSnapshot, type TestApp } from './helper';
import { api, pullAll, RecordingPublisher, renameCard, syncPush, type User, userWithCard } from './social';

let t: TestApp;
const pushes = new RecordingPublisher();
beforeAll(async () => {
  const roomy = { points: 10_000, seconds: 60 };
  t = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, register: roomy, verifyCodePerAddress: roomy } });
  t.app.services.push = pushes;
});
afterAll(async () => {
  await t.close();
});

const add = (user: User, content: string[]) => api<AddedFriends>(t, user, 'POST', '/api/friend/add', { content });
const addOne = async (user: User, friend: User): Promise<Friend> => {
  const res = await add(user, [friend.shareStr]);
  expect(res.status).toBe(200);
  const entry = res.body.data.friend_list.find((f) => f.friend_card_info.card_id === friend.cardId);
  if (!entry) throw new Error('no entry');
  return entry;
};
const list = async (user: User, groupId = 1, query = '') =>
  (await api<FriendList>(t, user, 'GET', `/api/friend/list/${groupId}${query}`)).body.data.friend_list;
const entryOf = async (user: User, acceptId: number) => (await list(user)).find((f) => f.accept_id === acceptId);
const addGroup = async (user: User, name: string) =>
  (await api<Group>(t, user, 'POST', '/api/group/add', { group_name: name })).body.data.group_id;
const friendRows = (rows: SyncRow[]) =>
  rows.filter((r): r is Extract<SyncRow, { table: 'friend' }> => r.table === 'friend');

describe('friend/add', () => {
  it('adds cards by share string into the main group, idempotently, skipping my own card', async () => {
    const a = await userWithCard(t, 'Ann');
    const b = await userWithCard(t, 'Ben', { name: 'Acme Ltd', position: 'CTO' });
    const c = await userWithCard(t, 'Cat');
    pushes.clear();
    const res = await add(a, [b.shareStr, c.shareStr, a.shareStr, 'no-such-share']);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Added to your friends');
    expect(res.body.data.friend_list.map((f) => f.friend_card_info.name).sort()).toEqual(['Ben', 'Cat']);
    expect(res.body.data.friend_list[0]).toMatchObject({ remark: '', group_id: '1', group_main: 1, status: 0 });
    expect(res.body.data.friend_list.find((f) => f.friend_card_info.card_id === b.cardId)?.friend_card_info).toEqual({
      card_id: b.cardId,
      name: 'Ben',
      avatar: '',
      profile: "Ben's profile",
      photo: '',
      company: 'Acme Ltd · CTO',
      // The whole card travels with the entry (sync protocol 7), for the overlay offline.
      english_name: '',
      photo_back: '',
      share_str: b.shareStr,
      extension: {
        ...emptyExtension(),
        company: [{ name: 'Acme Ltd', department: '', position: 'CTO', key: 'company' }],
      },
    });
    expect(
      res.body.data.friend_list.find((f) => f.friend_card_info.card_id === c.cardId)?.friend_card_info.company,
    ).toBe('');
    expect(pushes.to(b.id)).toEqual([{ msg_type: 1, msg_type_sub: 3 }]);
    expect(pushes.to(a.id)).toEqual([{ msg_type: 1, msg_type_sub: 2 }]);

    const again = await add(a, [b.shareStr]);
    expect(again.body.data.friend_list.map((f) => f.accept_id)).toEqual(
      res.body.data.friend_list.filter((f) => f.friend_card_info.card_id === b.cardId).map((f) => f.accept_id),
    );
    expect(await list(a)).toHaveLength(2);
    // My own card alone is refused, with a message saying why (not a success that adds nothing).
    const own = await add(a, [a.shareStr]);
    expect(own.status).toBe(400);
    expect(own.body.msg).toBe('This is your own card: it cannot be added to your card holder');
    expect((await add(a, ['no-such-share'])).status).toBe(404);
    expect((await api(t, a, 'POST', '/api/friend/add', { content: [] })).status).toBe(400);
  });

  it('tells the card owner: a notification "X added your card" with X\'s card id', async () => {
    const a = await userWithCard(t, 'Ann');
    const b = await userWithCard(t, 'Ben');
    await addOne(a, b);
    await addOne(a, b);
    const notes = await api<{ list: { msg: string; msg_type: number; msg_type_sub: number; content: unknown }[] }>(
      t,
      b,
      'GET',
      '/api/notify/list/1',
    );
    expect(notes.body.data.list).toMatchObject([
      { msg_type: 1, msg_type_sub: 3, msg: 'Ann added your card', content: { f_card_id: a.cardId }, status_user: 1 },
    ]);
  });
});

describe('friend/list', () => {
  it('pages newest first: a full page means ask for the next; a shorter one ends', async () => {
    const a = await userWithCard(t, 'Ann');
    const friends: User[] = [];
    for (let i = 0; i < 5; i++) friends.push(await userWithCard(t, `F${i}`));
    await add(
      a,
      friends.map((f) => f.shareStr),
    );
    const names: string[] = [];
    let page = 1;
    for (;;) {
      const res = await api<FriendList>(t, a, 'GET', `/api/friend/list/1?page=${page}&page_size=2`);
      expect(res.body.data.page_size).toBe(2);
      names.push(...res.body.data.friend_list.map((f) => f.friend_card_info.name));
      if (res.body.data.friend_list.length < res.body.data.page_size) break;
      page += 1;
    }
    expect(page).toBe(3);
    expect(names.sort()).toEqual(['F0', 'F1', 'F2', 'F3', 'F4']);
    expect((await api<FriendList>(t, a, 'GET', '/api/friend/list/1?page=9&page_size=2')).body.data.friend_list).toEqual(
      [],
    );
    expect((await api(t, a, 'GET', '/api/friend/list/1?page_size=0')).status).toBe(400);
    expect((await api(t, a, 'GET', '/api/friend/list/1?page_size=201')).status).toBe(400);
  });
});

describe('changing entries', () => {
  it('remark, copy, move and remove from groups', async () => {
    const a = await userWithCard(t, 'Ann');
    const b = await userWithCard(t, 'Ben');
    const e = await addOne(a, b);
    const g1 = await addGroup(a, 'One');
    const g2 = await addGroup(a, 'Two');

    const remarked = await api<Friend>(t, a, 'POST', '/api/friend/remark', {
      accept_id: e.accept_id,
      remark: ' Boss ',
    });
    expect(remarked.body.data.remark).toBe('Boss');

    const copied = await api<Friend>(t, a, 'GET', `/api/friend/copyToGroup/${e.accept_id}/${g1}`);
    expect(copied.body.data).toMatchObject({ group_id: `1,${g1}`, group_main: 0 });
    await api(t, a, 'GET', `/api/friend/copyToGroup/${e.accept_id}/${g1}`);
    expect((await list(a, g1)).map((f) => f.accept_id)).toEqual([e.accept_id]);

    const moved = await api<Friend>(t, a, 'GET', `/api/friend/moveToGroup/${e.accept_id}/${g1}/${g2}`);
    expect(moved.body.data.group_id).toBe(`1,${g2}`);
    expect(await list(a, g1)).toEqual([]);
    expect((await list(a, g2)).map((f) => f.accept_id)).toEqual([e.accept_id]);

    // From the main group only joins; to it only leaves.
    expect((await api<Friend>(t, a, 'GET', `/api/friend/moveToGroup/${e.accept_id}/1/${g1}`)).body.data.group_id).toBe(
      `1,${g1},${g2}`,
    );
    expect((await api<Friend>(t, a, 'GET', `/api/friend/moveToGroup/${e.accept_id}/${g2}/1`)).body.data.group_id).toBe(
      `1,${g1}`,
    );

    const removed = await api<Friend>(t, a, 'GET', `/api/friend/delFriendFromGroup/${e.accept_id}/${g1}`);
    expect(removed.body.data).toMatchObject({ group_id: '1', group_main: 1 });
    expect((await api(t, a, 'GET', `/api/friend/delFriendFromGroup/${e.accept_id}/1`)).status).toBe(400);
    expect((await entryOf(a, e.accept_id))?.remark).toBe('Boss');
    const cleared = await api<Friend>(t, a, 'POST', '/api/friend/remark', { accept_id: e.accept_id, remark: '' });
    expect(cleared.body.data.remark).toBe('');
  });

  it('delFriend: a tombstone, each group count lowered never below zero, status 20 and a push for the other side', async () => {
    const a = await userWithCard(t, 'Ann');
    const b = await userWithCard(t, 'Ben');
    const c = await userWithCard(t, 'Cat');
    const ab = await addOne(a, b);
    await addOne(a, c);
    const ba = await addOne(b, a);
    const g = await addGroup(a, 'Team');
    const gb = await addGroup(b, 'Pals');
    await api(t, a, 'GET', `/api/friend/copyToGroup/${ab.accept_id}/${g}`);
    await api(t, b, 'GET', `/api/friend/copyToGroup/${ba.accept_id}/${gb}`);
    await renameCard(t, c, 'Cat 2'); // main 1
    await renameCard(t, b, 'Ben 2'); // main 2, team 1
    const counts = async () =>
      Object.fromEntries(
        (await api<GroupList>(t, a, 'GET', '/api/group/list')).body.data.list.map((x) => [x.group_id, x.update_num]),
      );
    expect(await counts()).toEqual({ 1: 2, [g]: 1 });
    const { cursor } = await pullAll(t, b);

    pushes.clear();
    const del = await api(t, a, 'GET', `/api/friend/delFriend/${ab.accept_id}`);
    expect(del.status).toBe(200);
    expect(await counts()).toEqual({ 1: 1, [g]: 0 });
    expect((await list(a)).map((f) => f.friend_card_info.name)).toEqual(['Cat 2']);
    expect((await api(t, a, 'GET', `/api/friend/delFriend/${ab.accept_id}`)).status).toBe(404);

    // B's entry for A: status 20, pulled again, and a push naming it and its groups.
    expect(await entryOf(b, ba.accept_id)).toMatchObject({ status: 20 });
    expect(pushes.to(b.id)).toEqual([{ msg_type: 1, msg_type_sub: 5, accept_id: ba.accept_id, group_id: `1,${gb}` }]);
    expect(friendRows((await pullAll(t, b, cursor)).rows)).toMatchObject([
      { key: String(ba.accept_id), value: { status: 20 } },
    ]);

    // Deleting again from zero stays at zero.
    await api(t, a, 'GET', '/api/group/group_update_cancel/1');
    const [ac] = await list(a);
    await api(t, a, 'GET', `/api/friend/delFriend/${ac?.accept_id}`);
    expect(await counts()).toEqual({ 1: 0, [g]: 0 });

    // A adds B again: B's entry is back to normal.
    await addOne(a, b);
    expect(await entryOf(b, ba.accept_id)).toMatchObject({ status: 0 });
  });
});

describe('sync', () => {
  it("pulls entries with the friend's latest card, and tombstones", async () => {
    const a = await userWithCard(t, 'Ann');
    const b = await userWithCard(t, 'Ben');
    const e = await addOne(a, b);
    const first = await pullAll(t, a);
    expect(friendRows(first.rows)).toMatchObject([
      {
        key: String(e.accept_id),
        deleted: false,
        value: { accept_id: e.accept_id, friend_card_info: { name: 'Ben' } },
      },
    ]);
    await renameCard(t, b, 'Benjamin');
    const second = await pullAll(t, a, first.cursor);
    expect(friendRows(second.rows)).toMatchObject([{ value: { friend_card_info: { name: 'Benjamin' } } }]);
    expect(second.rows.some((r) => r.table === 'notification' && r.value?.msg === 'Benjamin updated their card')).toBe(
      true,
    );
    await api(t, a, 'GET', `/api/friend/delFriend/${e.accept_id}`);
    const third = await pullAll(t, a, second.cursor);
    expect(friendRows(third.rows)).toEqual([
      { table: 'friend', key: String(e.accept_id), version: expect.any(Number), deleted: true, value: null },
    ]);
  });

  it('runs every friend mutation through push, each exactly once on replay', async () => {
    const a = await userWithCard(t, 'Ann');
    const b = await userWithCard(t, 'Ben');
    const c = await userWithCard(t, 'Cat');
    const g = await addGroup(a, 'Team');
    const g2 = await addGroup(a, 'Other');
    const batch = [{ id: 'f1', name: 'addFriend', args: { content: [b.shareStr, c.shareStr] } }];
    const added = await syncPush(t, a, batch);
    expect(added.body.data.results[0]).toMatchObject({ ok: true });
    const [eb, ec] = [...(await list(a))].sort((x, y) => x.accept_id - y.accept_id) as [Friend, Friend];
    const more = [
      { id: 'f2', name: 'remark', args: { accept_id: eb.accept_id, remark: 'Boss' } },
      { id: 'f3', name: 'copyToGroup', args: { acceptId: eb.accept_id, groupId: g } },
      { id: 'f4', name: 'moveToGroup', args: { acceptId: eb.accept_id, fromGroupId: g, toGroupId: g2 } },
      { id: 'f5', name: 'copyToGroup', args: { acceptId: eb.accept_id, groupId: g } },
      { id: 'f6', name: 'delFriendFromGroup', args: { acceptId: eb.accept_id, groupId: g2 } },
      { id: 'f7', name: 'delFriend', args: { acceptId: ec.accept_id } },
    ];
    const res = await syncPush(t, a, more);
    expect(res.body.data.results.map((r) => r.ok)).toEqual([true, true, true, true, true, true]);
    const state = async () => JSON.stringify(await list(a));
    const after = await state();
    const snapshot = await dbSnapshot(t.app);
    const replay = await syncPush(t, a, [...batch, ...more]);
    expect(replay.body.data.results).toEqual([...added.body.data.results, ...res.body.data.results]);
    expect(await state()).toBe(after);
    expect(await dbSnapshot(t.app)).toBe(snapshot);
    expect(await list(a)).toMatchObject([{ accept_id: eb.accept_id, remark: 'Boss', group_id: `1,${g}` }]);
    // C was told once (one notification), B too.
    const notes = await api<{ list: unknown[] }>(t, c, 'GET', '/api/notify/list/1');
    expect(notes.body.data.list).toHaveLength(1);
  });

  it('sends pushes of a sync mutation only after it applied, and none for a refused one', async () => {
    const a = await userWithCard(t, 'Ann');
    const b = await userWithCard(t, 'Ben');
    pushes.clear();
    await syncPush(t, a, [
      { id: 'p1', name: 'addFriend', args: { content: [b.shareStr] } },
      { id: 'p2', name: 'delFriend', args: { acceptId: 999_999_999 } },
    ]);
    expect(pushes.to(b.id)).toEqual([{ msg_type: 1, msg_type_sub: 3 }]);
    expect(pushes.to(a.id)).toEqual([{ msg_type: 1, msg_type_sub: 2 }]);
  });
});

describe('security', () => {
  it("B can neither read nor change A's entries, through REST or sync push", async () => {
    const a = await userWithCard(t, 'Ann');
    const b = await userWithCard(t, 'Ben');
    const c = await userWithCard(t, 'Cat');
    const e = await addOne(a, c);
    const g = await addGroup(a, 'Team');
    const bg = await addGroup(b, 'Mine');
    await api(t, a, 'GET', `/api/friend/copyToGroup/${e.accept_id}/${g}`);
    const before = await dbSnapshot(t.app);
    const id = e.accept_id;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/friend/list/${g}`],
      ['GET', `/api/friend/delFriend/${id}`],
      ['GET', `/api/friend/delFriendFromGroup/${id}/${g}`],
      ['GET', `/api/friend/delFriendFromGroup/${id}/${bg}`],
      ['POST', '/api/friend/remark', { accept_id: id, remark: 'hacked' }],
      ['GET', `/api/friend/moveToGroup/${id}/${g}/${bg}`],
      ['GET', `/api/friend/moveToGroup/${id}/1/${bg}`],
      ['GET', `/api/friend/copyToGroup/${id}/${bg}`],
      ['GET', `/api/friend/copyToGroup/${id}/1`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await api(t, b, method as 'GET' | 'POST', url, body);
      expect(res.status, url).toBe(404);
    }
    expect(await list(b)).toEqual([]);
    expect(await dbSnapshot(t.app)).toBe(before);
    const pushed = await syncPush(t, b, [
      { id: 's1', name: 'remark', args: { accept_id: id, remark: 'hacked' } },
      { id: 's2', name: 'delFriend', args: { acceptId: id } },
      { id: 's3', name: 'copyToGroup', args: { acceptId: id, groupId: bg } },
    ]);
    expect(pushed.body.data.results.map((r) => (r.ok ? 200 : r.code))).toEqual([404, 404, 404]);
    expect(await list(a)).toMatchObject([{ accept_id: id, remark: '', group_id: `1,${g}` }]);
    expect(friendRows((await pullAll(t, b)).rows)).toEqual([]);
    expect((await api(t, { token: 'x'.repeat(43) }, 'GET', '/api/friend/list/1')).status).toBe(401);
  });
});
