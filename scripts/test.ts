/**
 * npm test: everything CI checks, in phases; the steps of a phase run side by side (their output
 * lines prefixed with the step's tag), and a phase starts when the one before it has ended. The
 * machine's cores are kept busy: on 2 cores nearly every step is CPU-bound, so steps side by side
 * cost no more than one after the other, and the idle tail of each (one core left while the other
 * finishes) is filled (docs/decisions.md, 2026-12-07):
 *   0. `npm run create-plugin`'s output is written into the tree (scripts/scaffold-check.ts), so the
 *      tree's checks below check it too; it is removed when the run ends;
 *   1. typecheck, plugin boundaries, lint and format, beside jest: unit, client and server
 *      integration on PGlite (with TEST_DATABASE_URL set, the server suites but the database
 *      layer's wait for PostgreSQL); jest's build test makes the full build;
 *   2. the full build (ONE per run: size and e2e reuse it, see scripts/build.ts);
 *   3. the WebdriverIO end-to-end lanes against the built app (side by side, scripts/e2e.ts), beside
 *      what the browser downloads against its budgets (npm run size), the server suites on
 *      PostgreSQL when TEST_DATABASE_URL is set and the create-plugin scaffold check: the browsers
 *      leave the cores idle part of the time (they wait on pages).
 * SKIP_E2E=true leaves out the browser steps. Ends with a table of the time each step took.
 */
import { availableParallelism } from 'node:os';
import { build, describeBuild } from './build';
import { run } from './lib/proc';
import { e2e } from './e2e';
import { removeScaffold, scaffoldCheck, writeScaffold } from './scaffold-check';
import { e2eFailures, e2eFlaky, jestFailures, jestResultsFile, jestSlowest } from './lib/failures';

