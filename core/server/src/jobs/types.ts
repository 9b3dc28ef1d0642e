import type { ZodType } from 'zod';
import type { Queryable } from '../db';
import type { SchedulePeriod } from './cron';

export type JobState = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

/** A row of the `jobs` table. */
export interface Job<P = unknown, R = unknown> {
  id: number;
  kind: string;
  payload: P;
  state: JobState;
  /** Claims so far (a RetryLater release gives its claim back). */
  attempts: number;
  /** 0..1, with an optional line of text, as the handler last reported. */
  progress: number;
  progressText: string | null;
  result: R | null;
  /** Why it failed, or the last error before a retry. */
  error: string | null;
  userId: number | null;
  contextSlug: string | null;
  /** Unique across the table while the job is kept (scheduled jobs: `<kind>@<period start>`). */
  key: string | null;
  /** The period start of a scheduled job. */
  scheduledFor: Date | null;
  runAt: Date;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  claimedBy: string | null;
  leaseUntil: Date | null;
}

/** What a handler gets: the job, its cancellation signal and claim-checked writes. */
export interface JobRun<P = unknown> {
  id: number;
  kind: string;
  payload: P;
  /** 1 on the first claim. */
  attempt: number;
  maxAttempts: number;
  userId: number | null;
  contextSlug: string | null;
  scheduledFor: Date | null;
  createdAt: Date;
  /**
   * Aborted when the job is cancelled, when this worker lost its lease, or when the server
   * stops (the job then goes back to the queue). Pass it on to long work.
   */
  signal: AbortSignal;
  /** Records progress (fraction clamped to 0..1); aborts the signal if this worker lost the job. */
  progress(fraction: number, text?: string): Promise<void>;
  /**
   * One transaction in which this worker's claim is checked first (the job row is locked);
   * throws JobLostError and writes nothing when the job was cancelled or taken over.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Like transaction(), and the job is completed in the same transaction with fn's value as its
   * result: the plugin's output rows and the job's state change together or not at all.
   */
  complete<R>(fn: (tx: Queryable) => Promise<R>): Promise<R>;
}

export interface JobBackoff {
  /** Wait before the second attempt; doubled for each further one. Default 5 s. */
  baseMs?: number;
  /** The longest wait. Default 10 minutes. */
  maxMs?: number;
}

export interface JobKind<P = unknown, R = unknown> {
  /**
   * Does the work. Its return value (small JSON) is stored as the result, unless it already
   * completed the job with `job.complete`. Throwing retries with back-off until maxAttempts;
   * `PermanentError` fails at once; `RetryLater` goes back to the queue without using an attempt.
   */
  handler(job: JobRun<P>): Promise<R | void>;
  /** Claims before the job fails, counting ones whose worker died. Default 3. */
  maxAttempts?: number;
  /** How long a claim holds without renewal (renewed every third of it while running). Default 30 s. */
  leaseMs?: number;
  backoff?: JobBackoff;
  /** Checked at enqueue: a payload that does not parse throws there, not in a worker later. */
  payload?: ZodType<P>;
  /**
   * Runs in the transaction that ends the job without a result (failed for good, or cancelled),
   * after the job row changed: keep a plugin's own status row in step here.
   */
  onFailure?(tx: Queryable, job: Job<P, R>): Promise<void>;
}

export interface EnqueueOptions {
  userId?: number | null;
  contextSlug?: string | null;
  /** Not before this time. */
  runAt?: Date;
  /** The caller's transaction: the job exists only if it commits. */
  tx?: Queryable;
  /** Idempotency: a second enqueue with the same key returns the first job. */
  key?: string;
}

export interface JobListFilter {
  kind?: string | string[];
  userId?: number;
  contextSlug?: string;
  state?: JobState | JobState[];
  /** Newest first; default 100. */
  limit?: number;
}

export interface ScheduleOptions<P = unknown> {
  /** A period, or five cron fields (UTC): 'month', '0 3 * * *'. */
  every: SchedulePeriod | string;
  payload?: P;
}

/** The job service as plugins see it (`core.jobs`). */
export interface Jobs {
  /** Declares a kind and its handler. Name it `<plugin id>.<job>` (e.g. 'notifications.index-report'). */
  register<P, R>(kind: string, def: JobKind<P, R>): void;
  enqueue<P>(kind: string, payload: P, opts?: EnqueueOptions): Promise<Job<P>>;
  get<P = unknown, R = unknown>(id: number): Promise<Job<P, R> | null>;
  list<P = unknown, R = unknown>(filter?: JobListFilter): Promise<Job<P, R>[]>;
  /** Cancels a queued or running job; false when it had already ended (or does not exist). */
  cancel(id: number): Promise<boolean>;
  /** One job of `kind` per period, however many servers run (the kind must be registered). */
  schedule<P>(kind: string, opts: ScheduleOptions<P>): void;
  /** Runs due jobs one by one until none is left; returns how many ran. For tests and scripts. */
  drain(opts?: { kinds?: string[] }): Promise<number>;
}
