-- Snapshots of a Grow chart (002 §3, §7; SRV-082/083; A-42: they are Grow's prediction models).
-- A snapshot keeps each audience's figures when it was taken and the filters it was taken within;
-- it goes with its chart (SRV-072). An audience's row goes with the audience, and editing the
-- audience deletes it (SRV-077).
create table if not exists insights_grow_snapshots (
  id serial primary key,
  mekko_id integer not null references insights_grow_mekkos(id) on delete cascade,
  name text not null,
  filters jsonb not null default '[]'::jsonb,
  total_matched bigint not null default 0,
  total_modeled double precision not null default 0,
  created_by integer references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create index if not exists insights_grow_snapshots_mekko on insights_grow_snapshots (mekko_id);

create table if not exists insights_grow_snapshots_sub_markets (
  id serial primary key,
  snapshot_id integer not null references insights_grow_snapshots(id) on delete cascade,
  sub_market_id integer not null references insights_grow_sub_markets(id) on delete cascade,
  market_name text not null,
  name text not null,
  -- null: the audience was added after the snapshot (a confidence record only, SRV-083).
  population bigint,
  matched bigint,
  modeled double precision,
  current_confidence numeric check (current_confidence between 0 and 100),
  unique (snapshot_id, sub_market_id)
);
create index if not exists insights_grow_snapshots_sub_markets_sub on insights_grow_snapshots_sub_markets (sub_market_id);
