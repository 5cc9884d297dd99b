-- A card's entries as every reader shows them (my card, shared cards, friend entries), kept on
-- the card row beside their rows in card_extensions, which stay for the lookups by phone and
-- e-mail. Reading a friend's card no longer aggregates its entries per row: a member of a
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

-- Whatever writes card_extensions, the cards it touched are set again once per statement, in its
-- transaction: no writer can forget to (a trigger with transition tables takes one event each).
create function refresh_card_entries() returns trigger language plpgsql as $$
begin
  update cards set entries = card_entries(id) where id in (select card_id from changed);
  return null;
end
$$;

create trigger card_extensions_inserted after insert on card_extensions
  referencing new table as changed for each statement execute function refresh_card_entries();
create trigger card_extensions_updated after update on card_extensions
  referencing new table as changed for each statement execute function refresh_card_entries();
create trigger card_extensions_deleted after delete on card_extensions
  referencing old table as changed for each statement execute function refresh_card_entries();
