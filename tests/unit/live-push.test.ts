import { describe, expect, it } from 'vitest';
import { brokerUrl } from '../../workers/sync/live';
import { groupEffect, parsePush, pushEffect, systemEffect } from '../../workers/sync/push-effects';

const pullOnly = { pull: true, removedMe: null, count: false, sound: false };

describe('system push → local effect (SPEC §4)', () => {
  it.each([2, 3, 4])('sub-type %i pulls now, no count, no sound', (sub) => {
    expect(systemEffect({ msg_type: 1, msg_type_sub: sub })).toEqual(pullOnly);
  });

  it('sub-type 5 removes my entry from the listed groups, no count, no sound, then pulls', () => {
    expect(systemEffect({ msg_type: 1, msg_type_sub: 5, accept_id: 42, group_id: '1,7,9' })).toEqual({
      pull: true,
      removedMe: { acceptId: 42, groupIds: [1, 7, 9] },
      count: false,
      sound: false,
    });
  });

  it('sub-type 5 without accept_id only pulls', () => {
    expect(systemEffect({ msg_type: 1, msg_type_sub: 5 })).toEqual(pullOnly);
  });

  it('sub-type 6 (and unknown sub-types) count as a normal notification', () => {
    const normal = { pull: true, removedMe: null, count: true, sound: false };
    expect(systemEffect({ msg_type: 1, msg_type_sub: 6 })).toEqual(normal);
    expect(systemEffect({ msg_type: 1, msg_type_sub: 99 })).toEqual(normal);
  });

  it('other types raise the count and play the sound', () => {
    expect(systemEffect({ msg_type: 2, msg_type_sub: 1 })).toEqual({
      pull: true,
      removedMe: null,
      count: true,
      sound: true,
    });
  });
});

describe('group push', () => {
  it('passes the member number and the dismissal on, and whether the cards were exchanged', () => {
    expect(groupEffect({ group_id: 5, group_member_num: 3 })).toEqual({
      memberNum: 3,
      dismissed: false,
      outcome: null,
    });
    expect(groupEffect({ group_id: 5, is_dismiss: 1 })).toEqual({
      memberNum: null,
      dismissed: true,
      outcome: 'dismissed',
    });
    expect(groupEffect({ group_id: 5, group_member_num: 4, is_dismiss: 1, msg_type: 2, msg_type_sub: 2 })).toEqual({
      memberNum: 4,
      dismissed: true,
      outcome: 'exchanged',
    });
  });
});

describe('topics and payloads', () => {
  it('routes by topic', () => {
    expect(pushEffect('cb', 'cb/system/3', { msg_type: 1, msg_type_sub: 3 })?.kind).toBe('system');
    expect(pushEffect('cb', 'cb/group_add/8', { group_id: 8, is_dismiss: 1 })?.kind).toBe('group');
    expect(pushEffect('cb', 'other/system/3', { msg_type: 1 })).toBeNull();
  });

  it('rejects what is not a push message', () => {
    expect(parsePush('not json')).toBeNull();
    expect(parsePush('{"msg_type":"x"}')).toBeNull();
    expect(parsePush('{"msg_type":1,"msg_type_sub":3}')).toEqual({ msg_type: 1, msg_type_sub: 3 });
  });

  it('connects to this origin /xc unless the server names a broker', () => {
    expect(
      brokerUrl({ url: null, username: 'u', client_id: 'cardbook_1_1', prefix: 'p' }, 'https://cardbook.app'),
    ).toBe('wss://cardbook.app/xc');
    expect(brokerUrl({ url: null, username: 'u', client_id: 'cardbook_1_1', prefix: 'p' }, 'http://127.0.0.1:9')).toBe(
      'ws://127.0.0.1:9/xc',
    );
    expect(
      brokerUrl({ url: 'wss://mq.example/mqtt', username: 'u', client_id: 'cardbook_1_1', prefix: 'p' }, 'http://x'),
    ).toBe('wss://mq.example/mqtt');
  });
});
