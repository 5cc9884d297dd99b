-- When each field was last written (hybrid logical clock stamps, src/lib/hlc.ts), so that of two
-- edits of the same field the one made last wins, whatever order they arrive in (sync pushes
-- from devices that were offline). Keys are field names (for cards also the extension list
-- names); a field with no stamp was written before stamps existed and loses to any stamped write.
alter table users add column clocks jsonb not null default '{}';
alter table cards add column clocks jsonb not null default '{}';
alter table friends add column clocks jsonb not null default '{}';
alter table friend_groups add column clocks jsonb not null default '{}';
alter table company_content add column clocks jsonb not null default '{}';
