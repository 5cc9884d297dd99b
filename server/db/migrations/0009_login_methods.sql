-- Login methods (src/api/login-methods.ts): what to show for an identity besides its key, such
-- as the email or name of a bound Google or Facebook account (whose key is the provider's id).
alter table login_identities add column label text not null default '';
