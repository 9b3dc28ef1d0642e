import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db';
import { errors } from '../errors';
import { parseCron, previousFire, type Cron } from './cron';
import type { EnqueueOptions, Job, JobKind, JobListFilter, JobRun, Jobs, JobState, ScheduleOptions } from './types';

/** Thrown by a handler when the work cannot be done now but may be later: back to the queue, no attempt used. */
export class RetryLater extends Error {
  constructor(
    message = 'not ready yet',
    /** When to try again. */
    readonly delayMs = 2000,
  ) {
    super(message);
  }
}

/** Thrown by a handler when trying again cannot help (bad input): the job fails at once. */
export class PermanentError extends Error {}

/** This worker no longer holds the job (it was cancelled, or its lease ran out and another took it). */
export class JobLostError extends Error {
  constructor(
    readonly jobId: number,
    reason = 'was cancelled or taken over by another worker',
  ) {
    super(`job ${jobId} ${reason}`);
  }
}

/** The abort reason a handler sees when the server stops; the job goes back to the queue. */
export class JobShutdownError extends Error {}

export interface JobLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface JobServiceOptions {
  /** How often an idle runner looks for due jobs. Default 1000 ms. */
  pollMs?: number;
  /** Jobs one runner works on at once. Default 2. */
  concurrency?: number;
  /** Finished jobs are deleted this many days after they ended. Default 30. */
  retentionDays?: number;
  /** How long stop() waits for running handlers before handing their jobs back. Default 5 s. */
  stopGraceMs?: number;
  log?: JobLog;
  /** Jobs one user may have waiting or running at once (429 beyond). Default 20. */
  maxActivePerUser?: number;
  /** Jobs one client (the first part of the context slug) may have waiting or running at once (429 beyond). Default 50. */
  maxActivePerClient?: number;
  /** The clock schedules read (tests move it). */
  now?: () => Date;
  workerId?: string;
}

