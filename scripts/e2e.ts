/**
 * npm run test:e2e [-- --spec e2e/specs/shell/login.e2e.ts]
 * Builds the full app, starts its server on a free port with a fresh embedded database, runs the
 * WebdriverIO suites in headless Chromium against it (one browser session per spec file), stops it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from './build';
import { run, startBuiltServer } from './lib/proc';
import { argValue } from './lib/workspace';

/** The deployment's external addresses (unset, their entries are hidden): the specs check the links. */
export const E2E_ADDRESSES = {
  DISCOVERY_SUPPORT_URL: 'https://support.discovery.test/',
  DISCOVERY_SERVICE_DESK_URL: 'https://servicedesk.discovery.test/request-access',
  DISCOVERY_HELP_CENTER_URL: 'https://help.discovery.test/',
  DISCOVERY_HELP_PAGE_URL: 'https://help.discovery.test/pages',
};

export async function e2e(args: string[]): Promise<number> {
  const name = argValue(args, '--build') ?? 'full';
  const r = await build(name);
  const dataDir = mkdtempSync(join(tmpdir(), 'discovery-e2e-'));
  // Reports take at least 4 s here, so the browser can see a task in progress before it completes.
  const server = await startBuiltServer(r.serverFile, { DISCOVERY_DATA_DIR: dataDir, DATABASE_URL: '', DISCOVERY_REPORT_MIN_MS: '4000', ...E2E_ADDRESSES });
  console.log(`e2e: '${name}' build serving at ${server.url}`);
  try {
    const spec = argValue(args, '--spec');
    return await run('npx', ['wdio', 'run', 'e2e/wdio.conf.ts', ...(spec ? ['--spec', spec] : [])], {
      ...process.env,
      E2E_BASE_URL: server.url,
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
