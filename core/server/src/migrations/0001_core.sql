-- Core tables: users, roles and permissions, hierarchy, sessions, languages.
create table if not exists users (
  id serial primary key,
  email text not null unique,
  password_hash text not null,
  first_name text not null,
  last_name text not null,
  login_user_id text,
  lion_login text,
  okta_login text,
  created_at timestamptz not null default now()
);

-- grants_all: a superuser role, holding every action on every resource, including resources
-- that plugins added after the role was made.
create table if not exists roles (
  id serial primary key,
  name text not null unique,
  grants_all boolean not null default false
);

create table if not exists role_permissions (
  role_id integer not null references roles(id) on delete cascade,
  resource text not null,
  can_create boolean not null default false,
  can_read boolean not null default false,
  can_update boolean not null default false,
  can_destroy boolean not null default false,
  primary key (role_id, resource)
);

create table if not exists user_roles (
  user_id integer not null references users(id) on delete cascade,
  role_id integer not null references roles(id) on delete cascade,
  primary key (user_id, role_id)
);

-- Per-user hierarchy access: 'client', 'client/region', ... or '*' for everything.
create table if not exists user_hierarchy_slugs (
  user_id integer not null references users(id) on delete cascade,
  slug text not null,
  primary key (user_id, slug)
);

create table if not exists clients (
  id serial primary key,
  name text not null,
  slug text not null unique,
  conversant_company_id bigint,
  feature_flags jsonb not null default '{}'::jsonb,
  site_visitation_enabled boolean not null default false,
  lite boolean not null default false
);

create table if not exists regions (
  id serial primary key,
  client_id integer not null references clients(id) on delete cascade,
  name text not null,
  slug text not null,
  currency_symbol text not null default '$',
  currency_symbol_first boolean not null default true,
  is_default boolean not null default false,
  molecula_index text,
  es_index text,
  id_env_motivation_url text,
  unique (client_id, slug)
);

create table if not exists brands (
  id serial primary key,
  client_id integer not null references clients(id) on delete cascade,
  name text not null,
  slug text not null,
  category text,
  conversant_company_id bigint,
  site_visit_segment_mapping jsonb,
  unique (client_id, slug)
);

create table if not exists products (
  id serial primary key,
  brand_id integer not null references brands(id) on delete cascade,
  name text not null,
  slug text not null,
  conversant_company_id bigint,
  unique (brand_id, slug)
);

create table if not exists product_regions (
  id serial primary key,
  product_id integer not null references products(id) on delete cascade,
  region_id integer not null references regions(id) on delete cascade,
  id_env_product_slug text,
  unique (product_id, region_id)
);

create table if not exists sessions (
  id text primary key,
  user_id integer not null references users(id) on delete cascade,
  csrf_token text not null,
  impersonated_user_id integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index if not exists sessions_user on sessions (user_id);

create table if not exists languages (
  value text primary key,
  text text not null
);
