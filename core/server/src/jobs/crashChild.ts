/**
 * A server process for the kill -9 test (crash.test.ts): bundled and started by the test, it
 * opens the database given in the environment, registers one slow job kind and prints JSON lines.
 * CRASH_MODE=enqueue enqueues a job; CRASH_MODE=resume prints the job as it finds it, waits until
 * the job has completed (taken over once the dead server's lease ran out), prints it and exits.
 */
import { createServer } from '../app';
import type { ServerCore } from '../types';

const env = process.env;
const leaseMs = Number(env.CRASH_LEASE_MS ?? 3000);
const workMs = Number(env.CRASH_WORK_MS ?? 1000);
// The parent test reads these lines from stdout.
const say = (event: string, data: object = {}) => process.stdout.write(`${JSON.stringify({ event, pid: process.pid, ...data })}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const server = await createServer({
    dataDir: env.CRASH_DATA_DIR,
    databaseUrl: env.CRASH_DATABASE_URL || undefined,
    seed: false,
    population: false,
    // resume mode looks at the job before its runner starts
    jobs: { pollMs: 100, autoStart: env.CRASH_MODE === 'enqueue' },
    plugins: [
      {
        id: 'crash',
        register(_router: unknown, core: ServerCore) {
          core.jobs.register('crash.slow', {
            leaseMs,
            async handler(job) {
              say('started', { id: job.id, attempt: job.attempt });
              for (let i = 1; i <= 10; i++) {
                await sleep(workMs / 10);
                await job.progress(i / 10);
              }
              return { pid: process.pid, attempt: job.attempt };
            },
          });
        },
      },
    ],
  });
  if (env.CRASH_MODE === 'enqueue') {
    const job = await server.core.jobs.enqueue('crash.slow', {});
    say('enqueued', { id: job.id });
    return;
  }
  const [found] = await server.core.jobs.list({ kind: 'crash.slow' });
  say('found', { job: found, at: new Date().toISOString() });
  server.jobs.start();
  for (;;) {
    const job = await server.core.jobs.get(found.id);
    if (job?.state === 'completed' || job?.state === 'failed') {
      say('done', { job });
      break;
    }
    await sleep(50);
  }
  await server.close();
}

main().catch((e) => {
  say('error', { message: (e as Error).stack });
  process.exit(1);
});
