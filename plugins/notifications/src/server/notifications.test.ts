import * as XLSX from '@e965/xlsx';
import { defineServerPlugin, fullSlugOf, landingSelection } from '@discovery/plugin-api';
import { createServer, JobService, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestServer, type TestServer, type TestSession } from '@discovery/test-utils/server';
import type { IndexReportTaskDto, NotificationDto, OutcomeNotificationDto } from '../common';
import { notificationsServer, purgeOld } from './index';
import init from './migrations/0001_notifications.sql';
import { INDEX_REPORT_JOB, indexReportJob, type BuildReport } from './report';

const ACME = 'acme/us/fizz-cola/fizz-zero';
const rules = (...groups: string[][]) => ({ include: { and: groups.map((or) => ({ or })) }, exclude: { and: [] } });

describe('notifications: index-report tasks, the job runner, downloads and history', () => {
  let s: TestServer;
  let planner: TestSession;
  let viewer: TestSession;
  let admin: TestSession;

  beforeAll(async () => {
    // the job runner is driven by the tests here (core.jobs.drain), not by a timer
    s = await createTestServer({ plugins: [notificationsServer()], population: { people: 20_000, seed: 42 } });
    planner = await s.login('planner@example.com');
    viewer = await s.login('viewer@example.com');
    admin = await s.login('admin@example.com');
  }, 120_000);
  afterAll(() => s.close());

  const call = async (who: TestSession, method: string, path: string, body?: unknown, context = ACME) => {
    const res = await fetch(`${s.url}/api/v1/notifications${path}`, {
      method,
      headers: who.headers({ 'x-context': context, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }),
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const type = res.headers.get('content-type') ?? '';
    return {
      status: res.status,
      res,
      body: type.includes('json') ? ((await res.json()) as any) : type.includes('text') ? await res.text() : Buffer.from(await res.arrayBuffer()),
    };
  };
  const list = async (who: TestSession) => (await call(who, 'GET', '/')).body.data as NotificationDto[];
  /** Another worker on the same database (as another server process would be), running index reports only. */
  const worker = (build?: BuildReport, leaseMs = 60_000) => {
    const w = new JobService(s.server.db, { log: s.core.log });
    w.register(INDEX_REPORT_JOB, indexReportJob(s.core, { build, leaseMs, maxAttempts: 3 }));
    return w;
  };
  const drainReports = () => s.core.jobs.drain({ kinds: [INDEX_REPORT_JOB] });
  const create = async (name: string, r = rules(['dmx-0002'], ['dmx-0007'])) => call(planner, 'POST', '/index_reports', { index_report: { name, rules: r } });

  it('SRV-041 lists the seeded tasks and outcome notifications of the user and context, newest first', async () => {
    const items = await list(planner);
    expect(items.filter((i) => i.report_type === 'index_report')).toHaveLength(4);
    expect(items.filter((i) => i.report_type === 'outcome_completed')).toHaveLength(3);
    const times = items.map((i) => Date.parse(i.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // another context sees none of them
    expect((await call(planner, 'GET', '/', undefined, 'globex/de')).body.data).toEqual([]);
  });

  it('seeded notifications are there in the product each demo user lands on after signing in', async () => {
    const me = (await (await fetch(`${s.url}/api/v1/hierarchy`, { headers: admin.headers() })).json()) as { data: Parameters<typeof landingSelection>[0] };
    const landing = fullSlugOf(landingSelection(me.data)!);
    expect(landing).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+\/[a-z0-9-]+\/[a-z0-9-]+$/);
    const items = (await call(admin, 'GET', '/', undefined, landing)).body.data as NotificationDto[];
    expect(items.filter((i) => i.report_type === 'index_report').length).toBeGreaterThan(0);
    expect(items.some((i) => i.report_type === 'outcome_completed' && i.read_at === null)).toBe(true);
  });

  it('SRV-045 creates a received task; bad bodies and a missing permission are refused', async () => {
    const r = await create('Young women');
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ status: 'received', report_type: 'index_report', product_slug: ACME, name: 'Young women' });
    expect(r.body.data.request_id).toMatch(/^[0-9a-f-]{36}$/);
    // the task names its job, queued in the same transaction
    expect(await s.core.jobs.get(r.body.data.job_id)).toMatchObject({
      kind: INDEX_REPORT_JOB,
      state: 'queued',
      payload: { request_id: r.body.data.request_id },
      contextSlug: ACME,
    });
    expect((await list(planner)).find((i) => i.report_type === 'index_report' && i.request_id === r.body.data.request_id)!.job_id).toBe(r.body.data.job_id);
    expect((await create('')).status).toBe(422);
    expect((await create('No segments', rules([]))).status).toBe(422);
    const unknown = await create('Ghost', rules(['ghost-9']));
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.message).toContain('ghost-9');
    expect((await call(viewer, 'POST', '/index_reports', { index_report: { name: 'x', rules: rules(['dmx-0002']) } })).status).toBe(403);
  });

  it('SRV-046 the runner claims each task once, builds the workbook and completes it; a bad task fails with its reason', async () => {
    const ok = (await create('Runner ok')).body.data as IndexReportTaskDto;
    // a segment deleted after the request was accepted
    await s.core.query('update index_report_tasks set rules = $2 where request_id = $1', [
      (await create('Runner bad')).body.data.request_id,
      JSON.stringify(rules(['ghost-7'])),
    ]);
    const done = await drainReports();
    expect(done).toBeGreaterThanOrEqual(2);
    const items = (await list(planner)).filter((i): i is IndexReportTaskDto => i.report_type === 'index_report');
    expect(items.find((i) => i.request_id === ok.request_id)!.status).toBe('completed');
    const bad = items.find((i) => i.name === 'Runner bad')!;
    expect(bad.status).toBe('failed');
    expect(bad.error).toContain('ghost-7');
    expect(items.some((i) => i.status === 'received' || i.status === 'processing')).toBe(false);
  });

  it('SRV-044 SRV-049 downloads a completed workbook: downloaded_at set once, a history row per download; in-progress is 409', async () => {
    const t = (await create('Download me')).body.data as IndexReportTaskDto;
    expect((await call(planner, 'GET', `/index_reports/${t.request_id}/download`)).status).toBe(409);
    await drainReports();
    const first = await call(planner, 'GET', `/index_reports/${t.request_id}/download`);
    expect(first.status).toBe(200);
    expect(first.res.headers.get('content-disposition')).toBe('attachment; filename="Download me.xlsx"');
    const wb = XLSX.read(first.body as Buffer, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets['Index Report'], { header: 1 });
    expect(rows[0]).toEqual(['Index report', 'Download me']);
    expect(rows[6]).toEqual(['Category', 'Segment', 'Identifier', 'Audience people', 'Share of audience', 'Share of population', 'Index']);
    const female = rows.find((r) => r[2] === 'dmx-0007')!;
    expect(female[4]).toBe(1);
    const engine = await s.core.counts();
    expect(rows[3][1]).toBe(await engine.ruleCount(rules(['dmx-0002'], ['dmx-0007']), { region: 'acme/us' }));
    const after = (await list(planner)).find((i) => i.report_type === 'index_report' && i.request_id === t.request_id) as IndexReportTaskDto;
    expect(after.downloaded_at).not.toBeNull();
    await call(planner, 'GET', `/index_reports/${t.request_id}/download`);
    const again = (await list(planner)).find((i) => i.report_type === 'index_report' && i.request_id === t.request_id) as IndexReportTaskDto;
    expect(again.downloaded_at).toBe(after.downloaded_at);
    const [{ n }] = await s.core.query<{ n: number }>('select count(*)::int as n from download_records where name = $1', ['Download me']);
    expect(n).toBe(2);
    // another user's report is not theirs to download
    expect((await call(admin, 'GET', `/index_reports/${t.request_id}/download`)).status).toBe(404);
  });

  it('recovers a task left processing by a dead worker once its lease runs out, and never runs one task twice at once', async () => {
    const t = (await create('Orphan')).body.data as IndexReportTaskDto;
    const dead = worker(undefined, 200);
    const claimed = await dead.claim();
    expect(claimed?.payload).toEqual({ request_id: t.request_id });
    // the dead worker never finishes; a live worker cannot take the task while the lease holds
    expect(await worker().claim()).toBeNull();
    await new Promise((r) => setTimeout(r, 300));
    let builds = 0;
    const counting = async (task: { request_id: string }) => {
      builds++;
      return { file: Buffer.from('x'), path: `reports/${task.request_id}.xlsx` };
    };
    const a = worker(counting);
    const b = worker(counting);
    // two workers race for the queue: the task is built exactly once
    await Promise.all([a.drain(), b.drain(), a.drain()]);
    expect(builds).toBe(1);
    const [row] = await s.core.query<{ status: string }>('select status from index_report_tasks where request_id = $1', [t.request_id]);
    expect(row.status).toBe('completed');
    const job = (await s.core.jobs.get(t.job_id!))!;
    expect(job).toMatchObject({ state: 'completed', attempts: 2, result: { media_os_filepath: `reports/${t.request_id}.xlsx` } });
    expect([a.workerId, b.workerId]).toContain(job.claimedBy!.split('#')[0]);
  });

  it('SHELL-084 SRV-043 marks an outcome notification read with a text OK', async () => {
    const outcome = (await list(planner)).find((i): i is OutcomeNotificationDto => i.report_type === 'outcome_completed' && i.read_at === null)!;
    const r = await call(planner, 'POST', `/${outcome.id}/read`);
    expect(r.status).toBe(200);
    expect(r.body).toBe('OK');
    expect(((await list(planner)).find((i) => i.report_type === 'outcome_completed' && i.id === outcome.id) as OutcomeNotificationDto).read_at).not.toBeNull();
    expect((await call(admin, 'POST', `/${outcome.id}/read`)).status).toBe(404);
  });

  it('SRV-048 report history needs report_task_admin.create', async () => {
    expect((await call(planner, 'GET', '/report_history')).status).toBe(403);
    const r = await call(admin, 'GET', '/report_history');
    expect(r.status).toBe(200);
    expect(r.body.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(r.body[0]).sort()).toEqual(['created_at', 'created_by', 'name', 'product_slug', 'resource_type', 'ui_name']);
  });

  it('SRV-042 removes items older than 15 days', async () => {
    await s.core.query("update outcome_notifications set created_at = now() - interval '16 days' where name = 'Outcomes for Fizz Zero July are ready'");
    await s.core.query("update index_report_tasks set created_at = now() - interval '15 days 1 hour' where name = 'Old interest index'");
    expect(await purgeOld(s.core)).toBeGreaterThanOrEqual(4);
    const names = (await list(planner)).map((i) => i.name);
    expect(names).not.toContain('Outcomes for Fizz Zero July are ready');
    expect(names).not.toContain('Old interest index');
  });
});

