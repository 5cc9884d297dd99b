-- Cardbook schema: every entity of SPEC §3.
-- Sync rule: every user-visible row carries `version`, taken from the one sequence
-- row_version on every insert and update (trigger set_version), and is never deleted while a
-- client may hold it: `deleted_at` marks a tombstone. A pull is "rows of my view with
-- version > cursor", deletes included.

create sequence row_version;

create function set_version() returns trigger language plpgsql as $$
begin
  new.version := nextval('row_version');
  new.updated_at := now();
  return new;
end
$$;

-- Accounts --------------------------------------------------------------------------------

create table users (
  id bigserial primary key,
  full_name text not null default '',
  english_name text not null default '',
  avatar text not null default '',
  area text check (area in ('hk', 'ch')),
  mobile text,
  email text,
  sex smallint not null default 0 check (sex in (0, 1, 2)),
  sex_type smallint not null default 0,
  age integer check (age between 0 and 150),
  profile text not null default '',
  birth date,
  password_hash text,
  signup_type smallint not null default 2,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  deleted_at timestamptz
);

-- How a user signs in: an email, a mobile with its area, or a bound third-party account.
create table login_identities (
  id bigserial primary key,
  user_id bigint not null references users (id),
  kind text not null check (kind in ('email', 'mobile', 'google', 'facebook')),
  identifier text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  deleted_at timestamptz
);
create unique index login_identities_live on login_identities (kind, identifier) where deleted_at is null;
create index login_identities_user on login_identities (user_id);

