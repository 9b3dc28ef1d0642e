-- The spec's insight entities (REQUIREMENTS Entities, 'Insights configuration and shared widgets'),
-- under this plugin's table prefix: insight_tabs -> insights_tabs, insight_widgets ->
-- insights_widgets, widget_attributes -> insights_widget_attributes, tab_configs ->
-- insights_tab_configs; insights_admin_tabs keeps its name.

-- SRV-058: per client, e.g. tab_key 'top_level_person' for insights_context 'grow' (GROW-042).
create table if not exists insights_admin_tabs (
  id serial primary key,
  client_id integer not null references clients(id) on delete cascade,
  tab_key text not null,
  insights_context text not null,
  excluded_regions text[] not null default '{}',
  unique (client_id, tab_key, insights_context)
);

-- SRV-059: which levels a chart (Mekko) or journey shows, in the product it lives in.
create table if not exists insights_tab_configs (
  id serial primary key,
  product_id integer not null references products(id) on delete cascade,
  resource_type text not null check (resource_type in ('Mekko', 'Journey')),
  resource_id integer not null,
  insights_context text not null,
  name text not null check (name in ('Person Level', 'Market Level')),
  visible boolean not null,
  unique (product_id, resource_type, resource_id, insights_context, name)
);

-- Custom tabs of an owner (a chart, journey, persona, comparison or audience) in one product and
-- region, or of a region itself (owner_type 'Region', product_id null: the region survey).
create table if not exists insights_tabs (
  id serial primary key,
  product_id integer references products(id) on delete cascade,
  region_id integer not null references regions(id) on delete cascade,
  owner_type text not null check (owner_type in ('Mekko', 'Journey', 'Persona', 'Comparison', 'Audience', 'Region')),
  owner_id integer not null,
  name text not null,
  level text not null check (level in ('market', 'person')),
  "order" integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((owner_type = 'Region') = (product_id is null))
);
create unique index if not exists insights_tabs_name on insights_tabs (owner_type, owner_id, coalesce(product_id, 0), region_id, level, lower(name));
create index if not exists insights_tabs_owner on insights_tabs (owner_type, owner_id, region_id);

create table if not exists insights_widgets (
  id serial primary key,
  insight_tab_id integer not null references insights_tabs(id) on delete cascade,
  name text not null,
  demographic_category text not null,
  position integer not null
);
create index if not exists insights_widgets_tab on insights_widgets (insight_tab_id, position);

-- Market Level: value or percent (survey answers); Person Level: segment_identifier (counted).
create table if not exists insights_widget_attributes (
  id serial primary key,
  insight_widget_id integer not null references insights_widgets(id) on delete cascade,
  name text not null,
  value numeric,
  percent numeric check (percent is null or (percent >= 0 and percent <= 100)),
  position integer not null,
  segment_identifier text
);
create index if not exists insights_widget_attributes_widget on insights_widget_attributes (insight_widget_id, position);
