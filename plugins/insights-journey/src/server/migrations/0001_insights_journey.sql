-- Journeys (001 §3): a product's journeys, their brands (rows), stages (columns) and one cell
-- (sub-market) per brand × stage, under this plugin's table prefix.
create table if not exists insights_journey_journeys (
  id serial primary key,
  product_id integer not null references products(id) on delete cascade,
  name text not null,
  has_transition_data boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- JRN-045 / SRV-085: unique per product, trimmed and case-insensitive (the save checks first; this catches races).
create unique index if not exists insights_journey_journeys_name on insights_journey_journeys (product_id, lower(btrim(name)));

-- SRV-088: the product's default journey is one pointer (none: no row); `default` is derived.
create table if not exists insights_journey_defaults (
  product_id integer primary key references products(id) on delete cascade,
  journey_id integer not null references insights_journey_journeys(id) on delete cascade
);

create table if not exists insights_journey_brands (
  id serial primary key,
  journey_id integer not null references insights_journey_journeys(id) on delete cascade,
  name text not null,
  "order" integer not null default 0
);
create index if not exists insights_journey_brands_journey on insights_journey_brands (journey_id);

create table if not exists insights_journey_stages (
  id serial primary key,
  journey_id integer not null references insights_journey_journeys(id) on delete cascade,
  name text not null,
  priority integer not null default 0,
  icon text not null default 'blank'
);
create index if not exists insights_journey_stages_journey on insights_journey_stages (journey_id);
-- Brand and stage names are unique per journey (JRN-046) by the shared schema; no unique index:
-- a save that swaps two names would trip it mid-transaction, and the save holds the journey's row lock.

-- JRN-055: population ≥ 0. discussion_cluster_node_id points at the discussions plugin's nodes:
-- migrations run in the build's plugin order (no dependency sort), so the foreign key is added
-- below only when that table is there; the save checks the ids either way.
create table if not exists insights_journey_sub_markets (
  id serial primary key,
  journey_id integer not null references insights_journey_journeys(id) on delete cascade,
  journey_brand_id integer not null references insights_journey_brands(id) on delete cascade,
  journey_stage_id integer not null references insights_journey_stages(id) on delete cascade,
  population bigint not null default 0 check (population >= 0),
  matched_id text,
  modeled_id text,
  discussion_cluster_node_id integer,
  unique (journey_brand_id, journey_stage_id)
);
create index if not exists insights_journey_sub_markets_journey on insights_journey_sub_markets (journey_id);

-- JRN-054 / SRV-091: a cell's discussion is a node of the discussions plugin (a dependency, so its
-- table is there first). The foreign key keeps a referenced node from being deleted; its comment
-- tells that plugin the rows are the node's journey_sub_markets (UPL-032).
alter table insights_journey_sub_markets
  add constraint insights_journey_sub_markets_discussion foreign key (discussion_cluster_node_id) references discussions_cluster_nodes(id);
comment on constraint insights_journey_sub_markets_discussion on insights_journey_sub_markets is 'journey_sub_markets';
create index if not exists insights_journey_sub_markets_discussion on insights_journey_sub_markets (discussion_cluster_node_id);
