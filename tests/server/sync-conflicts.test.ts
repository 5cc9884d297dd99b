import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/security/rate-limits';
import { emptyExtension } from '../../server/services/cards';
import {
  type Friend,
  type Group,
  MUTATION_MAX_BYTES,
  type MyCard,
  PUSH_BODY_MAX_BYTES,
  type PushResult,
} from '../../src/api';
import { formatHlc } from '../../src/lib/hlc';
import { call, createTestApp, registerUser, type TestApp } from './helper';
import { api, pullAll, RecordingPublisher, type User, userWithCard } from './social';

/**
 * Sync under conflict and poison: a change the server cannot take is rejected alone; of two
 * edits of one field the later-made wins whatever order they arrive in; a card edit changes only
 * what it changed; a move out of a group deleted elsewhere still lands; my other devices are poked.
 */
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

let ids = 0;
const newId = () => `c${++ids}-${Date.now()}`;
type Pushed = { id: string; name: string; args: unknown; hlc?: string };
const push = (user: { token: string }, mutations: Pushed[], clientId = 'device-aaaa') =>
  call<PushResult>(
    t.app,
    'POST',
    '/api/sync/push',
    { client_id: clientId, mutations },
    { token: user.token, lang: 'en-us' },
  );

/** A stamp `secondsAgo` before now, made on `node`. */
const at = (secondsAgo: number, node: string) => formatHlc(Date.now() - secondsAgo * 1000, 0, node);

async function friendPair(): Promise<{ me: User; friend: Friend }> {
  const me = await userWithCard(t, 'Me');
  const other = await userWithCard(t, 'Other');
  const added = await api<{ friend_list: Friend[] }>(t, me, 'POST', '/api/friend/add', { content: [other.shareStr] });
  const friend = added.body.data.friend_list[0];
  if (!friend) throw new Error('friend add failed');
  return { me, friend };
}

describe('one change the server cannot take', () => {
  it('is rejected alone and the changes behind it apply', async () => {
    const me = await userWithCard(t, 'Poison');
    const [bad, large, good] = [newId(), newId(), newId()];
    const res = await push(me, [
      { id: bad, name: 'x'.repeat(200), args: {} },
      { id: large, name: 'setProfile', args: { profile: 'y'.repeat(MUTATION_MAX_BYTES + 10) } },
      { id: good, name: 'setProfile', args: { fullName: 'Behind them' } },
    ]);
    expect(res.status).toBe(200);
    const [r0, r1, r2] = res.body.data.results;
    expect(r0).toMatchObject({ id: bad, ok: false, code: 400 });
    expect(r1).toMatchObject({ id: large, ok: false, code: 413, msg: 'This change is too large to be saved' });
    expect(r2).toMatchObject({ id: good, ok: true });
    const profile = await api<{ fullName: string }>(t, me, 'GET', '/api/user/getProfile');
    expect(profile.body.data.fullName).toBe('Behind them');
  });

  it('a malformed stamp rejects only its own change', async () => {
    const me = await userWithCard(t, 'Stamp');
    const res = await push(me, [
      { id: newId(), name: 'setProfile', args: { profile: 'never' }, hlc: 'tomorrow' },
      { id: newId(), name: 'setProfile', args: { profile: 'kept' }, hlc: at(0, 'dev1') },
    ]);
    expect(res.body.data.results.map((r) => r.ok)).toEqual([false, true]);
  });

  it('a request over the body limit is refused as a whole with 413, a malformed envelope with 400', async () => {
    const me = await userWithCard(t, 'Envelope');
    const chunk = 'z'.repeat(MUTATION_MAX_BYTES - 100);
    const over = Math.ceil(PUSH_BODY_MAX_BYTES / chunk.length) + 1;
    const huge = Array.from({ length: over }, () => ({ id: newId(), name: 'setProfile', args: { profile: chunk } }));
    expect((await push(me, huge)).status).toBe(413);
    expect((await push(me, [{ id: '', name: 'setProfile', args: {} }])).status).toBe(400);
  });
});

