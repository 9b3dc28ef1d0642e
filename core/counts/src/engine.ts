import { existsSync, readFileSync } from 'node:fs';
import { AsyncLocalStorage } from 'node:async_hooks';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { MANIFEST_FILE, type Manifest, type SegmentEntry } from './manifest';
import type { FunnelRow, MarketSpec, Op, Partial, Rule } from './ops';
import { chooseKernel, type KernelMode, type KernelOption } from './kernel';
import { addPartials } from './ops';
import { ShardStore } from './shardStore';
import { checkSegmentFile, SHARD_SIZE, type MembershipKind } from './storage';
import { CountsUnavailableError, PopulationLoadError } from './errors';
import { ClickHouseExecutor } from './clickhouse/executor';
import { DEFAULT_TABLES, populationVersion, type ClickHouseTables } from './clickhouse/load';
import { DEFAULT_CLICKHOUSE_TIMEOUT_MS, openRunner, type ClickHouseRunner } from './clickhouse/runner';

export { CountsUnavailableError, PopulationLoadError };

export interface EngineOptions {
  dir: string;
  /**
   * Worker threads; default: the machine's parallelism. 0 = run inline on the caller's thread
   * (tests and tools only: a server never counts on its event loop). With fewer shards than
   * workers every worker can read every shard and each call goes whole to the least busy one.
   */
  workers?: number;
  /** The most count work one call, or one request's calls together (runInCountScope), may ask for: see costOf. Default DEFAULT_COUNT_BUDGET. */
  budget?: number;
  /** The worker entry; default: worker-dev.cjs beside the sources (tsx). A bundled server passes its built worker. */
  workerScript?: string;
  /**
   * The native kernel's path: true (default) = as DISCOVERY_COUNT_KERNEL says (AVX-512 when the CPU
   * has it), 'portable' = its plain C path, false = `roaring` only (tests, comparisons).
   */
  kernel?: KernelOption;
  /**
   * Tests only: worker `worker` dies on its first `on` request, by process.exit ('exit'), an error
   * thrown outside the task ('throw') or running out of memory ('oom'). Its replacement does not.
   */
  fault?: WorkerFault;
  /**
   * Where counting runs: 'engine' (this engine's worker threads, the default) or 'clickhouse'
   * (one SQL statement per call; the population loaded by `npm run data:load-clickhouse`).
   * Default: DISCOVERY_COUNTS_BACKEND.
   */
  backend?: CountsBackendName;
  /** The ClickHouse backend: CLICKHOUSE_URL (a server, or chdb://<folder> embedded), or a runner (tests). */
  clickhouse?: { url?: string; runner?: ClickHouseRunner; tables?: ClickHouseTables; timeoutMs?: number };
}

export type CountsBackendName = 'engine' | 'clickhouse';

/** DISCOVERY_COUNTS_BACKEND: unset or 'engine' (the default), or 'clickhouse' (with CLICKHOUSE_URL). */
export function countsBackendSetting(env: NodeJS.ProcessEnv = process.env): CountsBackendName {
  const v = (env.DISCOVERY_COUNTS_BACKEND ?? '').trim() || 'engine';
  if (v !== 'engine' && v !== 'clickhouse') throw new Error(`DISCOVERY_COUNTS_BACKEND must be 'engine' or 'clickhouse' (got '${v}')`);
  return v;
}

export interface WorkerFault {
  worker: number;
  on: Op['op'] | 'memory';
  how: 'exit' | 'throw' | 'oom';
}

export interface CountOptions {
  kind?: MembershipKind;
  /** 'client/region' slice of the population; global when absent. */
  region?: string;
  filter?: Rule;
}

export interface OverlapCell {
  x: string;
  y: string;
  count: number;
  /** (X∩Y)/X × 100 */
  percent_value: number;
  /** ((|X∩Y|/|X|) / (|Y|/|population|)) × 100 */
  index_value: number;
}

export interface OverlapResult {
  population: number;
  x: { id: string; count: number }[];
  y: { id: string; count: number }[];
  cells: OverlapCell[];
}

