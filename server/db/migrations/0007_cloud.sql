-- Cloud (OCR) cards and their groups (SPEC §3 "Cloud card", §7 Cloud (OCR); src/api/cloud.ts).
--
-- Ids are made on the device (CLOUD_ID_PATTERN): `uid` is that id, unique per user among all of
-- the user's rows, deleted ones included, so a replayed add finds the row it made and stores
-- nothing twice. The bigint `id` stays the row's own key: cards point at their group by it
-- (a real foreign key), and answers name the group by its uid. A delete is a tombstone
-- (deleted_at, version bumped by set_version) that pulls send as a deleted row.
-- `clocks` holds each field's last write stamp as in 0006_clocks.sql. `search_text` is the
-- card's row values, NFKC-normalised and lower-cased by the server, one per line, written with
-- the card: a list keyword matches when it is a substring of it.

alter table cloud_groups add column uid text;
alter table cloud_groups add column clocks jsonb not null default '{}';
-- No rows were ever written before this migration; any would get an id of their own.
update cloud_groups set uid = 'legacy' || id::text where uid is null;
alter table cloud_groups alter column uid set not null;
create unique index cloud_groups_uid on cloud_groups (user_id, uid);
drop index cloud_groups_user;
create index cloud_groups_user on cloud_groups (user_id, version);
create index cloud_groups_live on cloud_groups (user_id, sort) where deleted_at is null;

alter table cloud_cards add column uid text;
alter table cloud_cards add column clocks jsonb not null default '{}';
alter table cloud_cards add column search_text text not null default '';
update cloud_cards set uid = 'legacy' || id::text where uid is null;
alter table cloud_cards alter column uid set not null;
create unique index cloud_cards_uid on cloud_cards (user_id, uid);
-- cloud_cards_user (user_id, version) from 0001 serves pulls.
create index cloud_cards_list on cloud_cards (user_id, created_at desc, id desc) where deleted_at is null;
create index cloud_cards_group on cloud_cards (group_id, created_at desc, id desc) where deleted_at is null;

-- Cloud card photos: who uploaded each (a card may name only its owner's), and the device's
-- upload id, so a replayed upload answers the photo stored the first time.
create table cloud_photos (
  url text primary key,
  user_id bigint not null references users (id),
  upload_id text,
  side text not null check (side in ('front', 'back')),
  width integer not null,
  height integer not null,
  created_at timestamptz not null default now()
);
create unique index cloud_photos_upload on cloud_photos (user_id, upload_id) where upload_id is not null;
create index cloud_photos_user on cloud_photos (user_id);

-- Matching public cards by the emails and phones read off a paper card (ocr/public_match):
-- emails compare case-insensitively, phones by their last eight digits (then confirmed in full).
create index card_extensions_email on card_extensions (lower(content))
  where kind = 'email' and deleted_at is null;
create index card_extensions_tel_tail on card_extensions (right(regexp_replace(content, '[^0-9]', '', 'g'), 8))
  where kind = 'tel' and deleted_at is null;
