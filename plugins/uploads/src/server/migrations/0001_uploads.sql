-- A large upload's file while its core job (uploads.apply) waits or runs; the job deletes the row in
-- the transaction that ends it (applied, refused or failed for good).
create table if not exists uploads_files (
  id serial primary key,
  kind text not null,
  context_slug text not null,
  user_id integer references users(id) on delete cascade,
  filename text not null,
  data bytea not null,
  created_at timestamptz not null default now()
);
