/**
 * A server process for the restart test (restart.test.ts): bundled and started by the test with
 * the scenario-planner plugin and its demo planning service. RESTART_MODE=import starts an import
 * of SP-2040 and says when its job is running (the planning service is told to answer slowly, so
 * the test kills the process mid-import); RESTART_MODE=resume prints the import as it finds it,
 * starts the job runner, waits until the import is settled, prints it and exits.
 */
import { createServer } from '@discovery/server';
import { scenarioPlannerServer } from './index';
import { ScenarioPlannerService } from './service';

const env = process.env;
const say = (event: string, data: object = {}) => process.stdout.write(`${JSON.stringify({ event, pid: process.pid, ...data })}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CONTEXT = 'acme/us/fizz-cola/fizz-zero';

async function main() {
  const resume = env.RESTART_MODE === 'resume';
  const server = await createServer({
    dataDir: env.RESTART_DATA_DIR,
    databaseUrl: env.RESTART_DATABASE_URL || undefined,
    seed: !resume,
    population: false,
    jobs: { pollMs: 100, autoStart: !resume },
    plugins: [scenarioPlannerServer({ importLeaseMs: Number(env.RESTART_LEASE_MS ?? 3000) })],
  });
  const importRow = async () =>
    (
      await server.core.query<{ id: number; import_success: boolean | null; message: string | null; job_id: number }>(
        'select id, import_success, message, job_id from scenario_planner_imports where scenario_planner_id = $1',
        ['SP-2040'],
      )
    )[0];
  if (!resume) {
    const [p] = await server.core.query<{ id: number }>(
      `select p.id from products p join brands b on b.id = p.brand_id join clients c on c.id = b.client_id where c.slug = 'acme' and b.slug = 'fizz-cola' and p.slug = 'fizz-zero'`,
    );
    const [u] = await server.core.query<{ id: number }>(`select id from users where email = 'planner@example.com'`);
    const rec = await new ScenarioPlannerService(server.core).startImport(Number(p.id), 'SP-2040', Number(u.id), CONTEXT);
    say('imported', { id: rec.id });
    for (;;) {
      const job = await server.core.jobs.get(Number((await importRow()).job_id));
      if (job?.state === 'running') {
        say('running', { job });
        return;
      }
      await sleep(50);
    }
  }
  const found = await importRow();
  say('found', { rec: found, job: await server.core.jobs.get(Number(found.job_id)) });
  server.jobs.start();
  for (;;) {
    const rec = await importRow();
    if (rec.import_success !== null) {
      say('done', { rec, job: await server.core.jobs.get(Number(rec.job_id)) });
      break;
    }
    await sleep(100);
  }
  await server.close();
}

main().catch((e) => {
  say('error', { message: (e as Error).stack });
  process.exit(1);
});