export interface MekkoResult {
  segment_counts: Record<string, number>;
  modeled_segment_counts: Record<string, number>;
  market_counts: { matched: Record<string, number>; modeled: Record<string, number> };
  total_matched_count: number;
  total_modeled_count: number;
}

/** A funnel row's figures for one kind: per stage its people, its people in no later stage, and everyone in any stage. */
export interface FunnelCounts {
  raw: number[];
  deduped: number[];
  total: number;
}

export interface ProfileRow {
  id: string;
  count: number;
  /** Share of the audience in the segment, 0..1. */
  share: number;
  /** Share against the population's share, × 100 (100 = average). */
  index: number;
  /** Members of the segment in the population (or the region) the index compares with. */
  segment: number;
}

/** The weight of a person who is in the modeled but not the matched membership. */
export const MODELED_ONLY_WEIGHT = 0.5;

export function weightsOf(matched: number, modeled: number): number {
  return matched + MODELED_ONLY_WEIGHT * (modeled - matched);
}

export class UnknownSegmentsError extends Error {
  constructor(readonly ids: string[]) {
    super(`Unknown or no longer available segment identifiers: ${ids.join(', ')}`);
    this.name = 'UnknownSegmentsError';
  }
}

/**
 * A request asked for more count work than the budget allows (segment references × shards, see
 * costOf): refused before any of it runs. The server answers 422 with this message.
 */
export class CountBudgetError extends Error {
  readonly status = 422;
  constructor(
    /** The request's work with this call included. */
    readonly cost: number,
    readonly limit: number,
  ) {
    super(
      `This count is too large: it needs ${cost.toLocaleString('en-US')} units of work (segments and rule-group entries × population shards), over the limit of ${limit.toLocaleString('en-US')} per request. Use fewer segments, markets, audiences or rule groups.`,
    );
    this.name = 'CountBudgetError';
  }
}

/** The most work one request may ask of the engine (DISCOVERY_COUNT_BUDGET): see costOf. */
export const DEFAULT_COUNT_BUDGET = 20_000;

/**
 * The count work of one request (the server opens one per API request): every engine call made
 * inside it is charged to the same budget, and `beforeWork` runs before the first call that does
 * work (the server takes the caller's count slot there, and may refuse with a 429).
 */
export interface CountScope {
  /** Units charged so far. */
  spent: number;
  beforeWork?(): void;
}

const countScopes = new AsyncLocalStorage<CountScope>();

/** Runs fn with every engine call it makes (awaited or not) charged to `scope`. */
export function runInCountScope<T>(scope: CountScope, fn: () => T): T {
  return countScopes.run(scope, fn);
}

const refsOf = (rule?: Rule) => [...(rule?.include?.and ?? []), ...(rule?.exclude?.and ?? [])].reduce((n, g) => n + g.or.length, 0);

/**
 * The work of one operation per shard, in segment references: each id of a list, each entry of a
 * rule's OR groups (a filter counted once per membership kind it is evaluated for) and each overlap
 * cell. Each is a bitmap read and an AND/OR over one shard, which is what the time goes into
 * (measured at 1M people: 10,000 references took 100-200 ms of a worker), so cost = references ×
 * shards visited.
 */
export function costOf(op: Op): number {
  switch (op.op) {
    case 'counts':
      return op.ids.length + refsOf(op.filter);
    case 'overlap':
      return op.x.length + op.y.length + op.x.length * op.y.length + refsOf(op.filter);
    case 'rule':
      return refsOf(op.rule);
    case 'mekko':
      return op.markets.reduce((n, m) => n + m.matched.length + m.modeled.length, 0);
    case 'funnel':
      return op.rows.reduce((n, r) => n + r.matched.filter(Boolean).length + r.modeled.filter(Boolean).length, 0) + 2 * refsOf(op.filter);
    case 'profile':
      return op.ids.length + refsOf(op.audience);
  }
}

