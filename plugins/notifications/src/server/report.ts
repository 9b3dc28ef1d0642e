import type { Rule } from '@discovery/counts';
import { PermanentError, RetryLater, type JobKind, type Queryable, type ServerCore } from '@discovery/server';
import * as XLSX from '@e965/xlsx';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/** The core job kind that builds index reports (SRV-046). */
export const INDEX_REPORT_JOB = 'notifications.index-report';

export interface IndexReportPayload {
  request_id: string;
}

/** What a build reads of an index_report_tasks row. */
export interface ReportTask {
  id: number;
  request_id: string;
  name: string;
  ui_name: string | null;
  product_slug: string;
  rules: unknown;
  layout_type: string;
  created_at: string;
}

export type BuildReport = (task: ReportTask) => Promise<{ file: Buffer; path: string }>;

/**
 * An index report: the audience's share of every demographic segment and its index against the
 * population of the report's region (100 = average), one workbook with a summary on top.
 */
export function indexReportBuilder(core: ServerCore): BuildReport {
  return async (task) => {
    const engine = await core.counts().catch(() => {
      throw new RetryLater('the population is not ready yet');
    });
    const [client, region] = task.product_slug.split('/');
    const key = `${client}/${region}`;
    const inRegion = engine.manifest.regions.some((r) => r.key === key) ? key : undefined;
    const demographic = engine.manifest.segments.filter((s) => s.demographic && !s.deleted && !s.expired);
    // unknown or deleted segments in the rules fail the task with the engine's message naming them
    const ids = demographic.map((s) => s.short_id);
    const p = await engine.profile(task.rules as Rule, ids, { region: inRegion });
    const sizes = await engine.counts(ids, { region: inRegion });
    const rows: (string | number)[][] = [
      ['Index report', task.ui_name ?? task.name],
      ['Hierarchy', task.product_slug],
      ['Requested', new Date(task.created_at).toISOString().slice(0, 10)],
      ['Audience size', p.audience],
      ['Population', p.population],
      [],
      ['Category', 'Segment', 'Identifier', 'Audience people', 'Share of audience', 'Share of population', 'Index'],
    ];
    p.rows.forEach((r, i) => {
      const s = demographic[i];
      const base = p.population ? sizes[s.short_id] / p.population : 0;
      rows.push([s.path[s.path.length - 1], s.name, s.short_id, r.count, round(r.share), round(base), Math.round(r.index)]);
    });
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Index Report');
    const file = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    return { file, path: `reports/${task.request_id}.xlsx` };
  };
}

const round = (v: number) => Math.round(v * 10000) / 10000;

export interface IndexReportJobOptions {
  /** The build (tests swap it); default indexReportBuilder. */
  build?: BuildReport;
  /** A floor on build time (DISCOVERY_REPORT_MIN_MS): keeps the in-progress state visible in demos and browser tests. */
  minBuildMs?: number;
  leaseMs?: number;
  maxAttempts?: number;
}

/**
 * The index-report job. The task row keeps the user-facing status: 'received' until a worker
 * starts, 'processing' while it builds, then 'completed' with the workbook (written in the same
 * transaction that completes the job) or 'failed' with the reason (in the transaction that fails
 * it). A build error fails at once (retrying would fail the same way); a worker that dies
 * mid-build is replaced after its lease, up to maxAttempts claims.
 */
export function indexReportJob(core: ServerCore, opts: IndexReportJobOptions = {}): JobKind<IndexReportPayload, { media_os_filepath: string }> {
  const build = opts.build ?? indexReportBuilder(core);
  const minMs = opts.minBuildMs ?? 0;
  const setStatus = (tx: Queryable, id: number, status: 'received' | 'processing') =>
    tx.query(`update index_report_tasks set status = $2 where id = $1 and status in ('received', 'processing')`, [id, status]);
  return {
    payload: z.object({ request_id: z.uuid() }),
    leaseMs: opts.leaseMs ?? 30_000,
    maxAttempts: opts.maxAttempts ?? 3,
    async handler(job) {
      const [task] = await core.query<ReportTask>(
        'select id, request_id, name, ui_name, product_slug, rules, layout_type, created_at from index_report_tasks where request_id = $1',
        [job.payload.request_id],
      );
      if (!task) throw new PermanentError('The report request no longer exists.');
      await job.transaction((tx) => setStatus(tx, task.id, 'processing'));
      let out: { file: Buffer; path: string };
      try {
        out = minMs ? (await Promise.all([build(task), new Promise((r) => setTimeout(r, minMs))]))[0] : await build(task);
      } catch (e) {
        if (e instanceof RetryLater) {
          // waiting for the population is not processing
          await job.transaction((tx) => setStatus(tx, task.id, 'received'));
          throw e;
        }
        throw new PermanentError((e as Error).message);
      }
      return job.complete(async (tx) => {
        await tx.query(
          `update index_report_tasks set status = 'completed', report = $2, media_os_filepath = $3, error = null, completed_at = now() where id = $1`,
          [task.id, out.file, out.path],
        );
        return { media_os_filepath: out.path };
      });
    },
    async onFailure(tx, job) {
      const reason = job.state === 'cancelled' ? 'The report was cancelled.' : (job.error ?? 'unknown reason');
      await tx.query(`update index_report_tasks set status = 'failed', error = $2, completed_at = now() where job_id = $1`, [job.id, reason]);
    },
  };
}

export interface NewIndexReportTask {
  userId: number;
  productSlug: string;
  rules: unknown;
  personaId?: number | null;
  name: string;
  uiName?: string | null;
  layoutType?: string;
  allowDatasetSkew?: boolean;
  allowUnknownRateSkew?: boolean;
  createdAt?: Date;
}

/** A task and its job, in the caller's transaction: both exist or neither. */
export async function createIndexReportTask(core: ServerCore, tx: Queryable, t: NewIndexReportTask): Promise<Record<string, unknown>> {
  const requestId = randomUUID();
  const job = await core.jobs.enqueue<IndexReportPayload>(INDEX_REPORT_JOB, { request_id: requestId }, { tx, userId: t.userId, contextSlug: t.productSlug });
  const [row] = await tx.query<Record<string, unknown>>(
    `insert into index_report_tasks (user_id, request_id, product_slug, rules, persona_id, name, ui_name, layout_type, allow_dataset_skew, allow_unknown_rate_skew, job_id, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, coalesce($12::timestamptz, now()))
     returning id, request_id, product_slug, name, ui_name, status, report_type, job_id, created_at`,
    [
      t.userId,
      requestId,
      t.productSlug,
      JSON.stringify(t.rules),
      t.personaId ?? null,
      t.name,
      t.uiName ?? null,
      t.layoutType ?? 'standard',
      t.allowDatasetSkew ?? false,
      t.allowUnknownRateSkew ?? false,
      job.id,
      t.createdAt ?? null,
    ],
  );
  return row;
}
