-- Index-report tasks (000 §3, §4; SRV-044..046): created 'received', claimed by a report worker
-- ('processing', with a lease), then 'completed' with the workbook or 'failed' with a reason.
create table if not exists index_report_tasks (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  request_id uuid not null unique,
  report_type text not null default 'index_report',
  product_slug text not null,
  -- the audience profiled: its rules, as the requester sent them (Explore sends a persona's)
  rules jsonb not null,
  persona_id integer,
  name text not null,
  ui_name text,
  layout_type text not null default 'standard',
  allow_dataset_skew boolean not null default false,
  allow_unknown_rate_skew boolean not null default false,
  status text not null default 'received' check (status in ('received', 'processing', 'completed', 'failed')),
  error text,
  attempts integer not null default 0,
  claimed_by text,
  lease_until timestamptz,
  media_os_filepath text,
  report bytea,
  downloaded_at timestamptz,
  created_at timestamptz not null default now(),
  completed_at timestamptz
);
create index if not exists index_report_tasks_user on index_report_tasks (user_id, product_slug, created_at desc);
create index if not exists index_report_tasks_queue on index_report_tasks (status, created_at) where status in ('received', 'processing');

-- Outcome notifications (SRV-047): created by the server when an outcome computation completes.
create table if not exists outcome_notifications (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  product_slug text not null,
  report_type text not null default 'outcome_completed',
  name text not null,
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index if not exists outcome_notifications_user on outcome_notifications (user_id, product_slug, created_at desc);

-- Past downloads (SRV-048/049): one row per index-report download.
create table if not exists download_records (
  id serial primary key,
  user_id integer references users(id) on delete set null,
  created_by text not null,
  product_slug text not null,
  name text not null,
  ui_name text,
  resource_type text not null,
  index_report_task_id integer references index_report_tasks(id) on delete set null,
  created_at timestamptz not null default now()
);