describe('the newest edit wins, by when it was made', () => {
  it('a remark made earlier and arriving later loses, and its device is told and sent the winner', async () => {
    const { me, friend } = await friendPair();
    const newer = await push(
      me,
      [{ id: newId(), name: 'remark', args: { accept_id: friend.accept_id, remark: 'newer' }, hlc: at(10, 'devB') }],
      'device-bbbb',
    );
    expect(newer.body.data.results[0]).toMatchObject({ ok: true });
    const { cursor } = await pullAll(t, me);
    const older = await push(
      me,
      [{ id: newId(), name: 'remark', args: { accept_id: friend.accept_id, remark: 'older' }, hlc: at(60, 'devA') }],
      'device-aaaa',
    );
    expect(older.body.data.results[0]).toMatchObject({ ok: true, superseded: ['remark'] });
    // The older device pulls the entry again and sees the newer remark.
    const { rows } = await pullAll(t, me, cursor);
    const row = rows.find((r) => r.table === 'friend' && r.key === String(friend.accept_id));
    expect(row?.value).toMatchObject({ remark: 'newer' });
  });

  it('a later remark arriving later wins as before', async () => {
    const { me, friend } = await friendPair();
    await push(me, [
      { id: newId(), name: 'remark', args: { accept_id: friend.accept_id, remark: 'first' }, hlc: at(60, 'devA') },
    ]);
    const res = await push(me, [
      { id: newId(), name: 'remark', args: { accept_id: friend.accept_id, remark: 'second' }, hlc: at(10, 'devB') },
    ]);
    expect(res.body.data.results[0]).not.toHaveProperty('superseded');
    const list = await api<{ friend_list: Friend[] }>(t, me, 'GET', '/api/friend/list/1');
    expect(list.body.data.friend_list[0]?.remark).toBe('second');
  });

  it('group names and profile fields follow the same rule, field by field', async () => {
    const me = await userWithCard(t, 'Fields');
    const group = (await api<Group>(t, me, 'POST', '/api/group/add', { group_name: 'Start' })).body.data;
    await push(me, [
      { id: newId(), name: 'editGroup', args: { group_id: group.group_id, group_name: 'B new' }, hlc: at(5, 'devB') },
      { id: newId(), name: 'setProfile', args: { fullName: 'B name' }, hlc: at(5, 'devB') },
    ]);
    const res = await push(me, [
      { id: newId(), name: 'editGroup', args: { group_id: group.group_id, group_name: 'A old' }, hlc: at(50, 'devA') },
      { id: newId(), name: 'setProfile', args: { fullName: 'A name', profile: 'A profile' }, hlc: at(50, 'devA') },
    ]);
    expect(res.body.data.results.map((r) => (r.ok ? (r.superseded ?? []) : 'rejected'))).toEqual([
      ['group_name'],
      ['fullName'],
    ]);
    const groups = await api<{ list: Group[] }>(t, me, 'GET', '/api/group/list');
    expect(JSON.stringify(groups.body.data)).toContain('B new');
    const profile = await api<{ fullName: string; profile: string }>(t, me, 'GET', '/api/user/getProfile');
    // The older edit's name lost; its profile text, which nobody else changed, landed.
    expect(profile.body.data).toMatchObject({ fullName: 'B name', profile: 'A profile' });
  });

  it('a stamp from the future counts as made now, so a fast clock cannot win forever', async () => {
    const { me, friend } = await friendPair();
    const future = formatHlc(Date.now() + 3_600_000, 0, 'fast');
    await push(me, [
      { id: newId(), name: 'remark', args: { accept_id: friend.accept_id, remark: 'fast' }, hlc: future },
    ]);
    // Made after the server answered the first: a stamp past that moment, without waiting for the clock.
    const later = formatHlc(Date.now() + 1, 0, 'slow');
    await push(me, [
      { id: newId(), name: 'remark', args: { accept_id: friend.accept_id, remark: 'later' }, hlc: later },
    ]);
    const list = await api<{ friend_list: Friend[] }>(t, me, 'GET', '/api/friend/list/1');
    expect(list.body.data.friend_list[0]?.remark).toBe('later');
  });
});

