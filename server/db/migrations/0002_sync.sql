-- Sync push: a mutation id is applied at most once per user and client. Its row is written in
-- the same transaction as the mutation's own writes and holds the result answered then, so a
-- replayed id answers that result again and runs nothing.

create table sync_mutations (
  user_id bigint not null references users (id),
  client_id text not null,
  mutation_id text not null,
  result jsonb not null,
  created_at timestamptz not null default now(),
  primary key (user_id, client_id, mutation_id)
);
