-- Fair claiming and quotas (issue 25 §3): the client a job belongs to (the first part of its
-- context slug, '' for jobs without one, such as schedules), so a claim can take the client whose
-- last job started longest ago, and an enqueue can count a client's waiting and running jobs.
alter table jobs add column if not exists client text generated always as (coalesce(nullif(split_part(context_slug, '/', 1), ''), '')) stored;
create index if not exists jobs_client_started on jobs (client, started_at desc);
create index if not exists jobs_client_active on jobs (client) where state in ('queued', 'running');
create index if not exists jobs_user_active on jobs (user_id) where state in ('queued', 'running');
