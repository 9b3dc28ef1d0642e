import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './db';

/**
 * Prometheus metrics of one server (issue 32 §5), on prom-client with a registry of its own (several
 * servers in one process, as tests run them, do not share series): request rate and latency per
 * route, count engine time per route, job queue depth and age, the database pool, and Node's
 * process metrics. Served at GET /api/v1/metrics to holders of `monitoring.read` (a scraper uses an
 * API key).
 */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly requests: Histogram<'method' | 'route' | 'status'>;
  readonly countSeconds: Histogram<'route'>;
  readonly clientErrors: Counter<'kind'>;

  constructor(db: Database) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'discovery_' });
    this.requests = new Histogram({
      name: 'discovery_http_request_duration_seconds',
      help: 'HTTP requests by route template, method and status: the count is the rate, the buckets the latency.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.countSeconds = new Histogram({
      name: 'discovery_count_request_seconds',
      help: 'Time of requests that used the count engine, by route (from the first count to the answer).',
      labelNames: ['route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.clientErrors = new Counter({
      name: 'discovery_client_errors_total',
      help: 'Errors browsers forwarded (SHELL-120), by kind.',
      labelNames: ['kind'],
      registers,
    });
    new Gauge({
      name: 'discovery_jobs',
      help: 'Jobs in the queue by state (queued: waiting and due or scheduled; running: claimed).',
      labelNames: ['state'],
      registers,
      async collect() {
        const rows = await db.query<{ state: string; n: number }>(
          "select state, count(*)::int as n from jobs where state in ('queued', 'running') group by state",
        );
        for (const s of ['queued', 'running']) this.set({ state: s }, Number(rows.find((r) => r.state === s)?.n ?? 0));
      },
    });
    new Gauge({
      name: 'discovery_jobs_oldest_due_seconds',
      help: 'Age of the oldest queued job that is due (0 when none waits).',
      registers,
      async collect() {
        const [r] = await db.query<{ age: number | null }>(
          "select extract(epoch from now() - min(run_at))::float8 as age from jobs where state = 'queued' and run_at <= now()",
        );
        this.set(Math.max(0, Number(r?.age ?? 0)));
      },
    });
    new Gauge({
      name: 'discovery_db_pool_connections',
      help: 'Database connections by state (embedded PGlite: one connection, always in use).',
      labelNames: ['state'],
      registers,
      collect() {
        const s = db.poolStats();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }
}
