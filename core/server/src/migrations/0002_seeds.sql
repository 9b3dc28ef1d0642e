-- Which plugins have put their demo data in this database: each plugin seeds once, also when it
-- joins a build after the database was created.
create table if not exists discovery_seeds (
  plugin_id text primary key,
  seeded_at timestamptz not null default now()
);