/**
 * What the server and the screens count with (core/server countsEngine()): the operations, the
 * population's manifest and the state. CountsEngine implements it over either backend: its own
 * worker threads (the default) or ClickHouse (DISCOVERY_COUNTS_BACKEND=clickhouse, CLICKHOUSE_URL),
 * which answer every operation over a set of shards with the same partial sums (ops.ts, clickhouse/sql.ts).
 */
export interface CountsBackend {
  readonly manifest: Manifest;
  readonly people: number;
  readonly budget: number;
  readonly busy: number;
  readonly threads: number;
  readonly kernel: { mode: KernelMode; status: string };
  readonly backend: { name: CountsBackendName; where: string | null; error: string | null };
  segment(id: string): SegmentEntry | undefined;
  regionKey(client: string, region: string): string | undefined;
  invalid(ids: readonly string[]): string[];
  counts(ids: string[], o?: CountOptions): Promise<Record<string, number>>;
  sumOfWeights(ids: string[], o?: Omit<CountOptions, 'kind'>): Promise<Record<string, number>>;
  overlap(x: string[], y: string[], o?: CountOptions): Promise<OverlapResult>;
  overlapWeights(x: string[], y: string[], o?: Omit<CountOptions, 'kind'>): Promise<OverlapResult>;
  ruleCount(rule: Rule, o?: Omit<CountOptions, 'filter'>): Promise<number>;
  mekko(markets: MarketSpec[], region?: string, filter?: Rule): Promise<MekkoResult>;
  funnels(rows: FunnelRow[], o?: { region?: string; filter?: Rule }): Promise<{ matched: FunnelCounts; modeled: FunnelCounts }[]>;
  profile(audience: Rule | undefined, ids: string[], o?: Omit<CountOptions, 'filter'>): Promise<{ audience: number; population: number; rows: ProfileRow[] }>;
  health(): { restarts: number; failure: string | null };
  memory(): Promise<{ threads: number; bitmaps: number; bytes: number; kernel: string; kernelMode: KernelMode }>;
  close(): Promise<void>;
}

interface Executor {
  run(op: Op, shards: number[]): Promise<Partial | null>;
  /** Calls sent and not answered yet. */
  readonly busy: number;
  memory(): Promise<{ bitmaps: number; bytes: number }>;
  close(): Promise<void>;
  /** Workers that died and were replaced. */
  readonly restarts: number;
  /** Why this executor no longer answers (its workers kept dying), or null. */
  readonly failure: string | null;
}

class InlineExecutor implements Executor {
  constructor(private readonly store: ShardStore) {}
  async run(op: Op, shards: number[]) {
    return this.store.run(op, shards);
  }
  async memory() {
    return this.store.memory();
  }
  async close() {
    this.store.close();
  }
  readonly busy = 0;
  readonly restarts = 0;
  readonly failure = null;
}

/** Deaths in a row, with no answer in between, after which a worker slot stops being refilled. */
const MAX_DEATHS_IN_A_ROW = 3;

/**
 * One worker thread and the requests it is answering. When the thread dies, every request it held
 * is rejected once with CountsUnavailableError (the caller's 503) and a new thread takes its place;
 * a thread that keeps dying before answering anything leaves the slot failed, with the reason.
 */
class WorkerExecutor implements Executor {
  private next = 1;
  private pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private worker!: Worker;
  private closing = false;
  private deathsInARow = 0;
  restarts = 0;
  failure: string | null = null;

  constructor(private readonly spawn: (first: boolean) => Worker) {
    this.start(true);
  }

  get busy(): number {
    return this.pending.size;
  }

