-- A card's entries as every reader shows them (my card, shared cards, friend entries), kept on
-- the card row beside their rows in card_extensions, which stay for the lookups by phone and
-- e-mail. Every writer of card_extensions sets it from them with card_entries() in the same
-- transaction. Reading a friend's card no longer aggregates its entries per row: a member of a
-- 1,000-person exchange pulls 999 cards, and so does everyone else at the same moment.
create function card_entries(card bigint) returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'kind', e.kind, 'key', e.label, 'content', e.content,
      'department', coalesce(e.detail->>'department', ''), 'position', coalesce(e.detail->>'position', ''))
      order by e.kind, e.position), '[]'::jsonb)
  from card_extensions e where e.card_id = card and e.deleted_at is null
$$;

alter table cards add column entries jsonb not null default '[]';
update cards set entries = card_entries(id);
