-- Avatars and payment proofs join the uploads table: a device picking one offline stages it and
-- uploads it with its upload_id (stored only), and the change naming its URL (setProfile's
-- avatar, sendProof) puts it in place, checked to be the caller's own upload.
alter table uploads drop constraint uploads_purpose_check;
alter table uploads add constraint uploads_purpose_check
  check (purpose in ('card', 'cloud', 'feedback', 'company_img', 'company_pdf', 'avatar', 'proof'));

-- When the order's proof was chosen (an HLC, ./services/clock.ts): of two proofs sent from two
-- devices, the one chosen later is kept whatever order they arrive in.
alter table physical_card_orders add column proof_clock text;