  private start(first: boolean): void {
    const w = this.spawn(first);
    this.worker = w;
    let reason: string | null = null;
    w.on('message', (m: { id: number; partial?: Partial | null; memory?: unknown; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.deathsInARow = 0;
      this.pending.delete(m.id);
      if (m.error) p.reject(new Error(m.error));
      else p.resolve(m.memory ?? m.partial ?? null);
    });
    // 'error' (an uncaught error, out of memory) is followed by 'exit'; the exit does the rest.
    w.on('error', (e: Error & { code?: string }) => {
      reason = e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'it ran out of memory' : `it failed: ${e.message}`;
    });
    w.on('exit', (code) => {
      if (this.closing || w !== this.worker) return;
      this.died(reason ?? `it exited with code ${code}`);
    });
  }

  private died(reason: string): void {
    const err = new CountsUnavailableError(`A count worker stopped while answering (${reason}); it has been replaced. Please try again.`);
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    this.deathsInARow++;
    if (this.deathsInARow >= MAX_DEATHS_IN_A_ROW) {
      this.failure = `count workers stopped ${this.deathsInARow} times in a row, last because ${reason}`;
      return;
    }
    this.restarts++;
    this.start(false);
  }

  private send<T>(msg: object): Promise<T> {
    if (this.failure) return Promise.reject(new CountsUnavailableError(`Audience counts are unavailable: ${this.failure}.`));
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, ...msg });
    });
  }
  run(op: Op, shards: number[]) {
    return this.send<Partial | null>({ op, shards });
  }
  memory() {
    return this.send<{ bitmaps: number; bytes: number }>({ memory: true });
  }
  async close() {
    this.closing = true;
    for (const p of this.pending.values()) p.reject(new CountsUnavailableError('The count engine was closed.'));
    this.pending.clear();
    await this.worker.terminate();
  }
}

/** Reads the manifest and checks every segment file's frame, so a damaged population fails at open with its reason. */
function readPopulation(dir: string): Manifest {
  const manifest = readManifest(dir);
  const bad: string[] = [];
  for (const s of manifest.segments) {
    for (const kind of ['matched', 'modeled'] as const) {
      const problem = checkSegmentFile(join(dir, kind, `${s.short_id}.bin`), manifest.shards);
      if (problem) bad.push(problem);
    }
  }
  if (bad.length)
    throw new PopulationLoadError(`${bad.length} damaged segment file(s) in ${dir}: ${bad.slice(0, 3).join('; ')}${bad.length > 3 ? '; ...' : ''}`);
  return manifest;
}

/** The manifest alone (the ClickHouse backend needs no segment files on this host). */
function readManifest(dir: string): Manifest {
  const file = join(dir, MANIFEST_FILE);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch (e) {
    throw new PopulationLoadError(`${file}: ${(e as Error).message}`);
  }
  if (
    manifest?.version !== 1 ||
    !Number.isInteger(manifest.people) ||
    !Number.isInteger(manifest.shards) ||
    !Array.isArray(manifest.segments) ||
    !Array.isArray(manifest.regions)
  ) {
    throw new PopulationLoadError(`${file}: not a population manifest (version 1 with people, shards, segments and regions)`);
  }
  return manifest;
}

/**
 * The audience count engine: sharded roaring bitmaps, each shard's work independent, spread over
 * a worker-thread pool and summed. Every answer is a count over people.
 */
export class CountsEngine implements CountsBackend {
  private readonly byId: Map<string, SegmentEntry>;
  private readonly shardsOf: number[][];
  /** Fewer shards than workers: every worker reads every shard, and a call goes whole to the least busy one. */
  private readonly whole: boolean;
  readonly budget: number;

  private constructor(
    readonly manifest: Manifest,
    private readonly executors: Executor[],
    private readonly kernelInfo: { mode: KernelMode; status: string },
    budget = DEFAULT_COUNT_BUDGET,
  ) {
    this.byId = new Map(manifest.segments.map((s) => [s.short_id, s]));
    this.whole = executors.length > 1 && manifest.shards < executors.length;
    const all = Array.from({ length: manifest.shards }, (_, s) => s);
    this.shardsOf = executors.map((_, i) => (this.whole ? all : all.filter((s) => s % executors.length === i)));
    if (!(Number.isFinite(budget) && budget > 0)) throw new Error(`the count budget must be a positive number (got ${budget})`);
    this.budget = budget;
  }

  static exists(dir: string): boolean {
    return existsSync(join(dir, MANIFEST_FILE));
  }

