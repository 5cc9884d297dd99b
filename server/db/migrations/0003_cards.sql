-- My card (SPEC §3 card info, §7 card calls): one live card per user, its photos, its share
-- key, and the index behind public search.
--
-- Extension entries are parts of the card's one synced value: card/create replaces them all in
-- the transaction that updates the card row, which bumps the card's version (set_version), so
-- the old entries are removed outright rather than kept as tombstones.

drop index cards_user;
create unique index cards_user_live on cards (user_id) where deleted_at is null;
-- Sync pull reads a user's latest card, deleted ones included (a tombstone).
create index cards_user_version on cards (user_id, version);

-- One live share key per card (older ones may be revoked).
create unique index card_share_keys_live on card_share_keys (card_id) where revoked_at is null;

-- Photos stored by /api/card/upload. A card may only show photos its owner uploaded; an
-- upload_id (made up by the client) makes a replayed upload answer the photo stored before.
create table card_photos (
  url text primary key,
  user_id bigint not null references users (id),
  upload_id text,
  side text not null check (side in ('front', 'back')),
  width integer not null,
  height integer not null,
  created_at timestamptz not null default now()
);
create unique index card_photos_upload on card_photos (user_id, upload_id) where upload_id is not null;
create index card_photos_user on card_photos (user_id);

-- Public search -----------------------------------------------------------------------------
--
-- search_text holds the searchable fields of the card (name, English name, company names,
-- positions, industries), NFKC-normalised and lower-cased by the server, one per line, written
-- in the same transaction as the card. A keyword matches when it is a substring of it.
--
-- The index holds short pieces of that text, with the built-in GIN array operators (no
-- extension, the same on PGlite and PostgreSQL): every non-ASCII character, every pair of
-- characters with a non-ASCII one in it, and every run of three ASCII characters. A keyword's
-- own pieces must all be present, then strpos confirms. So Chinese keywords of one or two
-- characters (陳, 匯豐), the usual case, are served, which pg_trgm cannot do, nor does it depend
-- on the database locale classing CJK characters as letters; and Latin keywords of three or
-- more letters are looked up by trigrams, far more selective than pairs. A keyword of one or
-- two ASCII characters has no piece: it is matched by scanning the newest public cards, which
-- stops early because such a short keyword matches many of them.
alter table cards add column search_text text not null default '';

create function card_search_grams(t text) returns text[]
language sql immutable strict parallel safe
as $$
  select array(select a from unnest(c) as a where ascii(a) > 127)
      || array(select a || b from unnest(c, c[2:]) as x (a, b)
               where b is not null and (ascii(a) > 127 or ascii(b) > 127))
      || array(select a || b || d from unnest(c, c[2:], c[3:]) as x (a, b, d)
               where d is not null and ascii(a) < 128 and ascii(b) < 128 and ascii(d) < 128)
  from (select string_to_array(t, null) as c) as chars
$$;

create index cards_search on cards using gin (card_search_grams(search_text)) where is_open and deleted_at is null;

-- How common each piece is (gathered by ANALYZE / autovacuum): lets the planner scan the newest
-- cards instead of the index when a keyword matches many of them. A partial index's own
-- expression statistics are not used by the planner, hence this.
create statistics cards_search_stats on (card_search_grams(search_text)) from cards;
