-- Inter-client sharing (002 §3, SRV-067): an audience, motivation or lookalike of one client shared
-- with another. The item is another table's row (the explore plugin keeps motivations), so it is
-- named by type and id; a deleted item simply stops being listed.
create table if not exists audiences_shares (
  id serial primary key,
  item_type text not null check (item_type in ('audience', 'motivation', 'lookalike')),
  item_id integer not null,
  source_client_id integer not null references clients(id) on delete cascade,
  target_client_id integer not null references clients(id) on delete cascade,
  shared_by integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  unique (item_type, item_id, target_client_id),
  check (source_client_id <> target_client_id)
);
create index if not exists audiences_shares_target on audiences_shares (target_client_id, item_type);
