-- A user's profile is kept a moment beside their sessions (server/services/session-cache.ts): any
-- change of their row tells every process to forget both (the payload is the user's id).
create function notify_user_row() returns trigger language plpgsql as $$
begin
  perform pg_notify('cardbook_sessions', new.id::text);
  return null;
end;
$$;

create trigger users_changed after update on users for each row execute function notify_user_row();
