-- SRV-108: personas of a product. `segments` keeps each identifier with its name and category at
-- save time (a segment the provider later deletes keeps its name for the invalid-persona modal).
create table if not exists explore_personas (
  id serial primary key,
  product_id integer not null references products(id) on delete cascade,
  name text not null,
  segments jsonb not null default '[]'::jsonb,
  is_all_data boolean not null default false,
  created_by integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- EXP-017: names unique per product, trimmed and case-insensitive.
create unique index if not exists explore_personas_name on explore_personas (product_id, lower(btrim(name)));
-- EXP-009: one all-data persona per product.
create unique index if not exists explore_personas_all_data on explore_personas (product_id) where is_all_data;

-- The product's default persona (no row: the all-data persona opens first).
create table if not exists explore_defaults (
  product_id integer primary key references products(id) on delete cascade,
  persona_id integer not null references explore_personas(id) on delete cascade
);

-- EXP-026..033 / SRV-095..098: motivation audiences, built by a core job from a persona's rule.
create table if not exists explore_motivations (
  id serial primary key,
  product_id integer not null references products(id) on delete cascade,
  name text not null,
  persona_id integer references explore_personas(id) on delete set null,
  persona_name text,
  rules jsonb not null,
  use_cases text[] not null default array['insights'],
  job_id integer,
  job_status text not null default 'pending' check (job_status in ('pending', 'processing', 'completed', 'failed')),
  people bigint,
  message text,
  created_by integer references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create index if not exists explore_motivations_product on explore_motivations (product_id, created_at desc);