interface Step {
  name: string;
  /** Runs the step; `tag` is set when it runs beside another, to prefix its output lines with. */
  exec: (tag?: string) => Promise<number>;
  /** A short name for its output lines when it runs beside another step. */
  tag?: string;
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

/** A command, prefixed when it runs beside another step. */
const cmd = (c: string, args: string[], env?: NodeJS.ProcessEnv) => (tag?: string) => run(c, args, env, tag);

/** Jest with its results in a file (what failed, for the end of the log), then its slowest suites. */
async function jest(step: string, args: string[], env: NodeJS.ProcessEnv, tag?: string): Promise<number> {
  const code = await cmd('npx', ['jest', '--ci', workers, ...args, '--json', `--outputFile=${jestResultsFile(step)}`], env)(tag);
  console.log(`\n${tag ? `${tag} ` : ''}slowest suites:\n${jestSlowest(jestResultsFile(step)).join('\n')}`);
  return code;
}

const postgres = !!process.env.TEST_DATABASE_URL;
/**
 * The server suites. Those of the database layer itself run on both databases: migrations, the test
 * template and row counter, the job queue and its crash recovery, one transaction per change (the
 * audit log) and queued work under load (stall). Every other server suite (core/server's features,
 * the population cache, the plugins', the host's route walk and fuzzer and the insights kit's) runs
 * once, on PostgreSQL, production's database, when there is one (as in CI), else on PGlite. PGlite is
 * PostgreSQL's own engine compiled to WebAssembly, so their SQL means the same on both; what differs
 * is the driver (core/server db.ts), which the database layer's suites cover on both, and e2e runs
 * every route on PGlite through the built app (docs/decisions.md, 2026-12-06 and 2026-12-07).
 */
const SERVER_SUITES = '(core/server|core/test-utils/src/server|core/insights-kit/src/server|host/src/server|plugins/[^/]+/src/server)/';
const ONE_DATABASE_SUITES = [
  '(core/insights-kit/src/server|host/src/server|plugins/[^/]+/src/server)/',
  'core/server/src/(?!jobs/|(migrations|audit|stall)\\.test\\.ts$)',
  'core/test-utils/src/server/populationCache\\.test\\.ts$',
].join('|');

const phases: Step[][] = [
  // The client (DOM), server (node), drivers and e2e projects (tsconfig.json), the scaffolded
  // plugin's files among them.
  [
    { name: 'typecheck (client, server, drivers, e2e)', tag: '[tsc]', exec: cmd('npm', ['run', '--silent', 'typecheck']) },
    { name: 'check-boundaries', tag: '[boundaries]', exec: cmd('npx', ['tsx', 'scripts/check-boundaries.ts']) },
    { name: 'lint (ESLint) and format (Prettier --check)', tag: '[lint]', exec: cmd('npm', ['run', '--silent', 'lint']) },
    {
      name: `jest (PGlite)${postgres ? ", the server suites but the database layer's on PostgreSQL only" : ''}`,
      tag: '[jest]',
      exec: (tag) => jest('pglite', postgres ? ['--testPathIgnorePatterns', ONE_DATABASE_SUITES] : [], pglite, tag),
      failures: () => jestFailures(jestResultsFile('pglite')),
    },
  ],
];
/** The server suites on PostgreSQL and the scaffold check: beside e2e, or a phase of their own without it. */
const serverSuitesAndScaffold: Step[] = [
  ...(postgres
    ? [
        {
          name: 'jest server suites (PostgreSQL)',
          tag: '[postgres]',
          exec: (tag?: string) => jest('postgres', ['--selectProjects', 'node', '--testPathPatterns', SERVER_SUITES], jestEnv, tag),
          failures: () => jestFailures(jestResultsFile('postgres')),
        },
      ]
    : []),
  {
    name: 'create-plugin scaffold works end to end (its code checked with the tree)',
    tag: '[scaffold]',
    exec: (tag) => scaffoldCheck({ e2e: process.env.SKIP_E2E !== 'true', tag, inTree: true }),
  },
];
if (process.env.SKIP_E2E !== 'true') {
  phases.push([
    {
      name: 'build (full), shared by size and e2e',
      exec: async () => {
        const t0 = Date.now();
        console.log(describeBuild(await build('full'), Date.now() - t0));
        return 0;
      },
    },
  ]);
  // size counts bytes, not times, so the browsers beside it change none of its figures.
  phases.push([
    { name: 'e2e (WebdriverIO, headless Chromium)', tag: '[e2e]', exec: (tag) => e2e([], tag), failures: e2eFailures },
    { name: 'size: JavaScript the browser downloads, against its budgets', tag: '[size]', exec: cmd('npx', ['tsx', 'scripts/size.ts']) },
    ...serverSuitesAndScaffold,
  ]);
} else {
  phases.push(serverSuitesAndScaffold);
}

interface Result {
  name: string;
  ok: boolean;
  ms: number;
  failures: string[];
  /** Set on the steps of a phase that ran side by side: the phase's own time, and which phase. */
  phaseMs?: number;
  phase?: number;
}

/**
 * The summary: each step's result and time. Steps that ran side by side are marked ‖ and their
 * phase's time (the slowest of them) is what the run spent; the total is the sum of the phases.
 */
function timingTable(results: Result[], totalMs: number): string {
  const total = totalMs || 1;
  const width = Math.max(...results.map((r) => r.name.length + 2), 5);
  const row = (st: string, name: string, s: string, share: string) => `${st.padEnd(4)}  ${name.padEnd(width)}  ${s.padStart(8)}  ${share.padStart(5)}`;
  const lines: string[] = [];
  for (let i = 0; i < results.length; i++) {
    const r = results[i];
    const side = r.phaseMs !== undefined;
    lines.push(row(r.ok ? 'PASS' : 'FAIL', `${side ? '‖ ' : ''}${r.name}`, (r.ms / 1000).toFixed(1), side ? '' : `${Math.round((100 * r.ms) / total)}%`));
    if (side && results[i + 1]?.phase !== r.phase)
      lines.push(row('', '  (side by side, the slowest of them)', (r.phaseMs! / 1000).toFixed(1), `${Math.round((100 * r.phaseMs!) / total)}%`));
  }
  return [
    '\n=== summary: time per step',
    row('', 'step', 'seconds', 'share'),
    ...lines,
    row('', 'total', (totalMs / 1000).toFixed(1), ''),
    `${results.filter((r) => r.ok).length} passed, ${results.filter((r) => !r.ok).length} failed`,
  ].join('\n');
}

async function runStep(s: Step, tag?: string): Promise<Result> {
  console.log(`\n=== ${s.name}${tag ? ` (beside other steps; its lines start with ${tag})` : ''}`);
  const t0 = Date.now();
  const code = await s.exec(tag).catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    return 1;
  });
  const failures = s.failures?.() ?? [];
  const ms = Date.now() - t0;
  if (tag) console.log(`\n=== ${s.name}: ${code === 0 ? 'passed' : 'FAILED'} in ${(ms / 1000).toFixed(1)} s`);
  return { name: s.name, ok: code === 0, ms, failures: code === 0 ? [] : failures };
}

async function main() {
  // The create-plugin scaffold, written before the first phase: the tree's typecheck, boundaries,
  // lint, format and jest runs check it; its step builds it and runs its e2e spec. Gone on exit.
  process.on('exit', removeScaffold);
  await writeScaffold();
  process.once('SIGINT', () => process.exit(130));
  process.once('SIGTERM', () => process.exit(143));
  const results: Result[] = [];
  let totalMs = 0;
  for (const [index, phase] of phases.entries()) {
    const t0 = Date.now();
    if (phase.length === 1) {
      results.push(await runStep(phase[0]));
    } else {
      const done = await Promise.all(phase.map((s) => runStep(s, s.tag ?? `[${s.name}]`)));
      const phaseMs = Date.now() - t0;
      results.push(...done.map((r) => ({ ...r, phaseMs, phase: index })));
    }
    totalMs += Date.now() - t0;
  }
  console.log(timingTable(results, totalMs));
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
