import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/security/rate-limits';
import {
  type AddedFriends,
  NOTIFY_READ,
  NOTIFY_UNREAD,
  type Notification,
  type NotifyList,
  type SyncRow,
} from '../../src/api';
import { call, createTestApp, dbSnapshot, registerUser, type TestApp } from './helper';
import { api, pullAll, RecordingPublisher, renameCard, syncPush, userWithCard } from './social';

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

const page = (user: { token: string }, n: number, size?: number, lang = 'en-us') =>
  api<NotifyList>(t, user, 'GET', `/api/notify/list/${n}${size ? `?page_size=${size}` : ''}`, undefined, lang);
const notes = (rows: SyncRow[]) =>
  rows.filter((r): r is Extract<SyncRow, { table: 'notification' }> => r.table === 'notification');

describe('notify/list', () => {
  it('pages newest first; a full page means more, a shorter or empty one ends', async () => {
    const owner = await userWithCard(t, 'Owner');
    const adders = [];
    for (let i = 0; i < 5; i++) adders.push(await userWithCard(t, `A${i}`));
    const started = Date.now();
    for (const a of adders) await api(t, a, 'POST', '/api/friend/add', { content: [owner.shareStr] });
    const seen: string[] = [];
    let n = 1;
    for (;;) {
      const res = await page(owner, n, 2);
      expect(res.status).toBe(200);
      expect(res.body.data.page_size).toBe(2);
      seen.push(...res.body.data.list.map((x) => x.msg));
      if (res.body.data.list.length < res.body.data.page_size) break;
      n += 1;
    }
    expect(n).toBe(3);
    expect(seen).toEqual([
      'A4 added your card',
      'A3 added your card',
      'A2 added your card',
      'A1 added your card',
      'A0 added your card',
    ]);
    const first = (await page(owner, 1)).body.data;
    expect(first.unread).toBe(5);
    expect(first.list[0]).toMatchObject({
      msg_type: 1,
      msg_type_sub: 3,
      status_user: 1,
      icon: '',
      content: { f_card_id: adders[4]?.cardId },
    });
    expect(first.list[0]?.time).toBeGreaterThanOrEqual(started - 5_000);
    expect((await page(owner, 4, 2)).body.data.list).toEqual([]);
    // Written in the reader's language when read.
    expect((await page(owner, 1, 1, 'zh-tw')).body.data.list[0]?.msg).toBe('A4 添加了你的名片');
    expect((await page(owner, 1, 1, 'ja-jp')).body.data.list[0]?.msg).toBe('A4さんがあなたの名刺を追加しました');
  });

  it('read_all clears the unread state (opening the drawer)', async () => {
    const owner = await userWithCard(t, 'Owner');
    const a = await userWithCard(t, 'Al');
    await api(t, a, 'POST', '/api/friend/add', { content: [owner.shareStr] });
    await api(t, owner, 'POST', '/api/friend/add', { content: [a.shareStr] });
    await renameCard(t, a, 'Albert');
    const before = (await page(owner, 1)).body.data;
    expect(before.unread).toBe(2);
    expect(before.list.map((x) => [x.msg_type_sub, x.msg])).toEqual([
      [4, 'Albert updated their card'],
      [3, 'Al added your card'],
    ]);
    // A second change replaces the unread "updated" notification instead of piling up.
    await renameCard(t, a, 'Albert 2');
    expect((await page(owner, 1)).body.data.list.map((x) => x.msg)).toEqual([
      'Albert 2 updated their card',
      'Al added your card',
    ]);
    const read = await api(t, owner, 'POST', '/api/notify/read_all');
    expect(read.status).toBe(200);
    const after = (await page(owner, 1)).body.data;
    expect(after.unread).toBe(0);
    expect(after.list.every((x) => x.status_user === 0)).toBe(true);
  });

  it('syncs notifications and readNotifications (applied once on replay)', async () => {
    const owner = await userWithCard(t, 'Owner');
    const a = await userWithCard(t, 'Al');
    await api(t, a, 'POST', '/api/friend/add', { content: [owner.shareStr] });
    const first = await pullAll(t, owner);
    expect(notes(first.rows)).toMatchObject([{ deleted: false, value: { msg: 'Al added your card', status_user: 1 } }]);
    const res = await syncPush(t, owner, [{ id: 'r1', name: 'readNotifications', args: {} }]);
    expect(res.body.data.results[0]).toMatchObject({ ok: true });
    const second = await pullAll(t, owner, first.cursor);
    expect(notes(second.rows)).toMatchObject([{ value: { status_user: 0 } }]);
    const snapshot = await dbSnapshot(t.app);
    await syncPush(t, owner, [{ id: 'r1', name: 'readNotifications', args: {} }]);
    expect(await dbSnapshot(t.app)).toBe(snapshot);
  });

  it("is scoped: B never sees or reads A's notifications", async () => {
    const owner = await userWithCard(t, 'Owner');
    const a = await userWithCard(t, 'Al');
    const b = await userWithCard(t, 'Bo');
    await api(t, a, 'POST', '/api/friend/add', { content: [owner.shareStr] });
    expect((await page(b, 1)).body.data).toMatchObject({ list: [], unread: 0 });
    await api(t, b, 'POST', '/api/notify/read_all');
    await syncPush(t, b, [{ id: 'x1', name: 'readNotifications', args: null }]);
    expect((await page(owner, 1)).body.data.unread).toBe(1);
    expect(notes((await pullAll(t, b)).rows)).toEqual([]);
    expect((await api(t, { token: 'nope' }, 'GET', '/api/notify/list/1')).status).toBe(401);
    expect((await api(t, b, 'GET', '/api/notify/list/0')).status).toBe(400);
  });
});