  /** Opens a population; a damaged one (PopulationLoadError) or a bad DISCOVERY_COUNT_KERNEL throws with the reason. */
  static async open(opts: EngineOptions): Promise<CountsEngine> {
    if ((opts.backend ?? countsBackendSetting()) === 'clickhouse') return CountsEngine.openClickHouse(opts);
    const { mode, status } = chooseKernel(opts.kernel);
    const manifest = readPopulation(opts.dir);
    const n = Math.max(0, Math.floor(opts.workers ?? availableParallelism()));
    const kernelInfo = { mode, status };
    // Inline only when asked for (tests, tools): one shard is no reason to count on the caller's thread.
    if (n === 0) return new CountsEngine(manifest, [new InlineExecutor(new ShardStore(opts.dir, manifest, { kernel: opts.kernel }))], kernelInfo, opts.budget);
    const script = opts.workerScript ?? join(__dirname, 'worker-dev.cjs');
    const executors: Executor[] = [];
    for (let i = 0; i < n; i++) {
      const fault = opts.fault?.worker === i ? opts.fault : undefined;
      executors.push(
        new WorkerExecutor(
          (first) =>
            new Worker(script, {
              workerData: { dir: opts.dir, kernel: opts.kernel, fault: first ? fault : undefined },
              // An 'oom' fault needs a heap that fills up in a moment.
              resourceLimits: first && fault?.how === 'oom' ? { maxOldGenerationSizeMb: 48 } : undefined,
            }),
        ),
      );
    }
    return new CountsEngine(manifest, executors, kernelInfo, opts.budget);
  }

  /**
   * The ClickHouse backend over a population loaded by `npm run data:load-clickhouse`: this
   * host needs the manifest only. PopulationLoadError when ClickHouse does not answer or holds
   * another version of the population.
   */
  private static async openClickHouse(opts: EngineOptions): Promise<CountsEngine> {
    const manifest = readManifest(opts.dir);
    const version = populationVersion(opts.dir);
    const ch = opts.clickhouse ?? {};
    const url = ch.url ?? process.env.CLICKHOUSE_URL;
    if (!ch.runner && !url) throw new PopulationLoadError('DISCOVERY_COUNTS_BACKEND=clickhouse needs CLICKHOUSE_URL (http://host:8123 or chdb://<folder>)');
    const timeoutMs = ch.timeoutMs ?? (Number(process.env.CLICKHOUSE_TIMEOUT_MS) || DEFAULT_CLICKHOUSE_TIMEOUT_MS);
    const runner = ch.runner ?? (await openRunner(url!, timeoutMs));
    const cluster = process.env.CLICKHOUSE_CLUSTER;
    const tables =
      ch.tables ?? (cluster ? { ...DEFAULT_TABLES, bitmaps: 'discovery_bitmaps_local', insertInto: 'discovery_bitmaps', cluster } : DEFAULT_TABLES);
    const executor = await ClickHouseExecutor.open(runner, version, tables);
    return new CountsEngine(manifest, [executor], { mode: 'clickhouse', status: `ClickHouse (${runner.where}, population ${version})` }, opts.budget);
  }

  /** Which backend answers and, for ClickHouse, where and its last error. */
  get backend(): { name: CountsBackendName; where: string | null; error: string | null } {
    const ch = this.executors[0] instanceof ClickHouseExecutor ? this.executors[0] : null;
    return ch ? { name: 'clickhouse', where: ch.runner.where, error: ch.failure ?? ch.lastError } : { name: 'engine', where: null, error: null };
  }

  /** An inline engine over files with a manifest given by the caller (tests, tools). */
  static async fromManifest(dir: string, manifest: Manifest, kernel?: KernelOption): Promise<CountsEngine> {
    const { mode, status } = chooseKernel(kernel);
    return new CountsEngine(manifest, [new InlineExecutor(new ShardStore(dir, manifest, { kernel }))], { mode, status });
  }

