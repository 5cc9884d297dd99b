-- Exchange at scale (issue 26): a 1,000-person exchange writes about a million friend entries
-- and as many group memberships, each member's share at their next request, everyone at once.
--
-- 1. A row's first version is its column default, no longer the set_version trigger: the same
--    number from the same sequence, without a trigger call per inserted row (a third of what
--    inserting an entry cost). Updates still take a new version from the trigger.
do $$
declare t record;
begin
  for t in
    select c.relname, tg.tgname from pg_trigger tg
    join pg_class c on c.oid = tg.tgrelid
    join pg_proc p on p.oid = tg.tgfoid
    where p.proname = 'set_version' and c.relnamespace = current_schema()::regnamespace and not tg.tgisinternal
  loop
    execute format('alter table %I alter column version set default nextval(''row_version'')', t.relname);
    execute format('alter table %I alter column updated_at set default now()', t.relname);
    execute format('drop trigger %I on %I', t.tgname, t.relname);
    execute format('create trigger %I before update on %I for each row execute function set_version()', t.tgname, t.relname);
  end loop;
end
$$;

-- 2. The foreign keys of the two tables an exchange fills go. Their checks were two thirds of
--    the cost of writing a member's entries (one lookup per key per row, and each friend's card
--    locked for key share by every member's transaction at once), and they guard nothing a
--    writer does not already hold: accounts, cards, entries and groups are never deleted (they
--    end as tombstones), and every writer takes the ids it inserts from rows it has just read
--    in the same transaction.
alter table friends drop constraint friends_user_id_fkey;
alter table friends drop constraint friends_card_id_fkey;
alter table friends drop constraint friends_friend_user_id_fkey;
alter table friend_group_members drop constraint friend_group_members_user_id_fkey;
alter table friend_group_members drop constraint friend_group_members_friend_id_fkey;
alter table friend_group_members drop constraint friend_group_members_group_id_fkey;