describe('who a notification is from (issue 23)', () => {
  it('names by the one display-name rule: the profile name, else the card name — never "Someone" once a name exists', async () => {
    const owner = await userWithCard(t, 'Owner');
    const cardOnly = await userWithCard(t, 'Cara Card');
    const both = await userWithCard(t, 'Card Side');
    await call(t.app, 'POST', '/api/user/setProfile', { fullName: 'Profile Side' }, { token: both.token });
    await api(t, cardOnly, 'POST', '/api/friend/add', { content: [owner.shareStr] });
    await api(t, both, 'POST', '/api/friend/add', { content: [owner.shareStr] });
    expect((await page(owner, 1)).body.data.list.map((n) => n.msg)).toEqual([
      'Profile Side added your card',
      'Cara Card added your card',
    ]);
  });

  it('someone who added my card before making theirs: named and opened by the card they have now; opening reads it', async () => {
    const owner = await userWithCard(t, 'Owner');
    const late = await registerUser(t);
    await api(t, late, 'POST', '/api/friend/add', { content: [owner.shareStr] });
    const before = (await page(owner, 1)).body.data.list[0];
    expect(before).toMatchObject({ msg: 'Someone added your card', content: { f_card_id: 0, f_share_str: '' } });

    const made = await call<{ card_id: number; share_str: string }>(
      t.app,
      'POST',
      '/api/card/create',
      {
        name: 'Late Larry',
        english_name: '',
        photo: '',
        photo_back: '',
        profile: '',
        is_open: 0,
        extension: { company: [], address: [], tel: [], email: [], website: [], other: [], industry: [], social: [] },
      },
      { token: late.token },
    );
    expect(made.status).toBe(200);
    const listed = (await page(owner, 1)).body.data.list[0];
    expect(listed).toMatchObject({
      msg: 'Late Larry added your card',
      status_user: NOTIFY_UNREAD,
      content: { f_card_id: made.body.data.card_id, f_share_str: made.body.data.share_str },
    });

    // Opened: its card as it is now, and read (on every device, by pull).
    const opened = await api<Notification>(t, owner, 'POST', `/api/notify/open/${before?.id}`, {});
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({
      id: before?.id,
      status_user: NOTIFY_READ,
      content: { f_card_id: made.body.data.card_id, f_share_str: made.body.data.share_str },
    });
    expect((await page(owner, 1)).body.data.unread).toBe(0);
    expect(notes((await pullAll(t, owner)).rows)).toMatchObject([{ value: { status_user: NOTIFY_READ } }]);

    // Only mine: another user's id is not found, and reads nothing.
    const other = await userWithCard(t, 'Other');
    await api(t, late, 'POST', '/api/friend/add', { content: [other.shareStr] });
    const theirs = (await page(other, 1)).body.data.list[0];
    const refused = await api(t, owner, 'POST', `/api/notify/open/${theirs?.id}`, {});
    expect(refused.status).toBe(404);
    expect(refused.body.msg).toBe('Notification not found');
    expect((await page(other, 1)).body.data.unread).toBe(1);
  });
});