  /** Calls sent to the worker threads and not answered yet (always 0 inline). */
  get busy(): number {
    return this.executors.reduce((n, e) => n + e.busy, 0);
  }

  /** Worker threads counting (0: inline, tests and tools only). */
  get threads(): number {
    return this.executors.some((e) => e instanceof WorkerExecutor) ? this.executors.length : 0;
  }

  get people(): number {
    return this.manifest.people;
  }

  /** The segment, or undefined when unknown or no longer available (deleted). */
  segment(id: string): SegmentEntry | undefined {
    const s = this.byId.get(id);
    return s && !s.deleted ? s : undefined;
  }

  /** The population slice of a hierarchy region ('client/region'), when the population has one. */
  regionKey(client: string, region: string): string | undefined {
    const key = `${client}/${region}`;
    return this.manifest.regions.some((r) => r.key === key) ? key : undefined;
  }

  /** Identifiers in the list that are unknown or deleted. */
  invalid(ids: readonly string[]): string[] {
    return [...new Set(ids.filter((id) => !this.segment(id)))];
  }

  private check(ids: readonly string[]): void {
    const bad = this.invalid(ids);
    if (bad.length) throw new UnknownSegmentsError(bad);
  }

  private ruleIds(rule?: Rule): string[] {
    return [...(rule?.include?.and ?? []), ...(rule?.exclude?.and ?? [])].flatMap((g) => g.or);
  }

  /** A region is a contiguous slice of person ids: only the shards it touches hold its people. */
  private regionShards(region?: string): (s: number) => boolean {
    if (!region) return () => true;
    const slice = this.manifest.regions.find((r) => r.key === region);
    if (!slice) throw new Error(`unknown region '${region}'`);
    const first = Math.floor(slice.start / SHARD_SIZE);
    const last = Math.ceil(slice.end / SHARD_SIZE);
    return (s) => s >= first && s < last;
  }

  /**
   * Charges the operation to the request's budget (or, outside a request, to a budget of its own)
   * before anything runs: CountBudgetError past the limit.
   */
  private charge(op: Op, shards: number): void {
    const scope = countScopes.getStore();
    const cost = costOf(op) * Math.max(1, shards);
    const total = (scope?.spent ?? 0) + cost;
    if (total > this.budget) throw new CountBudgetError(total, this.budget);
    if (!scope) return;
    scope.beforeWork?.();
    scope.spent = total;
  }

  private async run(op: Op): Promise<Partial> {
    // A slot whose workers keep dying fails the engine (health() and the population say so), even
    // for a region whose shards sit on the other slots: every call then gets the same answer.
    const failure = this.health().failure;
    if (failure) throw new CountsUnavailableError(`Audience counts are unavailable: ${failure}.`);
    const inRegion = this.regionShards(op.region);
    const touched = Array.from({ length: this.manifest.shards }, (_, s) => s).filter(inRegion).length;
    this.charge(op, touched);
    if (this.whole) {
      // Each worker reads every shard: the whole call to the one with the fewest calls waiting.
      const e = this.executors.reduce((a, b) => (b.busy < a.busy ? b : a));
      return (await e.run(op, this.shardsOf[0].filter(inRegion))) ?? [];
    }
    const parts = await Promise.all(
      this.executors.map((e, i) => {
        const shards = this.shardsOf[i].filter(inRegion);
        return shards.length ? e.run(op, shards) : Promise.resolve(null);
      }),
    );
    let out: Partial | null = null;
    for (const p of parts) if (p) out = addPartials(out, p);
    return out ?? [];
  }

  async counts(ids: string[], o: CountOptions = {}): Promise<Record<string, number>> {
    this.check([...ids, ...this.ruleIds(o.filter)]);
    if (!ids.length) return {};
    if (!o.filter && !o.region) {
      // Whole-population sizes are in the manifest, taken from the same bitmaps when they were written.
      const kind = o.kind ?? 'matched';
      return Object.fromEntries(ids.map((id) => [id, this.byId.get(id)![kind]]));
    }
    const r = await this.run({ op: 'counts', kind: o.kind ?? 'matched', ids, region: o.region, filter: o.filter });
    return Object.fromEntries(ids.map((id, i) => [id, r[i]]));
  }

