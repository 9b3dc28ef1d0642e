-- Grow (001 §3): charts (mekkos) of a product, their markets and audiences (sub-markets), under
-- this plugin's table prefix.
create table if not exists insights_grow_mekkos (
  id serial primary key,
  product_id integer not null references products(id) on delete cascade,
  name text not null,
  measurement_label text not null default 'Penetration',
  count_type text not null default 'people_count' check (count_type in ('people_count', 'tv_panelists')),
  vertical_type text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- GROW-045: unique per product, trimmed and case-insensitive.
create unique index if not exists insights_grow_mekkos_name on insights_grow_mekkos (product_id, lower(btrim(name)));

-- A-49 / SRV-073: the product's default chart is one pointer (none: no row); `default` is derived.
create table if not exists insights_grow_default_mekkos (
  product_id integer primary key references products(id) on delete cascade,
  mekko_id integer not null references insights_grow_mekkos(id) on delete cascade
);

create table if not exists insights_grow_markets (
  id serial primary key,
  mekko_id integer not null references insights_grow_mekkos(id) on delete cascade,
  name text not null,
  "order" integer not null default 0
);
-- GROW-059: unique in the chart.
create unique index if not exists insights_grow_markets_name on insights_grow_markets (mekko_id, lower(btrim(name)));

create table if not exists insights_grow_sub_markets (
  id serial primary key,
  market_id integer not null references insights_grow_markets(id) on delete cascade,
  name text not null,
  tag text not null default 'none' check (tag in ('owned', 'opportunity', 'none')),
  population bigint not null default 0 check (population >= 0),
  matched_short_id text,
  modeled_short_id text,
  webo_cluster_id text,
  discussion_cluster_node_id integer,
  "order" integer not null default 0
);
-- GROW-063: unique in the market.
create unique index if not exists insights_grow_sub_markets_name on insights_grow_sub_markets (market_id, lower(btrim(name)));

-- SRV-077 / GROW-073: prediction (snapshot) models built on an audience; editing or deleting the
-- audience deletes them. The Predictions feature writes them; Grow only reads and deletes.
create table if not exists insights_grow_prediction_models (
  id serial primary key,
  sub_market_id integer not null references insights_grow_sub_markets(id) on delete cascade,
  name text not null,
  created_at timestamptz not null default now()
);
create index if not exists insights_grow_prediction_models_sub on insights_grow_prediction_models (sub_market_id);

-- SRV-080: TV-panelist settings of a region (GROW-028/029).
create table if not exists insights_grow_tv_settings (
  region_id integer primary key references regions(id) on delete cascade,
  minimum integer not null check (minimum >= 0),
  maximum integer not null check (maximum >= minimum),
  n_pids integer not null check (n_pids > 0),
  constant numeric not null check (constant > 0)
);
