-- Saved audiences of one product in one region (the X-Context they were built in).
create table if not exists audiences (
  id serial primary key,
  product_id integer not null references products(id) on delete cascade,
  region_id integer not null references regions(id) on delete cascade,
  name text not null,
  description text not null default '',
  -- SRV-119: { include: { and: [ { or: [id...] } ] }, exclude: { and: [ { or: [id...] } ] } }
  rules jsonb not null,
  audience_type text not null default 'custom' check (audience_type in ('custom', 'pve')),
  source_identifier text,
  referer text,
  people_global bigint,
  people_region bigint,
  matched bigint,
  modeled bigint,
  -- the population the counts were taken from; another one makes them stale
  counted_population text,
  created_by integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists audiences_name_unique on audiences (product_id, region_id, lower(name));
create index if not exists audiences_context on audiences (product_id, region_id, created_at desc);

-- A lookalike: its seed audience's rules over the modeled memberships.
create table if not exists lookalikes (
  id serial primary key,
  product_id integer not null references products(id) on delete cascade,
  region_id integer not null references regions(id) on delete cascade,
  seed_audience_id integer not null references audiences(id) on delete cascade,
  name text not null,
  people_global bigint,
  people_region bigint,
  matched bigint,
  modeled bigint,
  counted_population text,
  -- SRV-094: a lookalike used in insights cannot be deleted (405)
  used_in_insights boolean not null default false,
  created_by integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists lookalikes_name_unique on lookalikes (product_id, region_id, lower(name));
create index if not exists lookalikes_context on lookalikes (product_id, region_id, created_at desc);

-- AMS activations (000 §2.4, SRV-040): audiences sent to a company's media platform.
create table if not exists ams_activations (
  id serial primary key,
  activation_id text not null unique,
  company_id bigint not null,
  -- 'client/region/brand/product' the activation was made in
  hierarchy_path text not null,
  audience_id integer references audiences(id) on delete set null,
  audience_name text not null,
  last_refresh timestamptz not null,
  sent_date timestamptz not null,
  -- the 1970 epoch when open-ended
  end_date timestamptz not null default to_timestamp(0),
  display_state text not null check (display_state in ('Complete', 'Draft', 'On Hold', 'In Progress', 'Finalizing', 'Canceled', 'Error'))
);
create index if not exists ams_activations_company on ams_activations (company_id, hierarchy_path, sent_date desc);