describe('repeated adds', () => {
  it('30 add/remove cycles of one card give its owner one notification and one push', async () => {
    const owner = await userWithCard(t, 'Flooded');
    const adder = await userWithCard(t, 'Flooder');
    pushes.clear();
    for (let i = 0; i < 30; i++) {
      const added = await api<AddedFriends>(t, adder, 'POST', '/api/friend/add', { content: [owner.shareStr] });
      expect(added.status).toBe(200);
      const acceptId = added.body.data.friend_list[0]?.accept_id;
      expect((await api(t, adder, 'GET', `/api/friend/delFriend/${acceptId}`)).status).toBe(200);
    }
    const list = (await page(owner, 1)).body.data;
    expect(list.list.map((n) => n.msg)).toEqual(['Flooder added your card']);
    expect(list.unread).toBe(1);
    expect(pushes.to(owner.id).filter((p) => p.msg_type_sub === 3)).toHaveLength(1);
    expect(pushes.to(owner.id)).toHaveLength(1);

    // Once read, the next add is news again.
    expect((await api(t, owner, 'POST', '/api/notify/read_all', {})).status).toBe(200);
    pushes.clear();
    expect((await api(t, adder, 'POST', '/api/friend/add', { content: [owner.shareStr] })).status).toBe(200);
    const after = (await page(owner, 1)).body.data;
    expect(after.unread).toBe(1);
    expect(after.list.map((n) => n.status_user)).toEqual([NOTIFY_UNREAD, NOTIFY_READ]);
    expect(pushes.to(owner.id)).toHaveLength(1);
  });

  it('another person adding the same card still gets their own notification', async () => {
    const owner = await userWithCard(t, 'Popular');
    const first = await userWithCard(t, 'First');
    const second = await userWithCard(t, 'Second');
    for (const adder of [first, second, first]) {
      await api(t, adder, 'POST', '/api/friend/add', { content: [owner.shareStr] });
    }
    expect((await page(owner, 1)).body.data.list.map((n) => n.msg).sort()).toEqual([
      'First added your card',
      'Second added your card',
    ]);
  });
});

describe('friend add rate limit', () => {
  it('refuses adds over the per-user budget with a localized message', async () => {
    const roomy = { points: 10_000, seconds: 60 };
    const limited = await createTestApp({
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        register: roomy,
        verifyCodePerAddress: roomy,
        friendAdds: { points: 3, seconds: 600 },
      },
    });
    try {
      limited.app.services.push = new RecordingPublisher();
      const owner = await userWithCard(limited, 'Owner');
      const adder = await userWithCard(limited, 'Adder');
      for (let i = 0; i < 3; i++) {
        const res = await api(limited, adder, 'POST', '/api/friend/add', { content: [owner.shareStr] });
        expect(res.status).toBe(200);
      }
      const refused = await api(limited, adder, 'POST', '/api/friend/add', { content: [owner.shareStr] });
      expect(refused.status).toBe(429);
      expect(refused.body.msg).toBe('You are adding cards too quickly, please try again in 10 minutes');
      const inChinese = await api(limited, adder, 'POST', '/api/friend/add', { content: [owner.shareStr] }, 'zh-tw');
      expect(inChinese.body.msg).toBe('你添加名片太頻密，請於 10 分鐘後再試');
      // Another user is not held back.
      const other = await userWithCard(limited, 'Other');
      expect((await api(limited, other, 'POST', '/api/friend/add', { content: [owner.shareStr] })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
