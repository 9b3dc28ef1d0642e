/**
 * npm run bench:scenario-planner -- [--runs 30] [--curves 100] [--imports 40]
 *
 * Scenario Planner Management on the built `full` server (embedded PGlite, its job runner as
 * configured: 2 at a time, polled every second), signed in as the planner, over HTTP:
 *   1. create_curves with --curves curves (one in ten invalid): p50/p95 of the round trip; every
 *      other call first saves a generic set, so the upload replaces it (inserting every curve); the
 *      others update the saved curves by id.
 *   2. GET curves and GET status_import: p50/p95.
 *   3. --imports plan imports through core jobs and the demo planning service (no delay): the
 *      time to post them all, and until every one is settled (Complete or Failed).
 */
import { build } from './build';
import { quantile, signIn, startBenchServer } from './lib/bench';
import { argValue } from './lib/workspace';

const args = process.argv.slice(2);
const RUNS = Number(argValue(args, '--runs') ?? 30);
const CURVES = Number(argValue(args, '--curves') ?? 100);
const IMPORTS = Number(argValue(args, '--imports') ?? 40);
const CONTEXT = 'acme/us/fizz-cola/fizz-zero';

const pct = (xs: number[], p: number) => quantile(xs, p / 100);
const ms = (n: number) => `${n.toFixed(1)} ms`;

interface Node {
  id: number;
  fullSlug?: string;
  [k: string]: unknown;
}
/** The node of a hierarchy answer whose fullSlug is `slug`, wherever it sits. */
function findNode(v: unknown, slug: string): Node | null {
  if (Array.isArray(v)) {
    for (const x of v) {
      const hit = findNode(x, slug);
      if (hit) return hit;
    }
  } else if (v && typeof v === 'object') {
    if ((v as Node).fullSlug === slug) return v as Node;
    for (const x of Object.values(v)) {
      const hit = findNode(x, slug);
      if (hit) return hit;
    }
  }
  return null;
}

async function main() {
  const built = await build('full');
  const server = await startBenchServer(built.serverFile, {
    env: { DISCOVERY_PLANNING_DEMO_DELAY_MS: '0', DISCOVERY_JOBS_MAX_PER_USER: String(IMPORTS + 10), DISCOVERY_JOBS_MAX_PER_CLIENT: String(IMPORTS + 10) },
  });
  try {
    const session = await signIn(server.url, 'planner@example.com', CONTEXT);
    const headers = (json: boolean) => session.headers({ json });
    const tree = await (await fetch(`${server.url}/api/v1/hierarchy`, { headers: headers(false) })).json();
    const p = findNode(tree, CONTEXT);
    if (!p) throw new Error(`no product ${CONTEXT} in the hierarchy`);
    const base = `${server.url}/api/v1/scenario-planner`;
    /** The answer, typed as the caller reads it (the server's DTO of that route). */
    const call = async <T = unknown>(method: string, path: string, body?: unknown) => {
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, { method, headers: headers(body !== undefined), body: body === undefined ? undefined : JSON.stringify(body) });
      const json = (await res.json()) as T;
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return { ms: performance.now() - t0, json };
    };
    const curves = (ids: number[] = []) =>
      Array.from({ length: CURVES }, (_, i) => ({
        ...(ids[i] ? { id: ids[i] } : {}),
        key: `k${i}`,
        media_type: `Media ${i}`,
        curve_type_name: i % 3 === 0 ? 'TRP' : 'S-Curve',
        is_generic: false,
        params: {
          Base: '0',
          Slope: '0.02',
          Acceleration: String(50 + i),
          Asymptote: i % 10 === 9 ? 'x' : '60',
          Asymmetry: '1',
          CppOrCpm: i % 3 === 0 ? 0 : 1,
          CPP: '2',
        },
      }));

    const create: number[] = [];
    let ids: number[] = [];
    for (let r = 0; r < RUNS + 3; r++) {
      // Every other run saves the generic set first, so the uploaded save removes it.
      if (r % 2) {
        await call('POST', `/products/${p.id}/create_curves`, [{ media_type: 'Social', curve_type_name: 'S-Curve', is_generic: true, params: {} }]);
        // The generic set replaced every curve of the product: the next upload inserts them again.
        ids = [];
      }
      const out = await call<{ curves: { id: number; key: string }[]; error_messages: Record<string, unknown> }>(
        'POST',
        `/products/${p.id}/create_curves`,
        curves(ids),
      );
      const saved = out.json.curves;
      if (Object.keys(out.json.error_messages).length !== Math.floor(CURVES / 10)) throw new Error('unexpected error_messages');
      ids = Array.from({ length: CURVES }, (_, i) => saved.find((c) => c.key === `k${i}`)?.id ?? 0);
      if (r >= 3) create.push(out.ms);
    }
    const list: number[] = [];
    const status: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      list.push((await call('GET', `/products/${p.id}/curves`)).ms);
      status.push((await call('GET', '/status_import')).ms);
    }
    const t0 = performance.now();
    const postedIds = new Set<number>();
    for (let i = 0; i < IMPORTS; i++)
      postedIds.add((await call<{ data: { id: number } }>('POST', '/import_scenario', { sp_plan_id: i % 4 === 3 ? 'SP-4090' : 'SP-1002' })).json.data.id);
    const posted = performance.now() - t0;
    let counts = { ok: 0, failed: 0, pending: IMPORTS };
    while (counts.pending > 0) {
      if (performance.now() - t0 > 180_000) throw new Error('imports still pending after 3 minutes');
      await new Promise((r) => setTimeout(r, 100));
      // Only this run's imports (the demo seed holds two of its own).
      const list = (await call<{ data: { id: number; import_success: boolean | null }[] }>('GET', '/status_import')).json.data.filter((r) =>
        postedIds.has(r.id),
      );
      counts = {
        ok: list.filter((r) => r.import_success === true).length,
        failed: list.filter((r) => r.import_success === false).length,
        pending: list.filter((r) => r.import_success === null).length,
      };
    }
    const settled = performance.now() - t0;
    console.log(`scenario-planner bench (built full server, embedded PGlite, ${RUNS} runs)`);
    console.log(`create_curves, ${CURVES} curves (${Math.floor(CURVES / 10)} invalid): p50 ${ms(pct(create, 50))}, p95 ${ms(pct(create, 95))}`);
    console.log(`GET curves (${CURVES - Math.floor(CURVES / 10)} rows): p50 ${ms(pct(list, 50))}, p95 ${ms(pct(list, 95))}`);
    console.log(`GET status_import: p50 ${ms(pct(status, 50))}, p95 ${ms(pct(status, 95))}`);
    console.log(
      `imports: ${IMPORTS} posted in ${ms(posted)}; all settled ${ms(settled)} after the first post (${((IMPORTS / settled) * 1000).toFixed(1)}/s); complete ${counts.ok}, failed ${counts.failed}`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
