-- Issue 32 §4: the audit log. Every row written during a request, in any table of core or of a
-- plugin, leaves a row here in the same transaction, written by a trigger that core attaches to
-- every table (discovery_audit_attach, run at every start after the migrations), so no plugin can
-- forget it. The request's context (who, viewing as whom, request id, address, client) reaches
-- the trigger through the transaction-local setting 'discovery.audit' (core/server/src/audit.ts).
create table if not exists audit_log (
  id bigserial primary key,
  at timestamptz not null default now(),
  -- The real actor (the admin while 'viewing as'); no foreign key: history outlives a user.
  actor_id integer,
  actor_email text,
  -- Who the actor was viewing as, when they were.
  as_user_id integer,
  as_user_email text,
  api_key_id integer,
  request_id text,
  address text,
  method text,
  route text,
  client_slug text,
  -- The table, and the row's primary key (several columns joined with '/').
  resource text not null,
  record_id text,
  action text not null check (action in ('create', 'update', 'destroy')),
  before jsonb,
  after jsonb
);
create index if not exists audit_log_at on audit_log (at desc, id desc);
create index if not exists audit_log_actor on audit_log (actor_id, at desc);
create index if not exists audit_log_resource on audit_log (resource, at desc);
create index if not exists audit_log_client on audit_log (client_slug, at desc);
create index if not exists audit_log_request on audit_log (request_id);

-- TG_ARGV[0]: the primary key's columns, comma separated; TG_ARGV[1]: columns never copied
-- (password hashes, secrets, session credentials), as a text[] literal.
create or replace function discovery_audit_row() returns trigger language plpgsql as $$
declare
  ctx_text text := current_setting('discovery.audit', true);
  ctx jsonb;
  old_row jsonb;
  new_row jsonb;
  row_data jsonb;
  rid text;
  client text;
begin
  -- Only changes made on behalf of a request are recorded (migrations, seeds and the job
  -- runner's own bookkeeping are not someone's change).
  if ctx_text is null or ctx_text = '' then
    return null;
  end if;
  ctx := ctx_text::jsonb;
  if TG_OP <> 'INSERT' then old_row := to_jsonb(OLD) - TG_ARGV[1]::text[]; end if;
  if TG_OP <> 'DELETE' then new_row := to_jsonb(NEW) - TG_ARGV[1]::text[]; end if;
  if TG_OP = 'UPDATE' and to_jsonb(OLD) = to_jsonb(NEW) then
    return null;
  end if;
  row_data := coalesce(to_jsonb(NEW), to_jsonb(OLD));
  select string_agg(row_data ->> k, '/') into rid from unnest(string_to_array(TG_ARGV[0], ',')) as k;
  client := ctx ->> 'client';
  if client is null then
    if TG_TABLE_NAME = 'clients' then
      client := row_data ->> 'slug';
    elsif row_data ? 'client_id' and (row_data ->> 'client_id') ~ '^[0-9]+$' then
      select slug into client from clients where id = (row_data ->> 'client_id')::integer;
    end if;
  end if;
  insert into audit_log (actor_id, actor_email, as_user_id, as_user_email, api_key_id, request_id, address, method, route,
                         client_slug, resource, record_id, action, before, after)
  values ((ctx ->> 'actor_id')::integer, ctx ->> 'actor_email', (ctx ->> 'as_user_id')::integer, ctx ->> 'as_user_email',
          (ctx ->> 'api_key_id')::integer, ctx ->> 'request_id', ctx ->> 'address', ctx ->> 'method', ctx ->> 'route',
          client, TG_TABLE_NAME, rid,
          case TG_OP when 'INSERT' then 'create' when 'UPDATE' then 'update' else 'destroy' end,
          old_row, new_row);
  return null;
end $$;

-- Attaches the trigger to every table of the schema that lacks it, except the log itself and
-- core's bookkeeping (the job queue's claims and leases, applied migrations, seeds done).
create or replace function discovery_audit_attach() returns integer language plpgsql as $$
declare
  t record;
  pk text;
  secret text[];
  n integer := 0;
begin
  for t in
    select c.oid, c.relname from pg_class c
    where c.relkind in ('r', 'p') and c.relnamespace = current_schema()::regnamespace
      and c.relname not in ('audit_log', 'jobs', 'discovery_migrations', 'discovery_seeds')
      and not c.relispartition
      and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'discovery_audit')
  loop
    select string_agg(a.attname, ',' order by k.ord) into pk
      from pg_index i
      cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
      where i.indrelid = t.oid and i.indisprimary;
    select coalesce(array_agg(a.attname::text), '{}') into secret from pg_attribute a
      where a.attrelid = t.oid and a.attnum > 0 and not a.attisdropped
        and (a.attname ~ '(password|secret|_hash$)' or a.attname in ('csrf_token', 'sso_key', 'token'));
    -- A session's id is its credential: the row is named by its user.
    if t.relname = 'sessions' then
      pk := 'user_id';
      secret := secret || array['id'];
    end if;
    execute format('create trigger discovery_audit after insert or update or delete on %I for each row execute function discovery_audit_row(%L, %L)',
                   t.relname, coalesce(pk, ''), secret::text);
    n := n + 1;
  end loop;
  return n;
end $$;
