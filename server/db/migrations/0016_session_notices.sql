-- Each server process keeps the sessions it resolved for a moment (server/services/session-cache.ts).
-- A change that must end such a copy tells every process at once, from the database itself so that
-- no code path can forget it: a token revoked or removed, or an exchange leaving a member's friends
-- to be written (settle_pending). The payload is the user whose sessions to forget.
create function notify_sessions() returns trigger language plpgsql as $$
begin
  perform pg_notify('cardbook_sessions', (case when tg_op = 'DELETE' then old.user_id else new.user_id end)::text);
  return null;
end;
$$;

create trigger auth_tokens_revoked after update of revoked_at on auth_tokens
  for each row when (new.revoked_at is not null and old.revoked_at is null) execute function notify_sessions();
create trigger auth_tokens_removed after delete on auth_tokens
  for each row execute function notify_sessions();
create trigger exchange_members_pending after insert or update of settle_pending on exchange_members
  for each row when (new.settle_pending) execute function notify_sessions();