  /**
   * Tier 3's 'Sum of Weights' (A-18, A-32): a matched member weighs 1 and a modeled-only member
   * MODELED_ONLY_WEIGHT, so the sum is |matched| + 0.5 × |modeled \ matched| = 0.5 × (|matched| + |modeled|).
   */
  async sumOfWeights(ids: string[], o: Omit<CountOptions, 'kind'> = {}): Promise<Record<string, number>> {
    const [m, md] = await Promise.all([this.counts(ids, { ...o, kind: 'matched' }), this.counts(ids, { ...o, kind: 'modeled' })]);
    return Object.fromEntries(ids.map((id) => [id, weightsOf(m[id], md[id])]));
  }

  /**
   * The overlap in tier 3's 'Sum of Weights' (A-32, OVL-022 'Modeled'): every count, each cell's
   * |X∩Y| included, is weightsOf(matched, modeled), and the shares and indexes are taken over those.
   */
  async overlapWeights(x: string[], y: string[], o: Omit<CountOptions, 'kind'> = {}): Promise<OverlapResult> {
    const [m, md] = await Promise.all([this.overlap(x, y, { ...o, kind: 'matched' }), this.overlap(x, y, { ...o, kind: 'modeled' })]);
    const w = (a: { id: string; count: number }[], b: { count: number }[]) => a.map((e, i) => ({ ...e, count: weightsOf(e.count, b[i].count) }));
    const xc = w(m.x, md.x);
    const yc = w(m.y, md.y);
    const population = m.population;
    const cells = m.cells.map((c, k) => {
      const count = weightsOf(c.count, md.cells[k].count);
      const xi = xc[Math.floor(k / y.length)];
      const yj = yc[k % y.length];
      const share = xi.count ? count / xi.count : 0;
      const base = population ? yj.count / population : 0;
      return { x: c.x, y: c.y, count, percent_value: share * 100, index_value: base ? (share / base) * 100 : 0 };
    });
    return { population, x: xc, y: yc, cells };
  }

  async overlap(x: string[], y: string[], o: CountOptions = {}): Promise<OverlapResult> {
    this.check([...x, ...y, ...this.ruleIds(o.filter)]);
    const r = await this.run({ op: 'overlap', kind: o.kind ?? 'matched', x, y, region: o.region, filter: o.filter });
    const population = r[0];
    const xc = x.map((id, i) => ({ id, count: r[1 + i] }));
    const yc = y.map((id, j) => ({ id, count: r[1 + x.length + j] }));
    const cells: OverlapCell[] = [];
    let k = 1 + x.length + y.length;
    for (const xi of xc) {
      for (const yj of yc) {
        const count = r[k++];
        const share = xi.count ? count / xi.count : 0;
        const base = population ? yj.count / population : 0;
        cells.push({ x: xi.id, y: yj.id, count, percent_value: share * 100, index_value: base ? (share / base) * 100 : 0 });
      }
    }
    return { population, x: xc, y: yc, cells };
  }

  async ruleCount(rule: Rule, o: Omit<CountOptions, 'filter'> = {}): Promise<number> {
    this.check(this.ruleIds(rule));
    const r = await this.run({ op: 'rule', kind: o.kind ?? 'matched', rule, region: o.region });
    return r[0] ?? 0;
  }

