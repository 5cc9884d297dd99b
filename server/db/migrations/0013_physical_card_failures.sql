-- Wrong check codes of an exclusive card, counted per card and per caller (an account when signed
-- in, else an address): a visitor's guesses lock that visitor out of that card, never the card
-- for everybody (issue 23). `npm run orders -- unlock` clears a card's rows.
create table physical_card_failures (
  order_id bigint not null references physical_card_orders (id) on delete cascade,
  caller text not null,
  failures integer not null default 0,
  first_at timestamptz not null default now(),
  primary key (order_id, caller)
);

alter table physical_card_orders drop column bind_failures;