describe('a card edit carries only what it changed', () => {
  it('two devices editing different fields and lists both keep their edit', async () => {
    // No card yet: the first one is saved below by a device, a minute ago.
    const me = await registerUser(t);
    const base = {
      name: 'Original',
      english_name: '',
      photo: '',
      photo_back: '',
      profile: '',
      is_open: 0 as const,
      extension: { ...emptyExtension(), tel: [{ key: 'work', content: '+852 2345 6789' }] },
    };
    // Made a minute ago (a direct save would count as made now, after both edits below).
    await push(me, [{ id: newId(), name: 'saveCard', args: base, hlc: at(60, 'devA') }]);
    // Device A renames the card; device B, which never saw that, adds a mobile number.
    await push(me, [
      { id: newId(), name: 'patchCard', args: { fields: { name: 'Renamed on A' } }, hlc: at(20, 'devA') },
    ]);
    const tel = base.extension.tel;
    await push(
      me,
      [
        {
          id: newId(),
          name: 'patchCard',
          args: { lists: { tel: { from: tel, to: [...tel, { key: 'mobile', content: '+852 9123 4567' }] } } },
          hlc: at(10, 'devB'),
        },
      ],
      'device-bbbb',
    );
    const card = (await api<MyCard>(t, me, 'GET', '/api/card/info')).body.data;
    expect(card.name).toBe('Renamed on A');
    expect(card.extension.tel.map((e) => e.content)).toEqual(['+852 2345 6789', '+852 9123 4567']);
  });

  it('an entry removed on one device and one added on another both stay done', async () => {
    const me = await userWithCard(t, 'Lists');
    const two = [
      { key: 'work', content: 'a@example.com' },
      { key: 'personal', content: 'b@example.com' },
    ];
    await push(me, [{ id: newId(), name: 'patchCard', args: { lists: { email: { from: [], to: two } } } }]);
    await push(me, [
      { id: newId(), name: 'patchCard', args: { lists: { email: { from: two, to: [two[1]] } } }, hlc: at(5, 'devA') },
    ]);
    await push(
      me,
      [
        {
          id: newId(),
          name: 'patchCard',
          args: { lists: { email: { from: two, to: [...two, { key: 'work', content: 'c@example.com' }] } } },
          hlc: at(4, 'devB'),
        },
      ],
      'device-bbbb',
    );
    const card = (await api<MyCard>(t, me, 'GET', '/api/card/info')).body.data;
    expect(card.extension.email.map((e) => e.content)).toEqual(['b@example.com', 'c@example.com']);
  });
});

describe('groups deleted on another device', () => {
  it('a move out of a deleted group lands in the target; a rename of it is refused and says why', async () => {
    const { me, friend } = await friendPair();
    const gone = (await api<Group>(t, me, 'POST', '/api/group/add', { group_name: 'Gone' })).body.data;
    const target = (await api<Group>(t, me, 'POST', '/api/group/add', { group_name: 'Target' })).body.data;
    await api(t, me, 'GET', `/api/friend/copyToGroup/${friend.accept_id}/${gone.group_id}`);
    await api(t, me, 'GET', `/api/group/del/${gone.group_id}`);
    const res = await push(me, [
      {
        id: newId(),
        name: 'moveToGroup',
        args: { acceptId: friend.accept_id, fromGroupId: gone.group_id, toGroupId: target.group_id },
      },
      { id: newId(), name: 'editGroup', args: { group_id: gone.group_id, group_name: 'Renamed' } },
    ]);
    expect(res.body.data.results[0]).toMatchObject({ ok: true });
    expect(res.body.data.results[1]).toMatchObject({ ok: false, msg: 'This group was deleted on another device' });
    const inTarget = await api<{ friend_list: Friend[] }>(t, me, 'GET', `/api/friend/list/${target.group_id}`);
    expect(inTarget.body.data.friend_list.map((f) => f.accept_id)).toEqual([friend.accept_id]);
  });
});

describe('my other devices', () => {
  it('are poked when my card, profile or company content is saved', async () => {
    const me = await userWithCard(t, 'Poke');
    for (const [method, url, body] of [
      [
        'POST',
        '/api/card/create',
        {
          name: 'Poked',
          english_name: '',
          photo: '',
          photo_back: '',
          profile: '',
          is_open: 0,
          extension: emptyExtension(),
        },
      ],
      ['POST', '/api/user/setProfile', { profile: 'new' }],
      ['POST', '/api/card/save_company', { items: [{ type: 'text', content: 'Hello' }] }],
    ] as const) {
      pushes.clear();
      const res = await api(t, me, method, url, body);
      expect(res.status).toBe(200);
      expect(pushes.to(me.id)).toEqual([{ msg_type: 1, msg_type_sub: 2 }]);
    }
  });
});