  /** Per market the union of its sub-markets, matched and modeled; within a region and a filter when given. */
  async mekko(markets: MarketSpec[], region?: string, filter?: Rule): Promise<MekkoResult> {
    this.check([...markets.flatMap((m) => [...m.matched, ...m.modeled]), ...this.ruleIds(filter)]);
    const r = await this.run({ op: 'mekko', markets, region, filter });
    const out: MekkoResult = {
      segment_counts: {},
      modeled_segment_counts: {},
      market_counts: { matched: {}, modeled: {} },
      total_matched_count: r[0] ?? 0,
      total_modeled_count: r[1] ?? 0,
    };
    let k = 2;
    for (const m of markets) {
      out.market_counts.matched[m.id] = r[k++] ?? 0;
      out.market_counts.modeled[m.id] = r[k++] ?? 0;
    }
    for (const m of markets) {
      // Within a region or a filter the shards counted each sub-market; the whole population's are in the manifest.
      const counted = !!(region || filter);
      for (const id of m.matched) out.segment_counts[id] = counted ? (r[k++] ?? 0) : this.byId.get(id)!.matched;
      for (const id of m.modeled) out.modeled_segment_counts[id] = counted ? (r[k++] ?? 0) : this.byId.get(id)!.modeled;
    }
    return out;
  }

  /**
   * Funnels (Journeys, JRN-017): for each row of stage segments, per stage its people and its
   * people in none of the row's later stages, and the row's people in any stage, matched and
   * modeled, within the region and the filter. One pass over the shards for all rows.
   */
  async funnels(rows: FunnelRow[], o: { region?: string; filter?: Rule } = {}): Promise<{ matched: FunnelCounts; modeled: FunnelCounts }[]> {
    this.check([...rows.flatMap((r) => [...r.matched, ...r.modeled].filter((x): x is string => !!x)), ...this.ruleIds(o.filter)]);
    if (!rows.length) return [];
    const r = await this.run({ op: 'funnel', rows, region: o.region, filter: o.filter });
    let k = 0;
    const take = (n: number): FunnelCounts => {
      const raw = Array.from({ length: n }, (_, i) => r[k + i] ?? 0);
      const deduped = Array.from({ length: n }, (_, i) => r[k + n + i] ?? 0);
      const total = r[k + 2 * n] ?? 0;
      k += 2 * n + 1;
      return { raw, deduped, total };
    };
    return rows.map((row) => ({ matched: take(row.matched.length), modeled: take(row.modeled.length) }));
  }

  async profile(
    audience: Rule | undefined,
    ids: string[],
    o: Omit<CountOptions, 'filter'> = {},
  ): Promise<{ audience: number; population: number; rows: ProfileRow[] }> {
    this.check([...ids, ...this.ruleIds(audience)]);
    const r = await this.run({ op: 'profile', kind: o.kind ?? 'matched', audience, ids, region: o.region });
    const population = r[0] ?? 0;
    const size = r[1] ?? 0;
    const rows = ids.map((id, i) => {
      const seg = r[2 + i] ?? 0;
      const count = r[2 + ids.length + i] ?? 0;
      const share = size ? count / size : 0;
      const base = population ? seg / population : 0;
      return { id, count, share, index: base ? (share / base) * 100 : 0, segment: seg };
    });
    return { audience: size, population, rows };
  }

  /** How overlaps and mekkos run in this engine: mode 'avx512', 'portable' or 'roaring', and why. */
  get kernel(): { mode: KernelMode; status: string } {
    return this.kernelInfo;
  }

  /** Worker threads replaced after dying, and why the engine no longer answers (workers kept dying), or null. */
  health(): { restarts: number; failure: string | null } {
    return { restarts: this.executors.reduce((s, e) => s + e.restarts, 0), failure: this.executors.find((e) => e.failure)?.failure ?? null };
  }

  /** Shard bitmaps held and their bytes over every thread, and how overlaps and mekkos run ('native (AVX-512)', 'native (portable C: ...)' or 'roaring (why)'). */
  async memory(): Promise<{ threads: number; bitmaps: number; bytes: number; kernel: string; kernelMode: KernelMode }> {
    const all = await Promise.all(this.executors.map((e) => e.memory()));
    return {
      threads: all.length,
      bitmaps: all.reduce((s, m) => s + m.bitmaps, 0),
      bytes: all.reduce((s, m) => s + m.bytes, 0),
      kernel: this.kernelInfo.status,
      kernelMode: this.kernelInfo.mode,
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.executors.map((e) => e.close()));
  }
}