/** DISCOVERY_JOBS_POLL_MS, _CONCURRENCY, _RETENTION_DAYS, _MAX_PER_USER, _MAX_PER_CLIENT. */
export function jobOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): JobServiceOptions {
  const num = (name: string) => {
    const v = env[name];
    if (v === undefined || v === '') return undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number (got '${v}')`);
    return n;
  };
  return {
    pollMs: num('DISCOVERY_JOBS_POLL_MS'),
    concurrency: num('DISCOVERY_JOBS_CONCURRENCY'),
    retentionDays: num('DISCOVERY_JOBS_RETENTION_DAYS'),
    maxActivePerUser: num('DISCOVERY_JOBS_MAX_PER_USER'),
    maxActivePerClient: num('DISCOVERY_JOBS_MAX_PER_CLIENT'),
  };
}

const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_MAX_ATTEMPTS = 3;
const PURGE_EVERY_MS = 60 * 60_000;
const KIND = /^[a-z][a-z0-9-]*\.[a-z0-9][a-z0-9.-]*$/;
const STATES: JobState[] = ['queued', 'running', 'completed', 'failed', 'cancelled'];

type Row = Record<string, unknown>;
const date = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

function toJob<P, R>(r: Row): Job<P, R> {
  return {
    id: Number(r.id),
    kind: String(r.kind),
    payload: r.payload as P,
    state: r.state as JobState,
    attempts: Number(r.attempts),
    progress: Number(r.progress),
    progressText: (r.progress_text as string | null) ?? null,
    result: (r.result as R | null) ?? null,
    error: (r.error as string | null) ?? null,
    userId: r.user_id === null || r.user_id === undefined ? null : Number(r.user_id),
    contextSlug: (r.context_slug as string | null) ?? null,
    key: (r.key as string | null) ?? null,
    scheduledFor: date(r.scheduled_for),
    runAt: date(r.run_at)!,
    createdAt: date(r.created_at)!,
    startedAt: date(r.started_at),
    finishedAt: date(r.finished_at),
    claimedBy: (r.claimed_by as string | null) ?? null,
    leaseUntil: date(r.lease_until),
  };
}

/** When a caller over its job quota may try again (seconds). */
const JOB_QUOTA_RETRY_SECONDS = 30;
/** The client of a context slug ('acme/us/...' is 'acme'), or null. */
const clientOf = (slug: string | null | undefined) => slug?.split('/')[0] || null;

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
/** A wait in ms as SQL (numbers from code only, never from a request). */
const interval = (ms: number) => `make_interval(secs => ${Number.isFinite(ms) ? Math.max(0, Math.round(ms)) : 0}::double precision / 1000)`;

interface Running {
  abort: AbortController;
  token: string;
}

interface Schedule {
  kind: string;
  cron: Cron;
  payload: unknown;
  /** The period start last made sure of (skips the insert until the period changes). */
  ensured: number | null;
}

/**
 * Core's background job service (core.jobs): jobs are rows of one table, claimed with
 * FOR UPDATE SKIP LOCKED under a renewable lease, so several server processes share the queue
 * and a job whose server died runs again once its lease has run out. Every write a worker makes
 * checks its claim (a token per claim), so a worker that lost the job cannot overwrite the new
 * owner's result. See core/server/README.md.
 */
/** Kinds of every payload and result type live in one map; each handler knows its own. */
type AnyJobKind = JobKind<unknown, unknown>;

export class JobService implements Jobs {
  readonly workerId: string;
  private readonly kinds = new Map<string, AnyJobKind>();
  private readonly schedules: Schedule[] = [];
  private readonly running = new Map<number, Running>();
  private readonly active = new Set<Promise<void>>();
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly retentionDays: number;
  private readonly stopGraceMs: number;
  private readonly maxActivePerUser: number;
  private readonly maxActivePerClient: number;
  private readonly log: JobLog;
  private readonly now: () => Date;
  private claims = 0;
  private started = false;
  private stopping = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private lastPurge = 0;

  constructor(
    private readonly db: Pick<Database, 'query' | 'transaction'>,
    opts: JobServiceOptions = {},
  ) {
    this.workerId = opts.workerId ?? `worker-${randomUUID()}`;
    this.pollMs = opts.pollMs ?? 1000;
    this.concurrency = Math.max(1, Math.floor(opts.concurrency ?? 2));
    this.retentionDays = opts.retentionDays ?? 30;
    this.stopGraceMs = opts.stopGraceMs ?? 5000;
    this.maxActivePerUser = opts.maxActivePerUser ?? 20;
    this.maxActivePerClient = opts.maxActivePerClient ?? 50;
    this.log = opts.log ?? { error: (o, m) => console.error(m, o), warn: (o, m) => console.warn(m, o) };
    this.now = opts.now ?? (() => new Date());
  }

  register<P, R>(kind: string, def: JobKind<P, R>): void {
    if (!KIND.test(kind)) throw new Error(`job kind '${kind}' must read '<plugin id>.<job>' in lower case (e.g. 'notifications.index-report')`);
    if (this.kinds.has(kind)) throw new Error(`job kind '${kind}' is registered twice`);
    if (def.maxAttempts !== undefined && !(Number.isInteger(def.maxAttempts) && def.maxAttempts >= 1))
      throw new Error(`job kind '${kind}': maxAttempts must be a whole number >= 1`);
    if (def.leaseMs !== undefined && !(def.leaseMs >= 100)) throw new Error(`job kind '${kind}': leaseMs must be at least 100`);
    this.kinds.set(kind, def as AnyJobKind);
  }

  private kind(kind: string): AnyJobKind {
    const k = this.kinds.get(kind);
    if (!k) throw new Error(`job kind '${kind}' is not registered (core.jobs.register it in the plugin's register())`);
    return k;
  }

  async enqueue<P>(kind: string, payload: P, opts: EnqueueOptions = {}): Promise<Job<P>> {
    const def = this.kind(kind);
    const value = def.payload ? def.payload.parse(payload) : payload;
    const insert = async (q: Pick<Queryable, 'query'>) => {
      if (opts.key) {
        const [existing] = await q.query<Row>('select * from jobs where key = $1', [opts.key]);
        if (existing) return existing;
      }
      await this.checkQuota(q, opts);
      const rows = await q.query<Row>(
        `insert into jobs (kind, payload, user_id, context_slug, run_at, key) values ($1, $2::jsonb, $3, $4, coalesce($5::timestamptz, now()), $6)
         on conflict (key) do nothing returning *`,
        [kind, JSON.stringify(value ?? {}), opts.userId ?? null, opts.contextSlug ?? null, opts.runAt ?? null, opts.key ?? null],
      );
      return rows[0] ?? (await q.query<Row>('select * from jobs where key = $1', [opts.key]))[0];
    };
    // The quota's count and the insert in one transaction (the caller's, when given).
    const quota = (opts.userId ?? null) !== null || !!clientOf(opts.contextSlug);
    const row = opts.tx ? await insert(opts.tx) : quota ? await this.db.transaction(insert) : await insert(this.db);
    // Outside a transaction the job is visible now; inside one, most likely a moment later (else the next poll finds it).
    this.kick(opts.tx ? 50 : 0);
    return toJob<P, never>(row);
  }

  /**
   * Issue 25 §3: one user, or one client, cannot flood the queue (100 reports and 300 imports from
   * one planner made another client's report wait 116 s). Counted under a transaction lock per
   * client (or user), so two enqueues at once cannot both take the last place.
   */
  private async checkQuota(q: Pick<Queryable, 'query'>, opts: EnqueueOptions): Promise<void> {
    const userId = opts.userId ?? null;
    const client = clientOf(opts.contextSlug);
    if (userId === null && !client) return;
    await q.query('select pg_advisory_xact_lock(hashtext($1))', [client ? `jobs-quota:client:${client}` : `jobs-quota:user:${userId}`]);
    if (userId !== null) {
      const [{ n }] = await q.query<{ n: number }>("select count(*)::int as n from jobs where user_id = $1 and state in ('queued', 'running')", [userId]);
      if (Number(n) >= this.maxActivePerUser) {
        throw errors.tooMany(
          `You have ${n} background jobs waiting or running, the most one user may have. Please try again when some have finished.`,
          JOB_QUOTA_RETRY_SECONDS,
        );
      }
    }
    if (client) {
      const [{ n }] = await q.query<{ n: number }>("select count(*)::int as n from jobs where client = $1 and state in ('queued', 'running')", [client]);
      if (Number(n) >= this.maxActivePerClient) {
        throw errors.tooMany(
          `This client has ${n} background jobs waiting or running, the most one client may have. Please try again when some have finished.`,
          JOB_QUOTA_RETRY_SECONDS,
        );
      }
    }
  }

  async get<P = unknown, R = unknown>(id: number): Promise<Job<P, R> | null> {
    if (!Number.isSafeInteger(id)) return null;
    const [row] = await this.db.query<Row>('select * from jobs where id = $1', [id]);
    return row ? toJob<P, R>(row) : null;
  }

  async list<P = unknown, R = unknown>(f: JobListFilter = {}): Promise<Job<P, R>[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: (n: string) => string, v: unknown) => {
      params.push(v);
      where.push(sql(`$${params.length}`));
    };
    if (f.kind !== undefined) add((n) => `kind = any(${n}::text[])`, Array.isArray(f.kind) ? f.kind : [f.kind]);
    if (f.userId !== undefined) add((n) => `user_id = ${n}`, f.userId);
    if (f.contextSlug !== undefined) add((n) => `context_slug = ${n}`, f.contextSlug);
    if (f.state !== undefined) {
      const states = Array.isArray(f.state) ? f.state : [f.state];
      for (const s of states) if (!STATES.includes(s)) throw new Error(`unknown job state '${s}'`);
      add((n) => `state = any(${n}::text[])`, states);
    }
    const limit = Math.max(1, Math.min(1000, Math.floor(f.limit ?? 100)));
    const rows = await this.db.query<Row>(
      `select * from jobs ${where.length ? `where ${where.join(' and ')}` : ''} order by created_at desc, id desc limit ${limit}`,
      params,
    );
    return rows.map((r) => toJob<P, R>(r));
  }

  async cancel(id: number): Promise<boolean> {
    if (!Number.isSafeInteger(id)) return false;
    const job = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<Row>(
        `update jobs set state = 'cancelled', finished_at = now(), lease_until = null where id = $1 and state in ('queued', 'running') returning *`,
        [id],
      );
      if (!row) return null;
      const j = toJob(row);
      await this.kinds.get(j.kind)?.onFailure?.(tx, j);
      return j;
    });
    if (!job) return false;
    // A handler in this process stops now; one in another process when its next lease renewal fails.
    this.running.get(id)?.abort.abort(new JobLostError(id, 'was cancelled'));
    return true;
  }

  schedule<P>(kind: string, opts: ScheduleOptions<P>): void {
    this.kind(kind);
    if (this.schedules.some((s) => s.kind === kind)) throw new Error(`job kind '${kind}' is scheduled twice`);
    this.schedules.push({ kind, cron: parseCron(opts.every), payload: opts.payload ?? {}, ensured: null });
  }

  /** Enqueues each schedule's current period once: the unique key makes it one job however many servers try. */
  async ensureScheduled(): Promise<void> {
    for (const s of this.schedules) {
      const fire = previousFire(s.cron, this.now());
      if (s.ensured === fire.getTime()) continue;
      const inserted = await this.db.query(
        `insert into jobs (kind, payload, run_at, key, scheduled_for) values ($1, $2::jsonb, $3, $4, $3) on conflict (key) do nothing returning id`,
        [s.kind, JSON.stringify(s.payload), fire, `${s.kind}@${fire.toISOString()}`],
      );
      s.ensured = fire.getTime();
      if (inserted.length) this.kick(0);
    }
  }

  /**
   * Deletes jobs that ended more than retentionDays ago; a schedule's latest job stays, so its
   * period is never enqueued twice.
   */
  async purge(): Promise<number> {
    const rows = await this.db.query(
      `delete from jobs j where j.state in ('completed', 'failed', 'cancelled') and j.finished_at < now() - make_interval(days => $1)
         and (j.scheduled_for is null or exists (select 1 from jobs n where n.kind = j.kind and n.scheduled_for > j.scheduled_for))
       returning j.id`,
      [this.retentionDays],
    );
    return rows.length;
  }

  /**
   * Claims one due job of a registered kind (queued and due, or running with its lease run out)
   * without running it. The runner's step; tests use it to play a worker that dies.
   */
  async claim(kinds?: string[]): Promise<Job | null> {
    const names = (kinds ?? [...this.kinds.keys()]).filter((k) => this.kinds.has(k));
    if (!names.length) return null;
    const leases = names.map((k) => this.kinds.get(k)!.leaseMs ?? DEFAULT_LEASE_MS);
    const [row] = await this.db.query<Row>(
      `update jobs j set state = 'running', claimed_by = $1, attempts = j.attempts + 1, started_at = now(),
              lease_until = now() + make_interval(secs => (select l.ms from unnest($2::text[], $3::double precision[]) as l(kind, ms) where l.kind = j.kind) / 1000)
        where j.id = (select c.id from jobs c
                       where c.kind = any($2::text[]) and ((c.state = 'queued' and c.run_at <= now()) or (c.state = 'running' and c.lease_until < now()))
                       -- fair across clients: the client whose last job started longest ago (or never) first, then the oldest job
                       order by (select max(r.started_at) from jobs r where r.client = c.client) nulls first, c.run_at, c.id
                       limit 1 for update skip locked)
        returning j.*`,
      [`${this.workerId}#${++this.claims}`, names, leases],
    );
    return row ? toJob(row) : null;
  }

  async drain(opts: { kinds?: string[] } = {}): Promise<number> {
    let n = 0;
    await this.ensureScheduled();
    while (!this.stopping) {
      const job = await this.claim(opts.kinds);
      if (!job) break;
      await this.track(this.run(job));
      n++;
    }
    return n;
  }

  /** Starts polling (the server calls it when ready). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    this.kick(0);
  }

  /**
   * Stops claiming, aborts running handlers and waits for them (up to stopGraceMs); a job whose
   * handler stopped, or is still going after the grace, goes back to the queue for another server.
   */
  async stop(): Promise<void> {
    this.started = false;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
    for (const r of this.running.values()) r.abort.abort(new JobShutdownError('the server is stopping'));
    let timeout: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.allSettled([...this.active]), new Promise((r) => (timeout = setTimeout(r, this.stopGraceMs)))]);
    clearTimeout(timeout);
    for (const [id, r] of this.running) await this.release(id, r.token, 0).catch(() => undefined);
  }

  private kick(ms: number) {
    if (!this.started || this.stopping) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = (async () => {
      try {
        await this.ensureScheduled();
        if (Date.now() - this.lastPurge > PURGE_EVERY_MS) {
          this.lastPurge = Date.now();
          await this.purge();
        }
        while (!this.stopping && this.active.size < this.concurrency) {
          const job = await this.claim();
          if (!job) break;
          void this.track(this.run(job))
            .catch((e) => this.log.error({ err: e }, 'job runner'))
            .then(() => this.kick(0));
        }
      } catch (e) {
        this.log.error({ err: e }, 'job runner');
      }
    })();
    await this.ticking;
    this.ticking = null;
    const soon = this.again;
    this.again = false;
    this.kick(soon ? 0 : this.pollMs);
  }

  private track(p: Promise<void>): Promise<void> {
    this.active.add(p);
    return p.finally(() => this.active.delete(p));
  }

  /** A transaction that first locks the job row and checks this claim still holds it. */
  private async owned<T>(id: number, token: string, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query(`select id from jobs where id = $1 and claimed_by = $2 and state = 'running' for update`, [id, token]);
      if (!row) throw new JobLostError(id);
      return fn(tx);
    });
  }

  private async run(job: Job): Promise<void> {
    const def = this.kind(job.kind);
    const token = job.claimedBy!;
    const maxAttempts = def.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    if (job.attempts > maxAttempts) {
      // Only a worker that died uses a claim without ending it (a handler error ends the last one).
      await this.fail(job, token, def, `Gave up after ${maxAttempts} attempts: the worker stopped while running it.`).catch((e) => this.warn(job, e));
      return;
    }
    const abort = new AbortController();
    this.running.set(job.id, { abort, token });
    const lost = (e: unknown) => {
      if (e instanceof JobLostError && !abort.signal.aborted) abort.abort(e);
      throw e;
    };
    let completed = false;
    const run: JobRun<unknown> = {
      id: job.id,
      kind: job.kind,
      payload: job.payload,
      attempt: job.attempts,
      maxAttempts,
      userId: job.userId,
      contextSlug: job.contextSlug,
      scheduledFor: job.scheduledFor,
      createdAt: job.createdAt,
      signal: abort.signal,
      progress: async (fraction, text) => {
        const f = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
        const rows = await this.db.query(
          `update jobs set progress = $3, progress_text = $4 where id = $1 and claimed_by = $2 and state = 'running' returning id`,
          [job.id, token, f, text ?? null],
        );
        if (!rows.length && !abort.signal.aborted) abort.abort(new JobLostError(job.id));
      },
      transaction: (fn) => this.owned(job.id, token, fn).catch(lost),
      complete: async (fn) => {
        const out = await this.owned(job.id, token, async (tx) => {
          const v = await fn(tx);
          await this.markCompleted(tx, job.id, v);
          return v;
        }).catch(lost);
        completed = true;
        return out;
      },
    };
    const leaseMs = def.leaseMs ?? DEFAULT_LEASE_MS;
    const renew = setInterval(
      () => {
        void this.db
          .query(`update jobs set lease_until = now() + ${interval(leaseMs)} where id = $1 and claimed_by = $2 and state = 'running' returning id`, [
            job.id,
            token,
          ])
          .then((rows) => {
            if (!rows.length && !abort.signal.aborted) abort.abort(new JobLostError(job.id));
          })
          .catch(() => undefined);
      },
      Math.max(30, Math.floor(leaseMs / 3)),
    );
    try {
      const value = await def.handler(run);
      if (!completed) await this.owned(job.id, token, (tx) => this.markCompleted(tx, job.id, value));
    } catch (e) {
      await this.settleError(job, token, def, maxAttempts, e, abort.signal).catch((err) => this.warn(job, err));
    } finally {
      clearInterval(renew);
      this.running.delete(job.id);
    }
  }

  private async markCompleted(tx: Queryable, id: number, value: unknown) {
    await tx.query(`update jobs set state = 'completed', result = $2::jsonb, progress = 1, finished_at = now(), lease_until = null where id = $1`, [
      id,
      json(value),
    ]);
  }

  private async settleError(job: Job, token: string, def: AnyJobKind, maxAttempts: number, e: unknown, signal: AbortSignal) {
    const reason = signal.aborted ? signal.reason : null;
    // Cancelled or taken over: the job is no longer ours to write.
    if (e instanceof JobLostError || reason instanceof JobLostError) return;
    if (reason instanceof JobShutdownError) return this.release(job.id, token, 0);
    if (e instanceof RetryLater) return this.release(job.id, token, e.delayMs);
    const message = e instanceof Error ? e.message : String(e);
    if (e instanceof PermanentError || job.attempts >= maxAttempts) return this.fail(job, token, def, message);
    const base = def.backoff?.baseMs ?? 5000;
    const delay = Math.min(def.backoff?.maxMs ?? 600_000, base * 2 ** (job.attempts - 1));
    await this.db.query(
      `update jobs set state = 'queued', claimed_by = null, lease_until = null, error = $3, run_at = now() + ${interval(delay)}
        where id = $1 and claimed_by = $2 and state = 'running'`,
      [job.id, token, message],
    );
  }

  private async fail(job: Job, token: string, def: AnyJobKind, message: string) {
    await this.owned(job.id, token, async (tx) => {
      const [row] = await tx.query<Row>(`update jobs set state = 'failed', error = $2, finished_at = now(), lease_until = null where id = $1 returning *`, [
        job.id,
        message,
      ]);
      await def.onFailure?.(tx, toJob(row));
    });
  }

  /** Back to the queue without using an attempt (RetryLater, or the server stopping). */
  private async release(id: number, token: string, delayMs: number) {
    await this.db.query(
      `update jobs set state = 'queued', claimed_by = null, lease_until = null, attempts = greatest(attempts - 1, 0), run_at = now() + ${interval(delayMs)}
        where id = $1 and claimed_by = $2 and state = 'running'`,
      [id, token],
    );
  }

  private warn(job: Job, e: unknown) {
    if (e instanceof JobLostError) return;
    this.log.warn({ err: e, job: job.id, kind: job.kind }, 'job runner could not record the outcome of a job');
  }
}
