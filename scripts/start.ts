/**
 * npm start [-- --build <name>]: bundles the build and runs its server on PORT (default 3000),
 * on the embedded PGlite database unless DATABASE_URL is set.
 */
import { spawn } from 'node:child_process';
import { build } from './build';
import { argValue, ROOT } from './lib/workspace';

async function main() {
  const name = argValue(process.argv.slice(2), '--build') ?? process.env.DISCOVERY_BUILD ?? 'full';
  const t0 = Date.now();
  const r = await build(name);
  console.log(`built '${name}' in ${Date.now() - t0} ms`);
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
