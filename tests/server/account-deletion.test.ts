import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Friend, type NotifyList, NotifySub } from '../../src/api';
import { call, createTestApp, multipart, type TestApp } from './helper';
import { userWithCard } from './social';

/**
 * Deleting my account (POST /api/user/delete): refused without signing in again; then my card
 * leaves share links and search, those who kept it see status 20, and no personal data of mine
 * is left in any table or in the blob store.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Tables whose text or JSON holds `needle` anywhere: the whole database, every such column. */
async function tablesHolding(needle: string): Promise<string[]> {
  const db = t.app.services.db;
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = current_schema() and data_type in ('text', 'jsonb', 'character varying')`,
  );
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const [row] = await db.query<{ n: number }>(
      `select count(*)::int as n from "${table_name}" where strpos("${column_name}"::text, $1) > 0`,
      [needle],
    );
    if ((row?.n ?? 0) > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

async function uploadAvatar(token: string): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa3366' } })
    .png()
    .toBuffer();
  const form = await multipart('file', { name: 'me.png', type: 'image/png', data: png });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/uploadAvatar',
    headers: { ...form.headers, token },
    payload: form.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.avatar as string;
}

describe('deleting my account', () => {
  it('removes my card from links, search and holders, and every piece of my personal data', async () => {
    const me = await userWithCard(t, 'Dorothea Deletes');
    const keeper = await userWithCard(t, 'Kim Keeper');
    const avatar = await uploadAvatar(me.token);
    await call(
      t.app,
      'POST',
      '/api/user/setProfile',
      { fullName: 'Dorothea Deletes', profile: 'Zebra-unique bio' },
      { token: me.token },
    );
    // She keeps Kim's card with a remark, in a group, and a paper card; Kim keeps hers.
    expect(
      (await call(t.app, 'POST', '/api/friend/add', { content: [keeper.shareStr] }, { token: me.token })).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/friend/add', { content: [me.shareStr] }, { token: keeper.token })).status,
    ).toBe(200);
    await call(t.app, 'POST', '/api/group/add', { group_name: 'Quokka-unique group' }, { token: me.token });
    await call(
      t.app,
      'POST',
      '/api/ocr/add',
      { extension: [{ key: 'name', value: 'Platypus-unique paper card' }] },
      { token: me.token },
    );
    expect(await tablesHolding('Dorothea Deletes')).not.toEqual([]);

    // Not without signing in again, and not with someone else's credentials.
    const wrong = await call(
      t.app,
      'POST',
      '/api/user/delete',
      { email: me.email, password: 'not-it' },
      { token: me.token, lang: 'en-us' },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('Wrong account or password');
    const others = await call(
      t.app,
      'POST',
      '/api/user/delete',
      { email: keeper.email, password: keeper.password },
      { token: me.token },
    );
    expect(others.status).toBe(400);
    expect((await call(t.app, 'GET', '/api/user/getProfile', undefined, { token: keeper.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/getProfile', undefined, { token: me.token })).status).toBe(200);

    const deleted = await call(
      t.app,
      'POST',
      '/api/user/delete',
      { email: me.email, password: me.password },
      { token: me.token, lang: 'en-us' },
    );
    expect(deleted.body).toMatchObject({ code: 200, msg: 'Your account has been deleted' });

    // Signed out everywhere; the account cannot sign in; the share link and search know nothing of her.
    expect((await call(t.app, 'GET', '/api/user/getProfile', undefined, { token: me.token })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/login', { email: me.email, password: me.password })).status).toBe(400);
    expect((await call(t.app, 'GET', `/api/card/cardInfo/${me.shareStr}`)).status).toBe(404);
    const search = await call<{ list: unknown[] }>(
      t.app,
      'POST',
      '/api/card/search',
      { keyword: 'Dorothea' },
      { token: keeper.token },
    );
    expect(search.body.data.list).toEqual([]);
    // Kim still has the entry, marked removed (status 20), without her name.
    const kept = await call<{ friend_list: Friend[] }>(t.app, 'GET', '/api/friend/list/1', undefined, {
      token: keeper.token,
    });
    const entry = kept.body.data.friend_list.find((f) => f.friend_card_info.card_id === me.cardId);
    expect(entry).toMatchObject({ status: 20, account_deleted: 1, friend_card_info: { name: '' } });
    // Kim is told the account was deleted; what she was told of her before stays, marked so
    // (nothing offers to open a card that is gone), and none of it holds her name.
    const told = await call<NotifyList>(t.app, 'GET', '/api/notify/list/1', undefined, {
      token: keeper.token,
      lang: 'en-us',
    });
    expect(told.body.data.list.map((n) => [n.msg_type_sub, n.msg, n.content.account_deleted])).toEqual([
      [NotifySub.accountDeleted, 'Someone whose card you kept has deleted their account', 1],
      [NotifySub.cardAdded, 'Someone added your card', 1],
    ]);
    expect(told.body.data.list[0]?.content.f_card_id).toBe(me.cardId);

    // No personal data of hers anywhere, and her avatar file is gone.
    for (const needle of [
      'Dorothea Deletes',
      me.email,
      'Zebra-unique bio',
      'Quokka-unique group',
      'Platypus-unique paper card',
      avatar,
    ]) {
      expect(await tablesHolding(needle), needle).toEqual([]);
    }
    expect((await t.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(404);
    // She may sign up again with the same address.
    await call(t.app, 'POST', '/api/sendVerifyCode', { email: me.email, scene: 'register' });
    const again = await call(t.app, 'POST', '/api/register', {
      email: me.email,
      password: 'new-pass-1',
      code: t.sender.lastCode(me.email),
    });
    expect(again.status).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expect((await call(t.app, 'POST', '/api/user/delete', { email: 'a@b.co', password: 'whatever' })).status).toBe(401);
  });
});
