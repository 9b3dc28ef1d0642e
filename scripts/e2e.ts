/**
 * npm run test:e2e [-- --spec e2e/specs/shell/login.e2e.ts [--spec ...]]
 * Builds the full app (reused when unchanged, scripts/build.ts), starts its server on a free port
 * with a fresh embedded database, runs the WebdriverIO suites in headless Chromium against it
 * (spec files grouped into a few browser sessions, e2e/wdio.conf.ts; the --spec files as one
 * group), stops it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, describeBuild } from './build';
import { run, startBuiltServer } from './lib/proc';
import { argValue } from './lib/workspace';
import { clearE2eFailures } from './lib/failures';

/** The deployment's external addresses (unset, their entries are hidden): the specs check the links. */
export const E2E_ADDRESSES = {
  DISCOVERY_SUPPORT_URL: 'https://support.discovery.test/',
  DISCOVERY_SERVICE_DESK_URL: 'https://servicedesk.discovery.test/request-access',
  DISCOVERY_HELP_CENTER_URL: 'https://help.discovery.test/',
  DISCOVERY_HELP_PAGE_URL: 'https://help.discovery.test/pages',
};

export async function e2e(args: string[]): Promise<number> {
  const name = argValue(args, '--build') ?? 'full';
  const t0 = Date.now();
  const r = await build(name);
  console.log(`e2e: ${describeBuild(r, Date.now() - t0)}`);
  clearE2eFailures();
  const dataDir = mkdtempSync(join(tmpdir(), 'discovery-e2e-'));
  // Reports take at least 4 s here, so the browser can see a task in progress before it completes.
  const server = await startBuiltServer(r.serverFile, { DISCOVERY_DATA_DIR: dataDir, DATABASE_URL: '', DISCOVERY_REPORT_MIN_MS: '4000', ...E2E_ADDRESSES });
  console.log(`e2e: '${name}' build serving at ${server.url}`);
  try {
    const specs = args.flatMap((a, i) => (args[i - 1] === '--spec' ? [a] : []));
    return await run('npx', ['wdio', 'run', 'e2e/wdio.conf.ts'], {
      ...process.env,
      E2E_BASE_URL: server.url,
      ...(specs.length ? { E2E_SPECS: specs.join(',') } : {}),
    });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  e2e(process.argv.slice(2))
    .then((code) => process.exit(code))
    .catch((e) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    });
}
