-- Index reports run on core's job service (core migration 0003_jobs): the task keeps the request,
-- its user-facing status and the workbook; claiming, leases and attempts are the job's. A
-- notification names the job that made it.
alter table index_report_tasks add column if not exists job_id bigint references jobs(id) on delete set null;
alter table outcome_notifications add column if not exists job_id bigint references jobs(id) on delete set null;
create index if not exists index_report_tasks_job on index_report_tasks (job_id);
create index if not exists outcome_notifications_job on outcome_notifications (job_id);

-- Tasks still waiting for the old runner become jobs (one left 'processing' by a stopped server
-- starts over). This writes core's jobs table once, as a data migration.
insert into jobs (kind, payload, user_id, context_slug, created_at)
  select 'notifications.index-report', jsonb_build_object('request_id', request_id), user_id, product_slug, created_at
    from index_report_tasks where status in ('received', 'processing') and job_id is null;
update index_report_tasks t set job_id = j.id, status = 'received'
  from jobs j
 where t.job_id is null and t.status in ('received', 'processing')
   and j.kind = 'notifications.index-report' and j.payload->>'request_id' = t.request_id::text;

drop index if exists index_report_tasks_queue;
alter table index_report_tasks drop column if exists attempts, drop column if exists claimed_by, drop column if exists lease_until;
