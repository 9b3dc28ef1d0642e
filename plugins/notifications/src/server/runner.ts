import type { ServerCore } from '@discovery/server';
import { randomUUID } from 'node:crypto';

export interface RunnerOptions {
  /** How often an idle runner looks for work. */
  pollMs: number;
  /** A claim lasts this long unless renewed; a dead worker's task is taken over after it. */
  leaseMs: number;
  /** Claims after which a task whose worker keeps dying is marked failed. */
  maxAttempts: number;
}

export const DEFAULT_RUNNER: RunnerOptions = { pollMs: 2000, leaseMs: 30_000, maxAttempts: 3 };

export interface ClaimedTask {
  id: number;
  request_id: string;
  name: string;
  ui_name: string | null;
  product_slug: string;
  rules: unknown;
  layout_type: string;
  attempts: number;
  created_at: string;
}

/** Thrown by a build step when the work cannot be done now but may be later (population not ready). */
export class RetryLater extends Error {}

export type BuildReport = (task: ClaimedTask) => Promise<{ file: Buffer; path: string }>;

/**
 * The index-report job runner (SRV-046): claims one task at a time from PostgreSQL with
 * FOR UPDATE SKIP LOCKED (so several servers never take the same task), holds it with a lease it
 * renews while building, and stores the workbook or the failure. A task left 'processing' by a
 * worker that died is claimed again once its lease has run out; every write checks the claim, so
 * a worker that lost its lease cannot overwrite the new owner's result.
 */
export class ReportRunner {
  readonly workerId = `runner-${randomUUID()}`;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly core: ServerCore,
    private readonly build: BuildReport,
    private readonly opts: RunnerOptions = DEFAULT_RUNNER,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.drain()
        .then(() => undefined)
        .catch((e) => this.core.log.error({ err: e }, 'report runner'))
        .finally(() => this.schedule(this.opts.pollMs));
    }, ms);
  }

  /** Works until the queue is empty (or the runner is stopped). */
  async drain(): Promise<number> {
    let done = 0;
    while (!this.stopped && (await this.runOne())) done++;
    return done;
  }

  /** Claims and runs one task; false when there was none to claim. */
  async runOne(): Promise<boolean> {
    const task = await this.claim();
    if (!task) return false;
    if (task.attempts > this.opts.maxAttempts) {
      await this.finish(task.id, 'failed', { error: `The report worker stopped ${this.opts.maxAttempts} times while building this report.` });
      return true;
    }
    const renew = setInterval(() => void this.renew(task.id), Math.max(50, Math.floor(this.opts.leaseMs / 3)));
    try {
      const { file, path } = await this.build(task);
      await this.finish(task.id, 'completed', { report: file, media_os_filepath: path });
    } catch (e) {
      if (e instanceof RetryLater) {
        await this.release(task.id);
        return false;
      }
      await this.finish(task.id, 'failed', { error: (e as Error).message });
    } finally {
      clearInterval(renew);
    }
    return true;
  }

  async claim(): Promise<ClaimedTask | null> {
    const [row] = await this.core.query<ClaimedTask>(
      `update index_report_tasks t set status = 'processing', claimed_by = $1, lease_until = now() + make_interval(secs => $2::double precision / 1000), attempts = t.attempts + 1
        where t.id = (select id from index_report_tasks
                       where status = 'received' or (status = 'processing' and lease_until < now())
                       order by created_at, id limit 1 for update skip locked)
        returning t.id, t.request_id, t.name, t.ui_name, t.product_slug, t.rules, t.layout_type, t.attempts, t.created_at`,
      [this.workerId, this.opts.leaseMs],
    );
    return row ?? null;
  }

  private async renew(id: number) {
    await this.core
      .query(`update index_report_tasks set lease_until = now() + make_interval(secs => $3::double precision / 1000) where id = $1 and claimed_by = $2 and status = 'processing'`, [id, this.workerId, this.opts.leaseMs])
      .catch(() => undefined);
  }

  private async release(id: number) {
    await this.core.query(`update index_report_tasks set status = 'received', claimed_by = null, lease_until = null, attempts = attempts - 1 where id = $1 and claimed_by = $2`, [id, this.workerId]);
  }

  private async finish(id: number, status: 'completed' | 'failed', v: { report?: Buffer; media_os_filepath?: string; error?: string }) {
    await this.core.query(
      `update index_report_tasks set status = $3, report = $4, media_os_filepath = $5, error = $6, completed_at = now(), lease_until = null
        where id = $1 and claimed_by = $2 and status = 'processing'`,
      [id, this.workerId, status, v.report ?? null, v.media_os_filepath ?? null, v.error ?? null],
    );
  }
}