-- Session tokens: only a SHA-256 of the 256-bit token is stored.
create table auth_tokens (
  id bigserial primary key,
  user_id bigint not null references users (id),
  token_hash bytea not null unique,
  login_type smallint not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index auth_tokens_user on auth_tokens (user_id);

create table verify_codes (
  id bigserial primary key,
  target text not null,
  scene text not null check (scene in ('register', 'login', 'reset', 'bind')),
  code_hash bytea not null,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  consumed_at timestamptz
);
create index verify_codes_target on verify_codes (target, scene, created_at desc);

-- One user may act for others (SPEC §7 my_associate / associate_login).
create table account_associations (
  id bigserial primary key,
  user_id bigint not null references users (id),
  associated_user_id bigint not null references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  deleted_at timestamptz,
  check (user_id <> associated_user_id)
);
create unique index account_associations_live on account_associations (user_id, associated_user_id) where deleted_at is null;

-- Cards -----------------------------------------------------------------------------------

create table cards (
  id bigserial primary key,
  user_id bigint not null references users (id),
  is_open boolean not null default false,
  name text not null default '',
  english_name text not null default '',
  photo text not null default '',
  photo_back text not null default '',
  profile text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  deleted_at timestamptz
);
create index cards_user on cards (user_id) where deleted_at is null;

-- The extension lists of a card: company, address, tel, email, website, other, industry, social.
create table card_extensions (
  id bigserial primary key,
  card_id bigint not null references cards (id),
  kind text not null check (kind in ('company', 'address', 'tel', 'email', 'website', 'other', 'industry', 'social')),
  position integer not null default 0,
  label text not null default '',
  content text not null default '',
  detail jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  deleted_at timestamptz
);
create index card_extensions_card on card_extensions (card_id, kind, position);

create table card_share_keys (
  share_key text primary key,
  card_id bigint not null references cards (id),
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index card_share_keys_card on card_share_keys (card_id);

-- Company promotional content: ordered blocks of text, title, url, pdf, video, img, swipe.
create table company_items (
  id bigserial primary key,
  user_id bigint not null references users (id),
  card_id bigint not null references cards (id),
  position integer not null default 0,
  type text not null check (type in ('text', 'title', 'url', 'pdf', 'video', 'img', 'swipe')),
  content jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  deleted_at timestamptz
);
create index company_items_card on company_items (card_id, position);

-- Friends ---------------------------------------------------------------------------------

-- Group id 1 is every user's main group (SPEC §3); real rows start at 2.
create table friend_groups (
  id bigserial primary key,
  user_id bigint not null references users (id),
  name text not null,
  sort integer not null default 0,
  update_num integer not null default 0 check (update_num >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  deleted_at timestamptz
);
alter sequence friend_groups_id_seq restart with 2;
create index friend_groups_user on friend_groups (user_id);

-- My entry for another user's card. status 20: the friend removed my card.
create table friends (
  id bigserial primary key,
  user_id bigint not null references users (id),
  friend_user_id bigint not null references users (id),
  card_id bigint not null references cards (id),
  remark text not null default '',
  status smallint not null default 0,
  group_main boolean not null default true,
  has_update boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  deleted_at timestamptz
);
create unique index friends_live on friends (user_id, card_id) where deleted_at is null;
create index friends_user on friends (user_id, version);
create index friends_card on friends (card_id);

create table friend_group_members (
  id bigserial primary key,
  user_id bigint not null references users (id),
  friend_id bigint not null references friends (id),
  group_id bigint not null references friend_groups (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  deleted_at timestamptz
);
create unique index friend_group_members_live on friend_group_members (friend_id, group_id) where deleted_at is null;
create index friend_group_members_user on friend_group_members (user_id, version);

-- Cloud (OCR) cards -----------------------------------------------------------------------

create table cloud_groups (
  id bigserial primary key,
  user_id bigint not null references users (id),
  name text not null,
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  deleted_at timestamptz
);
create index cloud_groups_user on cloud_groups (user_id);

create table cloud_cards (
  id bigserial primary key,
  user_id bigint not null references users (id),
  group_id bigint references cloud_groups (id),
  photo text not null default '',
  photo_bg text not null default '',
  extension jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  deleted_at timestamptz
);
create index cloud_cards_user on cloud_cards (user_id, version);

-- Notifications ---------------------------------------------------------------------------

create table notifications (
  id bigserial primary key,
  user_id bigint not null references users (id),
  msg_type smallint not null,
  msg_type_sub smallint not null default 0,
  msg text not null default '',
  icon text not null default '',
  content jsonb not null default '{}'::jsonb,
  status_user smallint not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  deleted_at timestamptz
);
create index notifications_user on notifications (user_id, created_at desc);

-- Physical (NFC) cards --------------------------------------------------------------------

create table physical_card_orders (
  id bigserial primary key,
  user_id bigint not null references users (id),
  card_id bigint references cards (id),
  kind text not null check (kind in ('image', 'metal')),
  price_hkd integer not null,
  payment_method text not null check (payment_method in ('bank_transfer', 'fps')),
  delivery jsonb not null default '{}'::jsonb,
  status text not null default 'pending' check (status in ('pending', 'paid', 'shipped', 'bound', 'cancelled')),
  card_no text unique,
  bound_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  deleted_at timestamptz
);
create index physical_card_orders_user on physical_card_orders (user_id);

-- Group card exchange ---------------------------------------------------------------------

create table exchange_rooms (
  id bigserial primary key,
  room_code text not null unique,
  host_user_id bigint not null references users (id),
  joiner_password_hash text,
  status text not null default 'open' check (status in ('open', 'exchanged', 'dismissed')),
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  deleted_at timestamptz
);

create table exchange_members (
  room_id bigint not null references exchange_rooms (id),
  user_id bigint not null references users (id),
  card_id bigint references cards (id),
  joined_at timestamptz not null default now(),
  left_at timestamptz,
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  primary key (room_id, user_id)
);

-- Feedback --------------------------------------------------------------------------------

create table feedback (
  id bigserial primary key,
  user_id bigint references users (id),
  content text not null,
  contact text not null,
  image text not null default '',
  created_at timestamptz not null default now()
);

-- Version triggers on every user-visible table.
create trigger users_version before insert or update on users for each row execute function set_version();
create trigger login_identities_version before insert or update on login_identities for each row execute function set_version();
create trigger account_associations_version before insert or update on account_associations for each row execute function set_version();
create trigger cards_version before insert or update on cards for each row execute function set_version();
create trigger card_extensions_version before insert or update on card_extensions for each row execute function set_version();
create trigger company_items_version before insert or update on company_items for each row execute function set_version();
create trigger friend_groups_version before insert or update on friend_groups for each row execute function set_version();
create trigger friends_version before insert or update on friends for each row execute function set_version();
create trigger friend_group_members_version before insert or update on friend_group_members for each row execute function set_version();
create trigger cloud_groups_version before insert or update on cloud_groups for each row execute function set_version();
create trigger cloud_cards_version before insert or update on cloud_cards for each row execute function set_version();
create trigger notifications_version before insert or update on notifications for each row execute function set_version();
create trigger physical_card_orders_version before insert or update on physical_card_orders for each row execute function set_version();
create trigger exchange_rooms_version before insert or update on exchange_rooms for each row execute function set_version();
create trigger exchange_members_version before insert or update on exchange_members for each row execute function set_version();
