/**
 * npm start [-- --build <name>] [--force]: bundles the build (skipped when its inputs are unchanged,
 * scripts/build.ts) and runs its server on PORT (default 3000), on the embedded PGlite database
 * unless DATABASE_URL is set. The sign-in page is served while the demo data is seeded.
 */
import { spawn } from 'node:child_process';
import { build, describeBuild } from './build';
import { argValue, ROOT } from './lib/workspace';

async function main() {
  const args = process.argv.slice(2);
  const name = argValue(args, '--build') ?? process.env.DISCOVERY_BUILD ?? 'full';
  const t0 = Date.now();
  const r = await build(name, { force: args.includes('--force') });
  console.log(describeBuild(r, Date.now() - t0));
  const child = spawn(process.execPath, ['--enable-source-maps', r.serverFile], { cwd: ROOT, stdio: 'inherit', env: process.env });
  const forward = (sig: NodeJS.Signals) => child.kill(sig);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code) => process.exit(code ?? 0));
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
