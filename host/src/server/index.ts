import { createServer, DEMO_USERS, loadConfig, type ServerCore } from '@discovery/server';
import { insightsKitServer } from '@discovery/insights-kit/server';
import type { ServerPlugin } from '@discovery/plugin-api';
import type { FastifyInstance } from 'fastify';

declare const __BUILD_INFO__: { version: string; branch: string; revision: string; date: string };

export interface RunServerOptions {
  build: string;
  plugins: ServerPlugin<ServerCore, FastifyInstance>[];
  publicDir: string;
}

/**
 * Entry of every server build. Environment: PORT (default 3000), HOST (default 0.0.0.0),
 * DATABASE_URL (PostgreSQL; unset = embedded PGlite under DISCOVERY_DATA_DIR or ./var/db).
 */
export async function runServer(opts: RunServerOptions): Promise<void> {
  const t0 = Date.now();
  const config = loadConfig(process.env);
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '0.0.0.0';
  const server = await createServer({
    plugins: opts.plugins,
    extensions: [insightsKitServer],
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DISCOVERY_DATA_DIR ?? './var/db',
    staticDir: opts.publicDir,
    config,
    seed: process.env.DISCOVERY_SEED !== 'false',
    // The sign-in page is served while the demo data is seeded (issue 26); DISCOVERY_SEED_WAIT=true answers only once seeded.
    seedInBackground: process.env.DISCOVERY_SEED_WAIT !== 'true',
    logger: process.env.DISCOVERY_LOG === 'true',
    buildInfo: __BUILD_INFO__,
    sheetsWorkerScript: new URL('./sheets-worker.mjs', import.meta.url).pathname,
    population: {
      dir: process.env.DISCOVERY_POPULATION_DIR ?? './var/population',
      people: Number(process.env.DISCOVERY_POPULATION_PEOPLE ?? 1_000_000),
      seed: Number(process.env.DISCOVERY_POPULATION_SEED ?? 42),
      workerScript: new URL('./counts-worker.mjs', import.meta.url).pathname,
      log: (m) => console.log(m),
    },
  });
  const address = await server.listen(port, host);
  const db = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite (${process.env.DISCOVERY_DATA_DIR ?? './var/db'})`;
  const shown = host === '0.0.0.0' || host === '::' ? `http://localhost:${port}` : address;
  console.log(`Discovery '${opts.build}' build ready in ${Date.now() - t0} ms at ${shown}`);
  console.log(`Database: ${db}. Plugins with server parts: ${opts.plugins.map((p) => p.id).join(', ') || '(none)'}`);
  if (process.env.DISCOVERY_SEED !== 'false') {
    console.log(`Demo logins (password: ${config.demoPassword}):`);
    for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(24)} ${u.description}`);
  }
  void server.seeded.then(
    () => console.log(`Demo data seeded ${Date.now() - t0} ms after start.`),
    (e: unknown) => {
      console.error(`The demo data could not be seeded: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      process.exit(1);
    },
  );
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
