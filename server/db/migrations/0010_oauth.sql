-- Third-party sign-in in flight (server/services/third-party-sign-in.ts): one row per sign-in or
-- bind sent out to Google or Facebook, deleted when its callback is redeemed or after 10 minutes.
-- state_hash and browser_hash are SHA-256s of the state and of the browser's cookie key.
create table oauth_logins (
  state_hash text primary key,
  provider text not null check (provider in ('google', 'facebook')),
  intent text not null check (intent in ('login', 'bind')),
  user_id bigint references users (id),
  browser_hash text not null,
  code_verifier text not null,
  nonce text not null,
  redirect_uri text not null,
  created_at timestamptz not null default now()
);
create index oauth_logins_created on oauth_logins (created_at);

-- The authorisation server's store (server/oauth/store.ts): oidc-provider's models (grants,
-- interactions, codes, tokens, sessions) as JSON, each expiring.
create table oauth_store (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  uid text,
  account_id text,
  expires_at timestamptz,
  primary key (model, id)
);
create index oauth_store_grant on oauth_store (grant_id) where grant_id is not null;
create index oauth_store_uid on oauth_store (uid) where uid is not null;
create index oauth_store_account on oauth_store (account_id, model) where account_id is not null;

-- Secrets the server makes once and keeps: the authorisation server's signing key, its cookie keys.
create table server_secrets (
  name text primary key,
  value text not null
);
