-- Toolbox categories (000 §3, TBX-005): a client's groups of units, ordered by priority.
create table if not exists toolbox_categories (
  id serial primary key,
  client_id integer not null references clients(id) on delete cascade,
  name text not null,
  priority integer not null default 0 check (priority >= 0),
  status boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists toolbox_categories_name_unique on toolbox_categories (client_id, lower(name));

-- Toolbox units (000 §3, TBX-002): applications a client's users open from the navigation, in an
-- embedded frame (iframed) or as an external link.
create table if not exists toolbox_units (
  id serial primary key,
  client_id integer not null references clients(id) on delete cascade,
  name text not null,
  status boolean not null default true,
  -- 'all' and/or region ids (numbers) of the client
  region_ids jsonb not null default '["all"]'::jsonb,
  use_client_hierarchy boolean not null default false,
  feature_module_category text not null default 'toolbox'
    check (feature_module_category in ('insights', 'audiences', 'plans', 'outcomes', 'creative', 'toolbox', 'analytics')),
  iframed boolean not null default false,
  url text not null check (url ~* '^https?://'),
  category_id integer references toolbox_categories(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The unit's name is its route segment ({hierarchy}/toolbox-app/{unitName}): unique per client.
create unique index if not exists toolbox_units_name_unique on toolbox_units (client_id, lower(name));
create index if not exists toolbox_units_client on toolbox_units (client_id);
