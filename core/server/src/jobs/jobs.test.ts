import { defineServerPlugin } from '@discovery/plugin-api';
import { createTestServer, type TestServer } from '@discovery/test-utils/server';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { openDatabase, type Database } from '../db';
import type { ServerCore } from '../types';
import { JobLostError, JobService, PermanentError, RetryLater, type Job, type JobKind } from './index';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const silent = { error: () => undefined, warn: () => undefined };

/** Waits until check() holds (polling), or fails naming what was awaited. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 5000) {
  const t0 = Date.now();
  while (!(await check())) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Resolves when the signal aborts. */
const aborted = (signal: AbortSignal) => new Promise<void>((r) => (signal.aborted ? r() : signal.addEventListener('abort', () => r(), { once: true })));

describe('core job service (core.jobs) on the server database', () => {
  let s: TestServer;
  let jobs: JobService;
  let plannerId: number;
  const extra: { db?: Database }[] = [];
  let n = 0;
  /** A fresh kind per test, so drains and lists see only that test's jobs. */
  const kind = () => `test.kind-${++n}`;
  /** Another runner on the same database, as another server process would be. */
  const worker = (opts: ConstructorParameters<typeof JobService>[1] = {}) => new JobService(s.server.db, { log: silent, ...opts });

  beforeAll(async () => {
    s = await createTestServer();
    jobs = s.server.jobs;
    [{ id: plannerId }] = await s.core.query<{ id: number }>("select id from users where email = 'planner@example.com'");
  });
  afterAll(async () => {
    for (const e of extra) await e.db?.close();
    await s.close();
  });

  it('runs a queued job once and stores its result, progress, times and owner', async () => {
    const k = kind();
    const seen: Job[] = [];
    jobs.register<{ a: number; b: number }, { sum: number }>(k, {
      async handler(job) {
        await job.progress(0.5, 'half way');
        seen.push((await jobs.get(job.id))!);
        return { sum: job.payload.a + job.payload.b };
      },
    });
    const queued = await jobs.enqueue(k, { a: 2, b: 3 }, { userId: plannerId, contextSlug: 'acme/us' });
    expect(queued).toMatchObject({
      kind: k,
      state: 'queued',
      attempts: 0,
      payload: { a: 2, b: 3 },
      userId: plannerId,
      contextSlug: 'acme/us',
      startedAt: null,
    });
    expect(await jobs.drain({ kinds: [k] })).toBe(1);
    expect(seen[0]).toMatchObject({ state: 'running', progress: 0.5, progressText: 'half way', attempts: 1 });
    expect(seen[0].leaseUntil!.getTime()).toBeGreaterThan(Date.now());
    const done = (await jobs.get<unknown, { sum: number }>(queued.id))!;
    expect(done).toMatchObject({ state: 'completed', result: { sum: 5 }, progress: 1, attempts: 1, error: null, leaseUntil: null });
    expect(done.finishedAt!.getTime()).toBeGreaterThanOrEqual(done.startedAt!.getTime());
    expect(await jobs.drain({ kinds: [k] })).toBe(0);
    // read back by kind and owner
    expect((await jobs.list({ kind: k, userId: plannerId })).map((j) => j.id)).toEqual([queued.id]);
    expect(await jobs.list({ kind: k, userId: plannerId + 1000 })).toEqual([]);
    expect((await jobs.list({ kind: [k], state: ['completed'], contextSlug: 'acme/us' })).length).toBe(1);
  });

  it('enqueues inside the caller’s transaction: a rolled-back save leaves no job; a key enqueues once', async () => {
    const k = kind();
    jobs.register(k, { handler: async () => undefined });
    await expect(
      s.core.transaction(async (tx) => {
        await jobs.enqueue(k, { n: 1 }, { tx });
        throw new Error('the save failed');
      }),
    ).rejects.toThrow('the save failed');
    expect(await jobs.list({ kind: k })).toEqual([]);
    const committed = await s.core.transaction((tx) => jobs.enqueue(k, { n: 2 }, { tx }));
    expect((await jobs.list({ kind: k })).map((j) => j.id)).toEqual([committed.id]);
    const first = await jobs.enqueue(k, { n: 3 }, { key: `${k}:upload-7` });
    const again = await jobs.enqueue(k, { n: 4 }, { key: `${k}:upload-7` });
    expect(again.id).toBe(first.id);
    expect(again.payload).toEqual({ n: 3 });
  });

  it('retries a throwing handler with exponential back-off, then fails with the last error after maxAttempts', async () => {
    const k = kind();
    const failures: Job[] = [];
    jobs.register(k, {
      maxAttempts: 3,
      // long enough that the drain just after a failure finds the job not due, even on a busy machine
      backoff: { baseMs: 1000 },
      handler: async (job) => {
        throw new Error(`boom ${job.attempt}`);
      },
      onFailure: async (tx, job) => void failures.push(job),
    });
    const { id } = await jobs.enqueue(k, {});
    /** Drains once; the retry is due the back-off after the failure, which happened within the drain. */
    const drainFailing = async (attempt: number, backoff: number) => {
      const before = Date.now();
      expect(await jobs.drain({ kinds: [k] })).toBe(1);
      const after = Date.now();
      const job = (await jobs.get(id))!;
      expect(job).toMatchObject({ state: 'queued', attempts: attempt, error: `boom ${attempt}`, claimedBy: null });
      expect(job.runAt.getTime()).toBeGreaterThanOrEqual(before + backoff - 1);
      expect(job.runAt.getTime()).toBeLessThanOrEqual(after + backoff + 1);
      // not due yet
      expect(await jobs.drain({ kinds: [k] })).toBe(0);
      await sleep(job.runAt.getTime() - Date.now() + 20);
    };
    await drainFailing(1, 1000);
    await drainFailing(2, 2000);
    expect(await jobs.drain({ kinds: [k] })).toBe(1);
    expect(await jobs.get(id)).toMatchObject({ state: 'failed', attempts: 3, error: 'boom 3' });
    expect(failures.map((f) => [f.id, f.state, f.error])).toEqual([[id, 'failed', 'boom 3']]);
    expect(await jobs.drain({ kinds: [k] })).toBe(0);
  });

  it('PermanentError fails at once; RetryLater goes back to the queue without using an attempt', async () => {
    const bad = kind();
    jobs.register(bad, {
      handler: async () => {
        throw new PermanentError('segment ghost-1 is unknown');
      },
    });
    const b = await jobs.enqueue(bad, {});
    await jobs.drain({ kinds: [bad] });
    expect(await jobs.get(b.id)).toMatchObject({ state: 'failed', attempts: 1, error: 'segment ghost-1 is unknown' });

    const later = kind();
    let ready = false;
    let calls = 0;
    jobs.register(later, {
      maxAttempts: 1,
      handler: async () => {
        calls++;
        if (!ready) throw new RetryLater('population not ready', 100);
        return { ok: true };
      },
    });
    const l = await jobs.enqueue(later, {});
    for (let i = 0; i < 3; i++) {
      expect(await jobs.drain({ kinds: [later] })).toBe(1);
      expect(await jobs.get(l.id)).toMatchObject({ state: 'queued', attempts: 0 });
      await sleep(120);
    }
    ready = true;
    await jobs.drain({ kinds: [later] });
    // three releases used no attempt: a kind allowed one attempt still completes
    expect(await jobs.get(l.id)).toMatchObject({ state: 'completed', attempts: 1, result: { ok: true } });
    expect(calls).toBe(4);
  });

  it('keeps a slow job while it renews its lease, takes over one whose worker died, and a worker that lost its job cannot overwrite the new owner’s result', async () => {
    const def = (leaseMs: number, handler: JobKind<unknown, { by: string }>['handler']): JobKind<unknown, { by: string }> => ({ leaseMs, handler });
    // renewed (every third of the lease): a job running for several leases is never taken over
    const renewed = kind();
    const slow = worker();
    slow.register(
      renewed,
      def(900, async () => (await sleep(1800), { by: 'slow' })),
    );
    const thief = worker();
    thief.register(
      renewed,
      def(900, async () => ({ by: 'thief' })),
    );
    const s1 = await slow.enqueue(renewed, {});
    const running = slow.drain();
    await until('the slow job to start', async () => (await jobs.get(s1.id))!.state === 'running');
    let stolen = 0;
    while ((await jobs.get(s1.id))!.state === 'running') {
      if (await thief.claim()) stolen++;
      await sleep(40);
    }
    await running;
    expect(stolen).toBe(0);
    expect(await jobs.get(s1.id)).toMatchObject({ state: 'completed', attempts: 1, result: { by: 'slow' } });

    // died: a claim that is never renewed runs out and the job runs again. The lease is long and
    // is then run out in the database, so a busy machine's pause between two claims cannot end it
    // early (a 200 ms lease did, once, on PostgreSQL beside the e2e lanes).
    const died = kind();
    const dead = worker();
    dead.register(
      died,
      def(60_000, async () => ({ by: 'dead' })),
    );
    const d = await dead.enqueue(died, {});
    const heir = worker();
    heir.register(
      died,
      def(60_000, async () => ({ by: 'heir' })),
    );
    const claimedAt = Date.now();
    expect((await dead.claim())?.id).toBe(d.id);
    // The claim holds the kind's lease.
    expect((await jobs.get(d.id))!.leaseUntil!.getTime()).toBeGreaterThanOrEqual(claimedAt + 55_000);
    expect(await heir.claim()).toBeNull();
    await s.core.query(`update jobs set lease_until = now() - interval '1 second' where id = $1`, [d.id]);
    expect(await heir.drain()).toBe(1);
    expect(await jobs.get(d.id)).toMatchObject({ state: 'completed', attempts: 2, result: { by: 'heir' } });

    // lost: a stalled worker's lease is taken over; its late writes change nothing
    const lost = kind();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let late: unknown = null;
    let abortedAfter = false;
    const stalled = worker();
    stalled.register(
      lost,
      def(30_000, async (job) => {
        await gate;
        try {
          return await job.complete(async (tx) => {
            await tx.query(`update jobs set progress_text = 'written by the stalled worker' where id = $1`, [job.id]);
            return { by: 'stalled' };
          });
        } catch (e) {
          late = e;
          abortedAfter = job.signal.aborted;
          throw e;
        }
      }),
    );
    const newOwner = worker();
    newOwner.register(
      lost,
      def(30_000, async () => ({ by: 'new owner' })),
    );
    const l = await stalled.enqueue(lost, {});
    const stalledRun = stalled.drain();
    await until('the stalled job to start', async () => (await jobs.get(l.id))!.state === 'running');
    // its renewals did not get through (a network partition, a blocked event loop): the lease ran out
    await s.core.query(`update jobs set lease_until = now() - interval '1 second' where id = $1`, [l.id]);
    expect(await newOwner.drain()).toBe(1);
    release();
    await stalledRun;
    expect(late).toBeInstanceOf(JobLostError);
    expect(abortedAfter).toBe(true);
    expect(await jobs.get(l.id)).toMatchObject({ state: 'completed', attempts: 2, result: { by: 'new owner' }, progressText: null });
  });

  it('gives up on a job whose worker died maxAttempts times', async () => {
    const k = kind();
    const failures: Job[] = [];
    jobs.register(k, { leaseMs: 100, maxAttempts: 2, handler: async () => ({ ok: true }), onFailure: async (tx, job) => void failures.push(job) });
    const { id } = await jobs.enqueue(k, {});
    for (let i = 0; i < 2; i++) {
      const dead = worker();
      dead.register(k, { leaseMs: 100, handler: async () => undefined });
      expect((await dead.claim())?.id).toBe(id);
      await sleep(130);
    }
    await jobs.drain({ kinds: [k] });
    expect(await jobs.get(id)).toMatchObject({ state: 'failed', attempts: 3, error: 'Gave up after 2 attempts: the worker stopped while running it.' });
    expect(failures).toHaveLength(1);
  });

  it('cancel: a queued job never runs; a running one sees the abort, in this process or another, and its result is not stored', async () => {
    const k = kind();
    const ran: number[] = [];
    const ends: string[] = [];
    const handler: JobKind<unknown, { done: boolean }>['handler'] = async (job) => {
      ran.push(job.id);
      await aborted(job.signal);
      return { done: true };
    };
    const onFailure = async (_tx: unknown, job: Job) => void ends.push(`${job.id}:${job.state}`);
    jobs.register(k, { leaseMs: 300, handler, onFailure });

    const q = await jobs.enqueue(k, {});
    expect(await jobs.cancel(q.id)).toBe(true);
    expect(await jobs.cancel(q.id)).toBe(false);
    expect(await jobs.drain({ kinds: [k] })).toBe(0);
    expect(ran).toEqual([]);
    expect(await jobs.get(q.id)).toMatchObject({ state: 'cancelled', attempts: 0 });

    // running here: aborted at once
    const here = await jobs.enqueue(k, {});
    const run = jobs.drain({ kinds: [k] });
    await until('the job to run', async () => ran.includes(here.id));
    expect(await jobs.cancel(here.id)).toBe(true);
    await run;
    expect(await jobs.get(here.id)).toMatchObject({ state: 'cancelled', result: null });

    // running in another process: it finds out at its next lease renewal
    const there = await jobs.enqueue(k, {});
    const other = worker();
    other.register(k, { leaseMs: 300, handler });
    const otherRun = other.drain();
    await until('the job to run elsewhere', async () => ran.includes(there.id));
    expect(await jobs.cancel(there.id)).toBe(true);
    // The handler ends only when its signal aborts: the drain returning is the proof that the
    // other process saw the cancel (at a lease renewal), with no clock to race on a busy machine.
    await otherRun;
    expect(await jobs.get(there.id)).toMatchObject({ state: 'cancelled', result: null, progress: 0 });
    expect(ends).toEqual([`${q.id}:cancelled`, `${here.id}:cancelled`, `${there.id}:cancelled`]);
    // a finished job cannot be cancelled
    expect(await jobs.cancel(999_999_999)).toBe(false);
  });

  it('two runners on the same database never run the same job twice', async () => {
    const k = kind();
    const runs: number[] = [];
    const def: JobKind = {
      handler: async (job) => {
        runs.push(job.id);
        await sleep(5 + (job.id % 4) * 5);
      },
    };
    // on PostgreSQL each runner has its own connection pool, as separate processes would
    const url = process.env.TEST_DATABASE_URL;
    const runner = async () => {
      if (!url) return worker();
      const u = new URL(url);
      u.pathname = `/${(await s.core.query<{ db: string }>('select current_database() as db'))[0].db}`;
      const db = await openDatabase({ databaseUrl: u.toString() });
      extra.push({ db });
      return new JobService(db, { log: silent });
    };
    const runners = [await runner(), await runner(), await runner()];
    for (const r of runners) r.register(k, def);
    const ids = [];
    for (let i = 0; i < 30; i++) ids.push((await runners[0].enqueue(k, { i })).id);
    const counts = await Promise.all([...runners, ...runners].map((r) => r.drain()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    expect([...runs].sort((a, b) => a - b)).toEqual(ids);
    expect((await jobs.list({ kind: k, state: 'completed' })).length).toBe(30);
  });

  it('a scheduled kind gets one job per period however many servers schedule it', async () => {
    const k = kind();
    let clock = new Date('2024-11-15T10:00:00Z');
    const periods: (string | undefined)[] = [];
    const servers = [worker({ now: () => clock }), worker({ now: () => clock })];
    for (const w of servers) {
      w.register(k, { handler: async (job) => void periods.push(job.scheduledFor?.toISOString()) });
      w.schedule(k, { every: 'month', payload: { scope: 'all' } });
    }
    await Promise.all(servers.map((w) => w.ensureScheduled()));
    await Promise.all(servers.map((w) => w.ensureScheduled()));
    const nov = await jobs.list({ kind: k });
    expect(nov).toHaveLength(1);
    expect(nov[0]).toMatchObject({ key: `${k}@2024-11-01T00:00:00.000Z`, payload: { scope: 'all' }, state: 'queued' });
    expect(nov[0].scheduledFor!.toISOString()).toBe('2024-11-01T00:00:00.000Z');
    await Promise.all(servers.map((w) => w.drain()));
    expect(periods).toEqual(['2024-11-01T00:00:00.000Z']);

    clock = new Date('2024-12-01T00:00:30Z');
    await Promise.all(servers.map((w) => w.drain()));
    await Promise.all(servers.map((w) => w.drain()));
    expect(periods).toEqual(['2024-11-01T00:00:00.000Z', '2024-12-01T00:00:00.000Z']);

    // retention keeps a schedule's latest job, so a purged period is never run again
    await s.core.query(`update jobs set finished_at = now() - interval '40 days' where kind = $1`, [k]);
    expect(await servers[0].purge()).toBeGreaterThanOrEqual(1);
    expect((await jobs.list({ kind: k })).map((j) => j.scheduledFor!.toISOString())).toEqual(['2024-12-01T00:00:00.000Z']);
    await servers[1].drain();
    expect(periods).toHaveLength(2);
    expect(() => servers[0].schedule(k, { every: 'day' })).toThrow(/scheduled twice/);
    expect(() => worker().schedule('test.unknown', { every: 'day' })).toThrow(/not registered/);
  });

  it('refuses bad kinds, payloads and options where they are declared', async () => {
    const w = worker();
    expect(() => w.register('Index Report', { handler: async () => undefined })).toThrow(/must read '<plugin id>.<job>'/);
    expect(() => w.register('notifications', { handler: async () => undefined })).toThrow(/must read/);
    w.register('test.typed', { payload: z.object({ upload_id: z.number().int() }), handler: async () => undefined });
    expect(() => w.register('test.typed', { handler: async () => undefined })).toThrow(/registered twice/);
    expect(() => w.register('test.lease', { leaseMs: 5, handler: async () => undefined })).toThrow(/leaseMs/);
    expect(() => w.register('test.attempts', { maxAttempts: 0, handler: async () => undefined })).toThrow(/maxAttempts/);
    await expect(w.enqueue('test.typed', { upload_id: 'seven' })).rejects.toThrow();
    await expect(w.enqueue('test.nobody', {})).rejects.toThrow(/'test.nobody' is not registered/);
    expect(() => w.register('test.sched', { handler: async () => undefined })).not.toThrow();
    expect(() => w.schedule('test.sched', { every: 'fortnight' })).toThrow(/give a period/);
  });

  it('the runner starts when the server is ready, finds work by itself, and hands a running job back on close', async () => {
    let started: (() => void) | null = null;
    const probe = defineServerPlugin<ServerCore, FastifyInstance>({
      id: 'probe',
      register(_router, core) {
        core.jobs.register<{ n: number }, { twice: number }>('probe.double', { handler: async (job) => ({ twice: job.payload.n * 2 }) });
        core.jobs.register('probe.forever', {
          handler: async (job) => {
            started?.();
            await aborted(job.signal);
            throw new Error('stopped');
          },
        });
      },
    });
    const live = await createTestServer({ plugins: [probe], seed: false, jobs: { autoStart: true, pollMs: 50, log: silent } });
    try {
      const j = await live.core.jobs.enqueue('probe.double', { n: 21 });
      await until('the runner to complete the job', async () => (await live.core.jobs.get(j.id))!.state === 'completed');
      expect((await live.core.jobs.get(j.id))!.result).toEqual({ twice: 42 });
      const running = new Promise<void>((r) => (started = r));
      const f = await live.core.jobs.enqueue('probe.forever', {});
      await running;
      await live.server.jobs.stop();
      // back in the queue with its attempt given back, for the next server to take at once
      expect(await live.core.jobs.get(f.id)).toMatchObject({ state: 'queued', attempts: 0, claimedBy: null });
    } finally {
      await live.close();
    }
  });

  it('issue 25 §3: claiming is fair across clients: a client flooding the queue does not hold another client job behind its backlog', async () => {
    const k = kind();
    const order: string[] = [];
    jobs.register<{ who: string }, null>(k, {
      async handler(job) {
        order.push(job.payload.who);
        return null;
      },
    });
    const [{ id: viewerId }] = await s.core.query<{ id: number }>("select id from users where email = 'viewer@example.com'");
    // One planner of client A queues six reports; then client B's one report arrives. (Clients of
    // their own: the earlier tests' jobs of the demo clients started recently.)
    for (let i = 1; i <= 6; i++) await jobs.enqueue(k, { who: `acme-${i}` }, { userId: plannerId, contextSlug: 'fair-a/us/brand/product' });
    await jobs.enqueue(k, { who: 'globex-1' }, { userId: viewerId, contextSlug: 'fair-b/de' });
    await jobs.enqueue(k, { who: 'acme-7' }, { userId: plannerId, contextSlug: 'fair-a/us' });
    await jobs.drain({ kinds: [k] });
    // Globex's job is second, not eighth: the client whose last job started longest ago goes first.
    expect(order).toEqual(['acme-1', 'globex-1', 'acme-2', 'acme-3', 'acme-4', 'acme-5', 'acme-6', 'acme-7']);
  });

  it('issue 25 §3: quotas per user and per client on waiting and running jobs: 429 with Retry-After beyond, nothing inserted', async () => {
    const k = kind();
    jobs.register(k, { handler: async () => null });
    const capped = worker({ maxActivePerUser: 2, maxActivePerClient: 3 });
    capped.register(k, { handler: async () => null });
    const [{ id: viewerId }] = await s.core.query<{ id: number }>("select id from users where email = 'viewer@example.com'");
    const count = async () => Number((await s.core.query<{ n: number }>('select count(*)::int as n from jobs where kind = $1', [k]))[0].n);
    await capped.enqueue(k, {}, { userId: plannerId, contextSlug: 'initech/us' });
    await capped.enqueue(k, {}, { userId: plannerId, contextSlug: 'initech/us' });
    const user = await capped.enqueue(k, {}, { userId: plannerId, contextSlug: 'initech/us' }).catch((e: unknown) => e);
    expect(user).toMatchObject({
      status: 429,
      message: 'You have 2 background jobs waiting or running, the most one user may have. Please try again when some have finished.',
      headers: { 'Retry-After': '30' },
    });
    // Another user of the same client fills the client's last place, then the client is full.
    await capped.enqueue(k, {}, { userId: viewerId, contextSlug: 'initech/de' });
    const client = await capped.enqueue(k, {}, { userId: viewerId, contextSlug: 'initech' }).catch((e: unknown) => e);
    expect(client).toMatchObject({ status: 429, message: expect.stringContaining('This client has 3 background jobs waiting or running') });
    expect(await count()).toBe(3);
    // A finished job gives its place back; inside a caller's transaction the refusal rolls the caller back too.
    await capped.drain({ kinds: [k] });
    await capped.enqueue(k, {}, { userId: plannerId, contextSlug: 'initech/us' });
    expect(await count()).toBe(4);
  });
});
