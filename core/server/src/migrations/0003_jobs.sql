-- Background jobs (core/server/src/jobs): one table for every plugin's job kinds. A runner claims
-- a due row with FOR UPDATE SKIP LOCKED and holds it with a lease (claimed_by, lease_until) that it
-- renews while the handler runs; a row whose lease ran out is claimed again.
create table if not exists jobs (
  id bigint generated always as identity primary key,
  kind text not null,
  payload jsonb not null default '{}'::jsonb,
  state text not null default 'queued' check (state in ('queued', 'running', 'completed', 'failed', 'cancelled')),
  attempts integer not null default 0,
  -- one token per claim: every write of a worker checks it
  claimed_by text,
  lease_until timestamptz,
  progress double precision not null default 0 check (progress >= 0 and progress <= 1),
  progress_text text,
  result jsonb,
  error text,
  user_id integer references users(id) on delete cascade,
  context_slug text,
  -- idempotent enqueue; a scheduled job's is '<kind>@<period start>', so a period runs once
  key text unique,
  scheduled_for timestamptz,
  -- not before: back-off after a failure, RetryLater, a requested start
  run_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index if not exists jobs_due on jobs (run_at, id) where state in ('queued', 'running');
create index if not exists jobs_owner on jobs (user_id, created_at desc);
create index if not exists jobs_kind on jobs (kind, created_at desc);
create index if not exists jobs_finished on jobs (finished_at) where state in ('completed', 'failed', 'cancelled');
