/**
 * npm run test:e2e [-- --spec e2e/specs/shell/login.e2e.ts [--spec ...]]
 * Builds the full app (reused when unchanged, scripts/build.ts), then runs the WebdriverIO suites in
 * headless Chromium: the lanes of e2e/lanes.ts side by side (E2E_LANES at a time), each against a
 * server of its own on a free port with a fresh embedded database; the --spec files as one group
 * against one server.
 */
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { build, describeBuild } from './build';
import { run, startBuiltServer } from './lib/proc';
import { seededDataDir } from './lib/seededData';
import { argValue } from './lib/workspace';
import { clearE2eFailures, e2eSpecTimes } from './lib/failures';
import { LANES } from '../e2e/lanes';

/** The deployment's external addresses (unset, their entries are hidden): the specs check the links. */
export const E2E_ADDRESSES = {
  DISCOVERY_SUPPORT_URL: 'https://support.discovery.test/',
  DISCOVERY_SERVICE_DESK_URL: 'https://servicedesk.discovery.test/request-access',
  DISCOVERY_HELP_CENTER_URL: 'https://help.discovery.test/',
  DISCOVERY_HELP_PAGE_URL: 'https://help.discovery.test/pages',
};

/**
 * How many lanes run side by side (E2E_LANES; default all of them on a machine with 2 or more cores:
 * on 2 cores two lanes left the cores idle a quarter of the time, docs/decisions.md 2026-12-07). Each
 * lane has its own server and data, so no lane sees another's changes (a11y's keyboard walk
 * switches the admin's language; the main lane creates and deletes brands).
 */
function parallelLanes(): number {
  return Math.max(1, Number(process.env.E2E_LANES ?? (availableParallelism() >= 2 ? LANES.length : 1)));
}

/** Starts a server with a fresh embedded database, runs wdio against it (env: which specs), stops it. */
async function runAgainstFreshServer(serverFile: string, env: NodeJS.ProcessEnv, prefix?: string): Promise<number> {
  // A copy of the build's seeded data, made by the first lane that needs it (scripts/lib/seededData.ts).
  const dataDir = await seededDataDir(serverFile, {}, 'discovery-e2e-');
  // Reports take at least 4 s here, so the browser can see a task in progress before it completes.
  const server = await startBuiltServer(serverFile, { DISCOVERY_DATA_DIR: dataDir, DATABASE_URL: '', DISCOVERY_REPORT_MIN_MS: '4000', ...E2E_ADDRESSES });
  console.log(`e2e${prefix ? ` ${prefix}` : ''}: serving at ${server.url}`);
  try {
    const wdioEnv = { ...process.env, ...env, E2E_BASE_URL: server.url };
    const args = ['wdio', 'run', 'e2e/wdio.conf.ts'];
    return await run('npx', args, wdioEnv, prefix);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `tag`: npm test runs this beside other steps, and its output lines (a lane's too) start with it. */
export async function e2e(args: string[], tag = ''): Promise<number> {
  const say = (line: string) => console.log(tag ? line.replace(/^/gm, `${tag} `) : line);
  const name = argValue(args, '--build') ?? 'full';
  const t0 = Date.now();
  const r = await build(name);
  say(`e2e: ${describeBuild(r, Date.now() - t0)}`);
  clearE2eFailures();
  const specs = args.flatMap((a, i) => (args[i - 1] === '--spec' ? [a] : []));
  if (specs.length) return runAgainstFreshServer(r.serverFile, { E2E_SPECS: specs.join(',') }, tag || undefined);
  const lanes = [...LANES];
  const width = parallelLanes();
  if (width === 1) return runAgainstFreshServer(r.serverFile, {}, tag || undefined);
  // The lanes side by side, `width` at a time, each against its own server; a lane's output lines
  // carry its name. The slowest lane is the e2e step's time.
  const codes: number[] = [];
  const queue = [...lanes];
  const t1 = Date.now();
  const took: string[] = [];
  await Promise.all(
    Array.from({ length: Math.min(width, lanes.length) }, async () => {
      for (let lane = queue.shift(); lane; lane = queue.shift()) {
        const l0 = Date.now();
        codes.push(await runAgainstFreshServer(r.serverFile, { E2E_LANE: lane }, `${tag}[${lane}]`));
        took.push(`${lane} ${((Date.now() - l0) / 1000).toFixed(1)} s`);
      }
    }),
  );
  say(`\ne2e: ${lanes.length} lanes, ${width} at a time, in ${((Date.now() - t1) / 1000).toFixed(1)} s (${took.join(', ')})`);
  say(e2eSpecTimes().join('\n'));
  return codes.find((c) => c !== 0) ?? 0;
}

if (require.main === module) {
  e2e(process.argv.slice(2))
    .then((code) => process.exit(code))
    .catch((e) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    });
}
