-- The exclusive NFC card (src/api/physical-card.ts): an order's whole life, from the order to
-- the card bound to its owner's digital card, each change recorded in physical_card_order_events.
alter table physical_card_orders drop constraint if exists physical_card_orders_status_check;
update physical_card_orders set status = 'submitted' where status = 'pending';
alter table physical_card_orders alter column status set default 'submitted';
alter table physical_card_orders add constraint physical_card_orders_status_check check (status in (
  'submitted', 'proof_received', 'paid', 'in_production', 'shipped', 'delivered', 'bound', 'cancelled'));
alter table physical_card_orders add column order_no text;
alter table physical_card_orders add column name_on_card text not null default '';
alter table physical_card_orders add column quantity integer not null default 1;
alter table physical_card_orders add column proof_url text;
alter table physical_card_orders add column tracking_no text;
-- The check code written to the chip with the card number, kept as its SHA-256 (hex).
alter table physical_card_orders add column check_hash text;
-- Wrong check codes tried against this card number: at 10 the card is locked.
alter table physical_card_orders add column bind_failures integer not null default 0;
create unique index physical_card_orders_no on physical_card_orders (order_no) where order_no is not null;

create table physical_card_order_events (
  id bigserial primary key,
  order_id bigint not null references physical_card_orders (id),
  status text not null,
  note text not null default '',
  actor text not null check (actor in ('user', 'operator')),
  created_at timestamptz not null default now()
);
create index physical_card_order_events_order on physical_card_order_events (order_id, id);

-- Where to pay, as told when the order was placed; the language mails about it are written in.
alter table physical_card_orders add column payment_to jsonb not null default '{}'::jsonb;
alter table physical_card_orders add column locale text not null default 'hk';
