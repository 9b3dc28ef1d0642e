-- Comparisons (overlap charts) of a product; the axes are kept with the chart (one row, one write).
create table if not exists overlap_comparisons (
  id serial primary key,
  product_id integer not null references products(id) on delete cascade,
  name text not null,
  mode text not null check (mode in ('matched', 'modeled', 'index')),
  is_people_count boolean not null default false,
  x_axis_name text not null default '',
  y_axis_name text not null default '',
  x_segments jsonb not null,
  y_segments jsonb not null,
  created_by integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- OVL-044: titles unique per product, trimmed and case-insensitive.
create unique index if not exists overlap_comparisons_title on overlap_comparisons (product_id, lower(btrim(name)));

-- SRV-107: each user's default chart in a product (no row = 0 = no default).
create table if not exists overlap_defaults (
  product_id integer not null references products(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  comparison_id integer not null references overlap_comparisons(id) on delete cascade,
  primary key (product_id, user_id)
);
