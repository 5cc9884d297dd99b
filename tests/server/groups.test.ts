import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/security/rate-limits';
import type { AddedFriends, Friend, Group, GroupList, SyncRow } from '../../src/api';
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

const groups = async (user: User) => (await api<GroupList>(t, user, 'GET', '/api/group/list')).body.data.list;
const addGroup = async (user: User, name: string) => {
  const res = await api<Group>(t, user, 'POST', '/api/group/add', { group_name: name });
  expect(res.status).toBe(200);
  return res.body.data;
};
const addFriend = async (user: User, friend: User) => {
  const res = await api<AddedFriends>(t, user, 'POST', '/api/friend/add', { content: [friend.shareStr] });
  expect(res.status).toBe(200);
  return res.body.data.friend_list[0] as Friend;
};

describe('groups', () => {
  it('lists the main group (1) last, with a name in the reader language, even before any friend', async () => {
    const a = await userWithCard(t, 'Ann');
    expect(await groups(a)).toEqual([{ group_id: 1, group_name: 'All', update_num: 0 }]);
    const g = await addGroup(a, '  Clients  ');
    expect(g).toMatchObject({ group_name: 'Clients', update_num: 0 });
    expect(g.group_id).toBeGreaterThan(1);
    const list = (await api<GroupList>(t, a, 'GET', '/api/group/list', undefined, 'zh-tw')).body.data.list;
    expect(list.map((x) => x.group_id)).toEqual([g.group_id, 1]);
    expect(list[1]?.group_name).toBe('全部');
  });

  it('adds, renames, sorts and deletes; the main group cannot be renamed or deleted', async () => {
    const a = await userWithCard(t, 'Ann');
    const x = await addGroup(a, 'X');
    const y = await addGroup(a, 'Y');
    const z = await addGroup(a, 'Z');
    expect((await groups(a)).map((g) => g.group_id)).toEqual([x.group_id, y.group_id, z.group_id, 1]);

    const edited = await api<Group>(t, a, 'POST', '/api/group/edit', { group_id: y.group_id, group_name: 'Why' });
    expect(edited.body.data).toMatchObject({ group_id: y.group_id, group_name: 'Why' });
    expect((await api(t, a, 'POST', '/api/group/edit', { group_id: 1, group_name: 'Main' })).status).toBe(400);
    expect((await api(t, a, 'POST', '/api/group/add', { group_name: '   ' })).status).toBe(400);

    const sorted = await api<GroupList>(t, a, 'POST', '/api/group/sorting', {
      ids: [z.group_id, 1, x.group_id, y.group_id],
    });
    expect(sorted.status).toBe(200);
    expect(sorted.body.data.list.map((g) => g.group_id)).toEqual([z.group_id, x.group_id, y.group_id, 1]);
    expect((await groups(a)).map((g) => g.group_id)).toEqual([z.group_id, x.group_id, y.group_id, 1]);
    expect((await api(t, a, 'POST', '/api/group/sorting', { ids: [x.group_id, x.group_id] })).status).toBe(400);

    expect((await api(t, a, 'GET', `/api/group/del/${x.group_id}`)).status).toBe(200);
    expect((await groups(a)).map((g) => g.group_id)).toEqual([z.group_id, y.group_id, 1]);
    expect((await api(t, a, 'GET', `/api/group/del/${x.group_id}`)).status).toBe(404);
    expect((await api(t, a, 'GET', '/api/group/del/1')).status).toBe(400);
  });

  it('deleting a group keeps its members as friends in the main group', async () => {
    const a = await userWithCard(t, 'Ann');
    const b = await userWithCard(t, 'Ben');
    const g = await addGroup(a, 'Team');
    const entry = await addFriend(a, b);
    await api(t, a, 'GET', `/api/friend/copyToGroup/${entry.accept_id}/${g.group_id}`);
    await api(t, a, 'GET', `/api/group/del/${g.group_id}`);
    const all = (await api<{ friend_list: Friend[] }>(t, a, 'GET', '/api/friend/list/1')).body.data.friend_list;
    expect(all).toMatchObject([{ accept_id: entry.accept_id, group_id: '1', group_main: 1 }]);
    expect((await api(t, a, 'GET', `/api/friend/list/${g.group_id}`)).status).toBe(404);
  });

  it('counts card changes per group; friend_update sums them; group_update_cancel resets one', async () => {
    const a = await userWithCard(t, 'Ann');
    const b = await userWithCard(t, 'Ben');
    const c = await userWithCard(t, 'Cat');
    const g = await addGroup(a, 'Team');
    const eb = await addFriend(a, b);
    await addFriend(a, c);
    await api(t, a, 'GET', `/api/friend/copyToGroup/${eb.accept_id}/${g.group_id}`);
    pushes.clear();
    await renameCard(t, b, 'Ben 2');
    await renameCard(t, c, 'Cat 2');
    expect(pushes.to(a.id)).toEqual([
      { msg_type: 1, msg_type_sub: 4 },
      { msg_type: 1, msg_type_sub: 4 },
    ]);
    const counts = Object.fromEntries((await groups(a)).map((x) => [x.group_id, x.update_num]));
    expect(counts).toEqual({ [g.group_id]: 1, 1: 2 });
    expect((await api(t, a, 'GET', '/api/group/friend_update')).body.data).toEqual({ total: 3 });

    const cancelled = await api<Group>(t, a, 'GET', '/api/group/group_update_cancel/1');
    expect(cancelled.body.data).toMatchObject({ group_id: 1, update_num: 0 });
    expect((await api(t, a, 'GET', '/api/group/friend_update')).body.data).toEqual({ total: 1 });
    await api(t, a, 'GET', `/api/group/group_update_cancel/${g.group_id}`);
    expect((await api(t, a, 'GET', '/api/group/friend_update')).body.data).toEqual({ total: 0 });
    // My card's own answer carries the total too.
    expect((await api<{ group_update_num: number }>(t, a, 'GET', '/api/card/info')).body.data.group_update_num).toBe(0);
  });

  it('is scoped to its owner: another user gets 404 and nothing changes', async () => {
    const a = await userWithCard(t, 'Ann');
    const b = await userWithCard(t, 'Ben');
    const g = await addGroup(a, 'Secret');
    const before = await dbSnapshot(t.app);
    expect((await api(t, b, 'POST', '/api/group/edit', { group_id: g.group_id, group_name: 'Mine' })).status).toBe(404);
    expect((await api(t, b, 'GET', `/api/group/del/${g.group_id}`)).status).toBe(404);
    expect((await api(t, b, 'POST', '/api/group/sorting', { ids: [g.group_id] })).status).toBe(404);
    expect((await api(t, b, 'GET', `/api/group/group_update_cancel/${g.group_id}`)).status).toBe(404);
    expect((await api(t, b, 'GET', `/api/friend/list/${g.group_id}`)).status).toBe(404);
    expect(await dbSnapshot(t.app)).toBe(before);
    const pushed = await syncPush(t, b, [
      { id: 'm1', name: 'editGroup', args: { group_id: g.group_id, group_name: 'Mine' } },
      { id: 'm2', name: 'delGroup', args: { id: g.group_id } },
    ]);
    expect(pushed.body.data.results.map((r) => r.ok)).toEqual([false, false]);
    expect((await groups(b)).map((x) => x.group_id)).toEqual([1]);
    expect((await groups(a)).find((x) => x.group_id === g.group_id)?.group_name).toBe('Secret');
    expect((await pullAll(t, b)).rows.filter((r) => r.table === 'group')).toEqual([]);
    expect((await api(t, { token: 'nope' }, 'GET', '/api/group/list')).status).toBe(401);
  });

  it('syncs: pushes run once on replay, pulls carry groups with their order and tombstones', async () => {
    const a = await userWithCard(t, 'Ann');
    const first = await syncPush(t, a, [
      { id: 'g1', name: 'addGroup', args: { group_name: 'One' } },
      { id: 'g2', name: 'addGroup', args: { group_name: 'Two' } },
    ]);
    expect(first.body.data.results.every((r) => r.ok)).toBe(true);
    const replay = await syncPush(t, a, [{ id: 'g1', name: 'addGroup', args: { group_name: 'One' } }]);
    expect(replay.body.data.results[0]).toEqual(first.body.data.results[0]);
    const list = await groups(a);
    expect(list.map((g) => g.group_name)).toEqual(['One', 'Two', 'All']);
    const [one, two] = list as [Group, Group];

    const { rows, cursor } = await pullAll(t, a);
    const groupRows = rows.filter((r): r is Extract<SyncRow, { table: 'group' }> => r.table === 'group');
    expect(groupRows.map((r) => r.value?.group_name)).toEqual(['All', 'One', 'Two']);

    const later = await syncPush(t, a, [
      { id: 'g3', name: 'sortGroups', args: { ids: [two.group_id, one.group_id] } },
      { id: 'g4', name: 'editGroup', args: { group_id: two.group_id, group_name: 'Deux' } },
      { id: 'g5', name: 'delGroup', args: { id: one.group_id } },
      { id: 'g6', name: 'cancelGroupUpdate', args: { id: 1 } },
    ]);
    expect(later.body.data.results.map((r) => r.ok)).toEqual([true, true, true, true]);
    const next = (await pullAll(t, a, cursor)).rows;
    expect(next.find((r) => r.key === String(one.group_id))).toMatchObject({
      table: 'group',
      deleted: true,
      value: null,
    });
    expect(next.find((r) => r.key === String(two.group_id))).toMatchObject({
      deleted: false,
      value: { group_id: two.group_id, group_name: 'Deux', sort: 1 },
    });
  });
});
