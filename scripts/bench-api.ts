/**
 * npm run bench:api: autocannon (50 connections) against GET /api/v1/me and GET /api/v1/hierarchy
 * of the built server, signed in as the demo admin, beside a bare fastify route measured in the
 * same run on the same machine. Goals: p99 under 25 ms and at least a third of the bare route's
 * requests per second. Prints the figures and ratios; exits 1 when a goal is missed.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { build } from './build';
import { signIn, startBenchServer } from './lib/bench';
import { freePort, waitFor } from './lib/proc';
import { argValue, ROOT } from './lib/workspace';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

interface Figures {
  name: string;
  rps: number;
  p99: number;
  p50: number;
  errors: number;
  non2xx: number;
}

async function load(name: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  // a short warm-up so JIT and caches are in their steady state
  await autocannon({ url, connections: 10, duration: 1, headers });
  const r = await autocannon({ url, connections: 50, duration: DURATION, headers });
  return { name, rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, errors: r.errors, non2xx: r.non2xx };
}

/** The bare route runs in a process of its own, like the server under test, not beside autocannon. */
async function bareBaseline(): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await freePort();
  const code = `const f = require('fastify')({ logger: false }); f.get('/bare', async () => ({ data: 'OK' })); f.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', code], { cwd: ROOT, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/bare`;
  await waitFor(url, 10000, child);
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function main() {
  const name = argValue(process.argv.slice(2), '--build') ?? 'full';
  const r = await build(name);
  const server = await startBenchServer(r.serverFile);
  const bare = await bareBaseline();
  try {
    const headers = (await signIn(server.url, 'admin@example.com')).headers();

    const baseline = await load('bare fastify route', bare.url);
    const results = [
      await load('GET /api/v1/me', `${server.url}/api/v1/me`, headers),
      await load('GET /api/v1/hierarchy', `${server.url}/api/v1/hierarchy`, headers),
    ];
    console.log(`bench:api  ${DURATION}s per route, 50 connections, same machine, same run`);
    console.log('route                      req/s      p50 ms   p99 ms   ratio to bare   errors');
    const line = (f: Figures, ratio: string) =>
      console.log(
        `${f.name.padEnd(24)} ${f.rps.toFixed(0).padStart(8)} ${String(f.p50).padStart(9)} ${String(f.p99).padStart(8)}   ${ratio.padStart(13)}   ${f.errors + f.non2xx}`,
      );
    line(baseline, '1.00');
    let ok = true;
    for (const f of results) {
      const ratio = f.rps / baseline.rps;
      line(f, ratio.toFixed(2));
      const pass = f.p99 < 25 && ratio >= 1 / 3 && f.errors + f.non2xx === 0;
      if (!pass) ok = false;
      console.log(`  goal p99 < 25 ms: ${f.p99 < 25 ? 'met' : 'MISSED'}; goal >= 0.33 of bare: ${ratio >= 1 / 3 ? 'met' : 'MISSED'}`);
    }
    process.exitCode = ok ? 0 : 1;
  } finally {
    await bare.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