describe('notifications: a database from before the job service', () => {
  it('tasks waiting for the plugin’s old runner become core jobs and complete; finished ones keep their status', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'discovery-notif-upgrade-'));
    try {
      const old = defineServerPlugin<ServerCore, FastifyInstance>({
        id: 'notifications',
        migrations: [{ id: '0001_notifications', sql: init }],
        register() {},
      });
      const before = await createServer({ dataDir: dir, plugins: [old], population: false, jobs: { autoStart: false } });
      const [{ id: user }] = await before.core.query<{ id: number }>("select id from users where email = 'planner@example.com'");
      const task = (name: string, status: string, v: { attempts?: number; claimed_by?: string; lease_until?: Date; report?: Buffer; error?: string } = {}) =>
        before.core.query(
          `insert into index_report_tasks (user_id, request_id, product_slug, rules, name, status, attempts, claimed_by, lease_until, report, error)
           values ($1, gen_random_uuid(), $2, '{}', $3, $4, $5, $6, $7, $8, $9)`,
          [user, ACME, name, status, v.attempts ?? 0, v.claimed_by ?? null, v.lease_until ?? null, v.report ?? null, v.error ?? null],
        );
      await task('waiting', 'received');
      // its runner's server stopped mid-build
      await task('half built', 'processing', { attempts: 1, claimed_by: 'runner-gone', lease_until: new Date(Date.now() + 3_600_000) });
      await task('built', 'completed', { report: Buffer.from('xlsx') });
      await task('broken', 'failed', { error: 'Unknown segment ig-1' });
      await before.close();

      const after = await createServer({ dataDir: dir, plugins: [notificationsServer()], population: false, seed: false, jobs: { autoStart: false } });
      try {
        const rows = await after.core.query<{ name: string; status: string; job_id: number | null }>(
          'select name, status, job_id from index_report_tasks order by id',
        );
        expect(rows.map((r) => [r.name, r.status, r.job_id !== null])).toEqual([
          ['waiting', 'received', true],
          ['half built', 'received', true],
          ['built', 'completed', false],
          ['broken', 'failed', false],
        ]);
        const jobsNow = await after.core.jobs.list({ kind: INDEX_REPORT_JOB });
        expect(jobsNow.map((j) => j.state)).toEqual(['queued', 'queued']);
        const gone = await after.core.query(
          "select column_name from information_schema.columns where table_name = 'index_report_tasks' and column_name in ('attempts', 'claimed_by', 'lease_until')",
        );
        expect(gone).toEqual([]);
        const w = new JobService(after.db, { log: after.core.log });
        w.register(INDEX_REPORT_JOB, indexReportJob(after.core, { build: async (t) => ({ file: Buffer.from(t.name), path: `reports/${t.request_id}.xlsx` }) }));
        expect(await w.drain()).toBe(2);
        expect((await after.core.query<{ status: string }>('select status from index_report_tasks order by id')).map((r) => r.status)).toEqual([
          'completed',
          'completed',
          'completed',
          'failed',
        ]);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
