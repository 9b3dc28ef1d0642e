/**
 * What the `bench:*` scripts share: a generated population to count over, the built server
 * started on it, a signed-in HTTP session as a browser has it (cookie, CSRF header, X-Context),
 * figures (quantiles, Server-Timing) and a seeded random source. One place, so every bench signs in
 * and measures the same way.
 */
import { GENERATOR_VERSION, type Manifest } from '@discovery/counts';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltServer, type StartedServer } from './proc';
import { ROOT } from './workspace';

/** The folder bench:counts and the API benches share for a population of `people` made from `seed`. */
export const populationDir = (people: number, seed: number) => join(tmpdir(), `discovery-bench-${people}-${seed}`);

/** The population in `dir`, generated first when it is missing or was made for other figures. */
export function benchPopulation(people: number, seed: number, dir = populationDir(people, seed)): Manifest {
  const file = join(dir, 'manifest.json');
  let m = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
  // Another size, seed or generator version: made again (an old folder must not keep old data).
  if (m?.people !== people || m.seed !== seed || m.generator !== GENERATOR_VERSION) {
    const t0 = Date.now();
    execFileSync('npx', ['tsx', 'scripts/data-generate.ts', '--people', String(people), '--seed', String(seed), '--out', dir], { cwd: ROOT, stdio: 'inherit' });
    console.log(`generated ${people.toLocaleString('en-US')} people in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    m = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  }
  return m;
}

/** The built server on a fresh embedded database, counting over the population in `dir` when given; `stop` removes the database too. */
export async function startBenchServer(
  serverFile: string,
  opts: { population?: { dir: string; people: number; seed: number }; env?: Record<string, string> } = {},
): Promise<StartedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'discovery-bench-db-'));
  const p = opts.population;
  const server = await startBuiltServer(serverFile, {
    DISCOVERY_DATA_DIR: dataDir,
    DATABASE_URL: '',
    ...(p ? { DISCOVERY_POPULATION_DIR: p.dir, DISCOVERY_POPULATION_PEOPLE: String(p.people), DISCOVERY_POPULATION_SEED: String(p.seed) } : {}),
    ...opts.env,
  });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface BenchSession {
  /** Headers a signed-in browser sends: cookie and CSRF token, X-Context when given, JSON content type when `json`. */
  headers(opts?: { context?: string; json?: boolean }): Record<string, string>;
  /** A call in this session; the body, when given, as JSON. */
  api(method: string, path: string, body?: unknown, context?: string): Promise<Response>;
}

/** Signs in a demo user through the sign-in API and returns the session. */
export async function signIn(url: string, email: string, defaultContext?: string): Promise<BenchSession> {
  const login = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: process.env.DISCOVERY_DEMO_PASSWORD ?? 'discovery-demo' }),
  });
  if (!login.ok) throw new Error(`sign-in as ${email} failed: ${login.status} ${await login.text()}`);
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  const csrf = login.headers.get('x-csrf-token') ?? cookies.find((c) => c.startsWith('csrf-token='))?.split('=')[1] ?? '';
  const headers = ({ context = defaultContext, json = false }: { context?: string; json?: boolean } = {}) => ({
    cookie: cookies.join('; '),
    'x-csrf-token': csrf,
    ...(context ? { 'x-context': context } : {}),
    ...(json ? { 'content-type': 'application/json' } : {}),
  });
  return {
    headers,
    api: (method, path, body, context) =>
      fetch(`${url}${path}`, { method, headers: headers({ context, json: body !== undefined }), body: body === undefined ? undefined : JSON.stringify(body) }),
  };
}

/** Waits until the server's count engine has its population open (it loads at start), up to `timeoutMs`. */
export async function countsReady(session: BenchSession, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const s = (await (await session.api('GET', '/api/v1/counts/status')).json()) as { data?: { state?: string } };
    if (s.data?.state === 'ready') return;
    if (Date.now() > until) throw new Error(`population not ready: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The q-quantile (0..1) of `xs`, nearest rank; NaN for none. */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
}

/** The server's own time for an answer, from its Server-Timing header (`dur=`), NaN without one. */
export const serverMs = (res: Response) => Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);

/** A small seeded random source (xorshift32) in [0, 1): the benches pick the same selections every run. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** Runs `n` jobs with `width` at a time (`width` users each doing jobs one after another). */
export async function concurrently(width: number, n: number, job: () => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next++ < n) await job();
    }),
  );
}

/** A JSON call to the bench server with a session's headers; a non-2xx answer throws with its body. */
export type BenchCall = <T>(method: string, path: string, body?: unknown) => Promise<{ body: T; res: Response }>;

export function benchCaller(url: string, headers: Record<string, string>): BenchCall {
  return async <T>(method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return { body: (await res.json()) as T, res };
  };
}

/**
 * A 10 × 10 Grow chart built through the API as a user would: 10 markets of 10 audiences, each on
 * one of `segments` (100 distinct short ids). Answers the chart's id.
 */
export async function createBenchMekko(call: BenchCall, segments: readonly string[]): Promise<number> {
  const API = '/api/v1/insights-grow';
  const created = await call<{ result: { mekko: { id: number } } }>('POST', `${API}/mekkos`, { mekko: { name: `Bench ${Date.now()}` } });
  const id = created.body.result.mekko.id;
  for (let m = 0; m < 10; m++) {
    const market = await call<{ data: { id: number } }>('POST', `${API}/mekkos/${id}/markets`, { market: { name: `Market ${m + 1}` } });
    for (let s = 0; s < 10; s++) {
      const seg = segments[m * 10 + s];
      await call('POST', `${API}/markets/${market.body.data.id}/sub_markets`, {
        sub_market: { name: `Audience ${s + 1}`, tag: 'owned', population: String(1000 * (s + 1)), matched_short_id: seg, modeled_short_id: seg },
      });
    }
  }
  return id;
}
