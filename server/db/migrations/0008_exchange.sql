-- Group card exchange (SPEC §1, §4; src/api/exchange.ts, server/services/exchange.ts).
--
-- A room lives from create to start, dismiss or expiry. Starting it must take seconds for a
-- thousand members, which is about a million friend entries: written one row each (with the
-- version trigger and five indexes of `friends`, and the group membership rows) that took 88 s
-- on PGlite. So the start writes O(members) rows: the room's status, each member's new group
-- and notification, and `settle_pending` on each member row. Those rows are the durable record
-- of the friendships. Each member's own entries (friends and group membership rows) are written
-- from them, in one set-based statement of about 2 × members rows, before that member's next
-- signed-in request is answered (server/http/auth.ts), so every reader, sync pull included,
-- sees them as ordinary entries.

alter table exchange_rooms add column name text not null default '';
alter table exchange_rooms add column expires_at timestamptz not null default now() + interval '2 hours';
alter table exchange_rooms drop constraint exchange_rooms_status_check;
alter table exchange_rooms add constraint exchange_rooms_status_check
  check (status in ('open', 'exchanged', 'dismissed', 'expired'));
-- One open room per host: creating again answers it.
create unique index exchange_rooms_open_host on exchange_rooms (host_user_id) where status = 'open';

-- The member's friend group made by the exchange, and whether their entries are still to write.
alter table exchange_members add column group_id bigint references friend_groups (id);
alter table exchange_members add column settle_pending boolean not null default false;
alter table exchange_members add column is_host boolean not null default false;
create index exchange_members_settle on exchange_members (user_id) where settle_pending;
-- The room's faces, newest first, and its live count.
create index exchange_members_room on exchange_members (room_id, joined_at desc) where left_at is null;
create index exchange_members_user on exchange_members (user_id);
