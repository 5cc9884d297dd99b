-- Company promotional content (SPEC §2 information blocks, §7 save_company and friends).
--
-- The content belongs to the user and shows under their card, so it may be saved before the
-- card exists: items are kept per user, and card_id is filled when there is a card (reads go
-- through cards.user_id, so a card created later shows the content at once).
--
-- The list is saved as a whole: a save replaces every item of the user in one transaction.
-- The items are therefore parts of one synced value, not rows of their own: company_content
-- holds that value's version (bumped by every save, set by the version trigger), and the old
-- items are removed outright rather than left as tombstones.

alter table company_items alter column card_id drop not null;
drop index company_items_card;
create index company_items_user on company_items (user_id, position);
create index company_items_card on company_items (card_id) where card_id is not null;

create table company_content (
  user_id bigint primary key references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  deleted_at timestamptz
);
create trigger company_content_version before insert or update on company_content for each row execute function set_version();

-- Files uploaded for pdf, img and swipe blocks: a block may only name a file issued to the
-- same user. size is in bytes (of the stored file); name is the PDF's file name as uploaded.
create table company_uploads (
  url text primary key,
  user_id bigint not null references users (id),
  kind text not null check (kind in ('pdf', 'img')),
  name text not null default '',
  size bigint not null check (size >= 0),
  created_at timestamptz not null default now()
);
create index company_uploads_user on company_uploads (user_id);
