/**
 * npm test: everything CI checks, in order: typecheck, plugin boundaries, lint and format, jest (unit and server
 * integration on PGlite), the server suites again on PostgreSQL when TEST_DATABASE_URL is set,
 * the create-plugin scaffold check, the full build (ONE per run: size and e2e reuse it, see
 * scripts/build.ts), what the browser downloads against its budgets (npm run size), then the
 * WebdriverIO end-to-end suites against the built app. SKIP_E2E=true leaves out the browser
 * steps. Ends with a table of the time each step took.
 */
import { availableParallelism } from 'node:os';
import { build, describeBuild } from './build';
import { run } from './lib/proc';
import { e2e } from './e2e';
import { scaffoldCheck } from './scaffold-check';
import { e2eFailures, e2eFlaky, jestFailures, jestResultsFile, jestSlowest } from './lib/failures';

interface Step {
  name: string;
  exec: () => Promise<number>;
  /** What failed, a line each, repeated under the timing table. */
  failures?: () => string[];
}

// PGlite loads its wasm through dynamic import(), which jest's VM allows only with this flag.
// One jest worker per core, not jest's default of cores − 1: on this 2-core machine that is one
// worker, and the suites (mostly waiting on PGlite, PostgreSQL and the count workers) took 353 s
// instead of 199 s (docs/decisions.md).
const workers = `--maxWorkers=${Math.max(2, availableParallelism())}`;
const jestEnv = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() };
const pglite = { ...jestEnv, TEST_DATABASE_URL: '' };

/** Jest with its results in a file (what failed, for the end of the log), then its slowest suites. */
async function jest(step: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const code = await run('npx', ['jest', '--ci', workers, ...args, '--json', `--outputFile=${jestResultsFile(step)}`], env);
  console.log(`\nslowest suites:\n${jestSlowest(jestResultsFile(step)).join('\n')}`);
  return code;
}
const steps: Step[] = [
  // The client (DOM), server (node), drivers and e2e projects (tsconfig.json); incremental, so the
  // scaffold check's typecheck (the tree plus one plugin) rechecks only what changed.
  { name: 'typecheck (client, server, drivers, e2e)', exec: () => run('npm', ['run', '--silent', 'typecheck']) },
  { name: 'check-boundaries', exec: () => run('npx', ['tsx', 'scripts/check-boundaries.ts']) },
  { name: 'lint (ESLint) and format (Prettier --check)', exec: () => run('npm', ['run', '--silent', 'lint']) },
  {
    name: 'jest (PGlite)',
    exec: () => jest('pglite', [], pglite),
    failures: () => jestFailures(jestResultsFile('pglite')),
  },
];
if (process.env.TEST_DATABASE_URL) {
  steps.push({
    name: 'jest server suites (PostgreSQL)',
    exec: () =>
      jest(
        'postgres',
        [
          '--selectProjects',
          'node',
          '--testPathPatterns',
          '(core/server|core/insights-kit/src/server|core/test-utils/src/server|host/src/server|plugins/[^/]+/src/server)/',
        ],
        jestEnv,
      ),
    failures: () => jestFailures(jestResultsFile('postgres')),
  });
}
steps.push({ name: 'create-plugin scaffold works end to end', exec: () => scaffoldCheck({ e2e: process.env.SKIP_E2E !== 'true' }) });
if (process.env.SKIP_E2E !== 'true') {
  steps.push({
    name: 'build (full), shared by size and e2e',
    exec: async () => {
      const t0 = Date.now();
      console.log(describeBuild(await build('full'), Date.now() - t0));
      return 0;
    },
  });
  steps.push({ name: 'size: JavaScript the browser downloads, against its budgets', exec: () => run('npx', ['tsx', 'scripts/size.ts']) });
  steps.push({ name: 'e2e (WebdriverIO, headless Chromium)', exec: () => e2e([]), failures: e2eFailures });
}

/** The summary: each step's result and time, its share of the run, and the total. */
function timingTable(results: { name: string; ok: boolean; ms: number }[]): string {
  const total = results.reduce((n, r) => n + r.ms, 0) || 1;
  const width = Math.max(...results.map((r) => r.name.length), 5);
  const row = (st: string, name: string, s: string, share: string) => `${st.padEnd(4)}  ${name.padEnd(width)}  ${s.padStart(8)}  ${share.padStart(5)}`;
  return [
    '\n=== summary: time per step',
    row('', 'step', 'seconds', 'share'),
    ...results.map((r) => row(r.ok ? 'PASS' : 'FAIL', r.name, (r.ms / 1000).toFixed(1), `${Math.round((100 * r.ms) / total)}%`)),
    row('', 'total', (total / 1000).toFixed(1), ''),
    `${results.filter((r) => r.ok).length} passed, ${results.filter((r) => !r.ok).length} failed`,
  ].join('\n');
}

async function main() {
  const results: { name: string; ok: boolean; ms: number; failures: string[] }[] = [];
  for (const s of steps) {
    console.log(`\n=== ${s.name}`);
    const t0 = Date.now();
    const code = await s.exec().catch((e) => {
      console.error(e instanceof Error ? e.message : e);
      return 1;
    });
    const failures = s.failures?.() ?? [];
    results.push({ name: s.name, ok: code === 0, ms: Date.now() - t0, failures: code === 0 ? [] : failures });
  }
  console.log(timingTable(results));
  // Last in the log, where a reader of CI output looks first.
  for (const r of results.filter((x) => x.failures.length)) {
    console.log(`\n=== failed in '${r.name}' (${r.failures.length})`);
    for (const f of r.failures.slice(0, 20)) console.log(`  ${f}`);
    if (r.failures.length > 20) console.log(`  … and ${r.failures.length - 20} more above`);
  }
  const flaky = process.env.SKIP_E2E !== 'true' ? e2eFlaky() : [];
  if (flaky.length) {
    console.log(`\n=== e2e attempts that failed and were run again (${flaky.length}): each is a flaky test to mend`);
    for (const f of flaky) console.log(`  ${f}`);
  }
  const failed = results.filter((r) => !r.ok).length;
  process.exit(failed ? 1 : 0);
}

void main();
