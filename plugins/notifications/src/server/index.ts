import { type Rules } from '@discovery/insights-kit/common';
import { defineServerPlugin } from '@discovery/plugin-api';
import { handle, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { notificationsEndpoints as E, notificationsPermissions, RETENTION_DAYS, type NotificationDto, type ReportHistoryRow, type TaskStatus } from '../common';
import init from './migrations/0001_notifications.sql';
import jobs from './migrations/0002_jobs.sql';
import { createIndexReportTask, INDEX_REPORT_JOB, indexReportJob, type IndexReportJobOptions } from './report';
import { seedNotifications } from './seed';

/** SRV-042's purge, once an hour across all servers (core's scheduler). */
export const PURGE_JOB = 'notifications.purge';
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** SRV-042: notifications and tasks go 15 days after they were created. */
export async function purgeOld(core: Pick<ServerCore, 'query'>): Promise<number> {
  const a = await core.query<{ id: number }>(`delete from index_report_tasks where created_at < now() - make_interval(days => ${RETENTION_DAYS}) returning id`);
  const b = await core.query<{ id: number }>(
    `delete from outcome_notifications where created_at < now() - make_interval(days => ${RETENTION_DAYS}) returning id`,
  );
  return a.length + b.length;
}

/**
 * The notification center's server: index-report tasks (built by a core job kind), outcome
 * notifications, downloads and the report history. `report` options are for tests and demos.
 */
export function notificationsServer(report: Omit<IndexReportJobOptions, 'build'> = {}) {
  return defineServerPlugin<ServerCore, FastifyInstance>({
    id: 'notifications',
    permissions: Object.values(notificationsPermissions),
    migrations: [
      { id: '0001_notifications', sql: init },
      { id: '0002_jobs', sql: jobs },
    ],
    seed: seedNotifications,
    register(router, core) {
      core.jobs.register(INDEX_REPORT_JOB, indexReportJob(core, report));
      core.jobs.register(PURGE_JOB, { handler: async () => ({ removed: await purgeOld(core) }) });
      core.jobs.schedule(PURGE_JOB, { every: 'hour' });

      /** The context's slug, or anything below it (a region context sees its products' items). */
      const inContext = (col: string, n: number) => `(${col} = $${n} or ${col} like $${n} || '/%')`;

      // SRV-041: the user's index-report tasks and outcome notifications in the context, newest first.
      handle(router, E.list, async ({ auth, context }) => {
        const user = auth.user.id;
        const slug = context.slug;
        const tasks = await core.query<Record<string, unknown>>(
          `select id, request_id, product_slug, name, ui_name, status, error, downloaded_at, created_at, job_id from index_report_tasks
            where user_id = $1 and ${inContext('product_slug', 2)} and created_at >= now() - make_interval(days => ${RETENTION_DAYS})`,
          [user, slug],
        );
        const outcomes = await core.query<Record<string, unknown>>(
          `select id, product_slug, name, read_at, created_at, job_id from outcome_notifications
            where user_id = $1 and ${inContext('product_slug', 2)} and created_at >= now() - make_interval(days => ${RETENTION_DAYS})`,
          [user, slug],
        );
        const data: NotificationDto[] = [
          ...tasks.map((t) => ({
            id: Number(t.id),
            report_type: 'index_report' as const,
            request_id: String(t.request_id),
            product_slug: String(t.product_slug),
            name: String(t.name),
            ui_name: (t.ui_name as string | null) ?? null,
            status: t.status as 'received',
            error: (t.error as string | null) ?? null,
            downloaded_at: iso(t.downloaded_at),
            created_at: iso(t.created_at)!,
            job_id: t.job_id === null ? null : Number(t.job_id),
          })),
          ...outcomes.map((o) => ({
            id: Number(o.id),
            report_type: 'outcome_completed' as const,
            product_slug: String(o.product_slug),
            name: String(o.name),
            read_at: iso(o.read_at),
            created_at: iso(o.created_at)!,
            job_id: o.job_id === null ? null : Number(o.job_id),
          })),
        ].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
        return { data };
      });

      // SRV-045: a task and its job, saved together; it needs index_report.create and a client that is not lite.
      handle(router, E.requestIndexReport, async ({ body, auth, context: ctx }, _req, reply) => {
        const { index_report: r } = body;
        if (ctx.client.lite) throw core.errors.forbidden('Index reports are not available for this client.');
        const engine = await core.counts();
        const bad = engine.invalid([...(r.rules.include?.and ?? []), ...(r.rules.exclude?.and ?? [])].flatMap((g) => g.or));
        if (bad.length)
          throw core.errors.unprocessable(`Unknown or no longer available segment identifiers: ${bad.join(', ')}`, { 'index_report.rules': bad.join(', ') });
        const row = await core.transaction((tx) =>
          createIndexReportTask(core, tx, {
            userId: auth.user.id,
            productSlug: ctx.slug,
            rules: r.rules satisfies Rules,
            personaId: r.persona_id,
            name: r.name,
            uiName: r.ui_name,
            layoutType: r.layout_type,
            allowDatasetSkew: r.allow_dataset_skew,
            allowUnknownRateSkew: r.allow_unknown_rate_skew,
          }),
        );
        reply.code(201);
        return {
          data: {
            id: Number(row.id),
            report_type: 'index_report' as const,
            request_id: String(row.request_id),
            product_slug: String(row.product_slug),
            name: String(row.name),
            ui_name: (row.ui_name as string | null) ?? null,
            status: row.status as TaskStatus,
            job_id: Number(row.job_id),
            created_at: iso(row.created_at)!,
            downloaded_at: null,
            error: null,
          },
        };
      });

      // SRV-044 / SRV-049: the workbook; the first download sets downloaded_at; every one is recorded.
      handle(router, E.download, async ({ params: { request_id }, auth }, _req, reply) => {
        const user = auth.user;
        const file = await core.transaction(async (tx) => {
          const [t] = await tx.query<Record<string, unknown>>(
            'select id, user_id, status, name, ui_name, product_slug, report, media_os_filepath, error from index_report_tasks where request_id = $1 for update',
            [request_id],
          );
          if (!t || Number(t.user_id) !== user.id) throw core.errors.notFound('Unknown report.');
          if (t.status === 'received' || t.status === 'processing') throw core.errors.conflict('This report is still being prepared.');
          if (t.status === 'failed') throw core.errors.conflict(`This report could not be built: ${t.error ?? 'unknown reason'}`);
          await tx.query('update index_report_tasks set downloaded_at = coalesce(downloaded_at, now()) where id = $1', [t.id]);
          await tx.query(
            'insert into download_records (user_id, created_by, product_slug, name, ui_name, resource_type, index_report_task_id) values ($1, $2, $3, $4, $5, $6, $7)',
            [user.id, user.email, t.product_slug, t.name, t.ui_name, 'index_report', t.id],
          );
          return { bytes: Buffer.from(t.report as Uint8Array), name: `${String(t.ui_name ?? t.name).replace(/[^\w .-]+/g, '_')}.xlsx` };
        });
        reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="${file.name}"`);
        return reply.send(file.bytes);
      });

      // SRV-043: no body; text 'OK'.
      handle(router, E.markRead, async ({ params: { id }, auth }, _req, reply) => {
        const rows = await core.query('update outcome_notifications set read_at = coalesce(read_at, now()) where id = $1 and user_id = $2 returning id', [
          id,
          auth.user.id,
        ]);
        if (!rows.length) throw core.errors.notFound('Unknown notification.');
        return reply.type('text/plain').send('OK');
      });

      // SRV-048: past downloads in the context's client, for report_task_admin.create.
      handle(router, E.reportHistory, async ({ context }) => {
        const rows = await core.query<Record<string, unknown>>(
          `select created_at, created_by, product_slug, ui_name, name, resource_type from download_records where ${inContext('product_slug', 1)} order by created_at desc, id desc`,
          [context.client.slug],
        );
        const data: ReportHistoryRow[] = rows.map((r) => ({
          created_at: iso(r.created_at)!,
          created_by: String(r.created_by),
          product_slug: String(r.product_slug),
          ui_name: (r.ui_name as string | null) ?? null,
          name: String(r.name),
          resource_type: String(r.resource_type),
        }));
        return data;
      });
    },
  });
}

export default notificationsServer({ minBuildMs: Number(process.env.DISCOVERY_REPORT_MIN_MS ?? 0) || undefined });
