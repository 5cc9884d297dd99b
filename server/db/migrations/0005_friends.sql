-- Friends, friend groups and notifications (SPEC §3, §4, §7 Groups, Friends, notify).
--
-- Group id 1 is every user's main group, which holds every friend. Its update count and version
-- need a row, so each user has one friend_groups row with is_main (made on their first friend);
-- the API calls it 1. Membership rows (friend_group_members) exist only for the other groups.
--
-- A friend entry is synced with its friend's latest card: a card save bumps the version of
-- every live entry for that card (has_update), in the card's transaction, and a change of an
-- entry's groups bumps the entry too, so sync pulls "friends with version > cursor" alone.

alter table friend_groups add column is_main boolean not null default false;
create unique index friend_groups_main on friend_groups (user_id) where is_main;
drop index friend_groups_user;
-- Sync pull (user, version > cursor); the group list reads the same few rows.
create index friend_groups_user on friend_groups (user_id, version);

-- Friends list of the main group, a page at a time, newest first.
create index friends_user_list on friends (user_id, id) where deleted_at is null;
-- Card saves find the entries holding that card; the friend's side of a delete finds theirs.
drop index friends_card;
create index friends_card on friends (card_id) where deleted_at is null;

-- Friends list of one group, newest first, and a group's members on delete.
create index friend_group_members_group on friend_group_members (group_id, friend_id) where deleted_at is null;

-- Notification drawer pages (newest first), the unread count, and sync pull.
create index notifications_user_list on notifications (user_id, id) where deleted_at is null;
create index notifications_user_unread on notifications (user_id) where status_user = 1 and deleted_at is null;
create index notifications_user_version on notifications (user_id, version);
