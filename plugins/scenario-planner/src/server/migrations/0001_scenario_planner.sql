-- Curve types (002 §3, SCN-017): reference data keyed by name; a TRP type is bought by rating
-- points, so its curves carry a CPP (SCN-024).
create table if not exists scenario_planner_curve_types (
  name text primary key,
  definition jsonb not null default '{}'::jsonb
);
insert into scenario_planner_curve_types (name, definition) values
  ('S-Curve', '{"is_trp": false, "description": "Reach builds slowly, then quickly, then levels off."}'),
  ('Diminishing Returns', '{"is_trp": false, "description": "Every extra unit of spend reaches fewer new people."}'),
  ('TRP', '{"is_trp": true, "description": "Bought by target rating points: spend divided by the CPP gives the points."}')
on conflict (name) do nothing;

-- Response curves (002 §3): product_id null = the generic catalogue every product picks from;
-- a product's rows are either its generic picks (is_generic) or its uploaded curves, never both
-- (create_curves replaces the other set in the same transaction, SRV-117).
create table if not exists scenario_planner_curves (
  id serial primary key,
  product_id integer references products(id) on delete cascade,
  media_type text not null check (length(btrim(media_type)) > 0),
  curve_type_name text not null references scenario_planner_curve_types(name),
  is_generic boolean not null default false,
  is_trp boolean not null default false,
  base double precision not null,
  slope double precision not null,
  acceleration double precision not null,
  asymptote double precision not null,
  asymmetry double precision not null,
  -- SCN-016: 0 = CPP, 1 = CPM
  cpp_or_cpm smallint not null check (cpp_or_cpm in (0, 1)),
  cpp double precision check (cpp is null or cpp >= 1),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (not is_trp or cpp is not null),
  check (product_id is not null or is_generic)
);
create unique index if not exists scenario_planner_curves_catalogue on scenario_planner_curves (lower(media_type)) where product_id is null;
create index if not exists scenario_planner_curves_product on scenario_planner_curves (product_id, id);

insert into scenario_planner_curves (product_id, media_type, curve_type_name, is_generic, is_trp, base, slope, acceleration, asymptote, asymmetry, cpp_or_cpm, cpp) values
  (null, 'Linear TV', 'TRP', true, true, 0, 0.02, 150, 85, 1.2, 0, 2),
  (null, 'Radio', 'TRP', true, true, 0, 0.03, 90, 55, 1, 0, 1.5),
  (null, 'Online Video', 'S-Curve', true, false, 0, 0.015, 200, 60, 1, 1, null),
  (null, 'Social', 'Diminishing Returns', true, false, 0, 0.03, 80, 45, 0.8, 1, null),
  (null, 'Display', 'Diminishing Returns', true, false, 0, 0.04, 50, 35, 1.5, 1, null),
  (null, 'Out of Home', 'S-Curve', true, false, 0, 0.01, 250, 40, 1, 1, null)
on conflict do nothing;

-- Plan imports (002 §3, SRV-114..116): import_success null = submitted. The work runs as a core
-- job (kind scenario-planner.import); the row keeps what the user sees.
create table if not exists scenario_planner_imports (
  id serial primary key,
  product_id integer not null references products(id) on delete cascade,
  scenario_planner_id text not null,
  import_success boolean,
  message text,
  plan jsonb,
  job_id bigint references jobs(id) on delete set null,
  created_by integer references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create index if not exists scenario_planner_imports_product on scenario_planner_imports (product_id, created_at desc);
create index if not exists scenario_planner_imports_job on scenario_planner_imports (job_id);
