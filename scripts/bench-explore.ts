/**
 * npm run bench:explore -- [--people 10000000] [--seed 42] [--users 8] [--opens 25] [--personas 5] [--widgets 5]
 *
 * Opening a persona in Insights Explore as the viewer does, on the built server over the generated
 * population (the folder bench:counts uses, generated when missing), X-Context
 * acme/us/fizz-cola/fizz-zero so the region slice applies: POST /api/v1/explore/personas/:id/counts
 * (the matched count by persona id) and POST /api/v1/insights/personas/profile (Person Level: the
 * built-in Demographics tab and the persona's `--widgets` custom widgets of 8 segments each), in
 * parallel as the page asks. Server time is the slower of the two Server-Timing answers (they run
 * at once). `--users` concurrent users open the personas in turn.
 * Baseline in the same run, the server stopped first: the engine's own calls those endpoints make
 * (one rule count and one profile over the same segments) called directly at the same concurrency.
 * Equality: every persona's count equals the engine's rule count. Goal: p95 server time under
 * 200 ms at 10M people with 8 users; exits 1 when missed or when an answer differs.
 */
import { CountsEngine, type Rule } from '@discovery/counts';
import type { PersonaCountsDto, PersonaDto } from '@discovery/plugin-explore/common';
import { join } from 'node:path';
import { build } from './build';
import { benchPopulation, populationDir, quantile, rng, serverMs, signIn, startBenchServer } from './lib/bench';
import { argValue, ROOT } from './lib/workspace';

const args = process.argv.slice(2);
const PEOPLE = Number(argValue(args, '--people') ?? 10_000_000);
const SEED = Number(argValue(args, '--seed') ?? 42);
const DIR = argValue(args, '--dir') ?? populationDir(PEOPLE, SEED);
const USERS = Number(argValue(args, '--users') ?? 8);
const OPENS = Number(argValue(args, '--opens') ?? 25);
const PERSONAS = Number(argValue(args, '--personas') ?? 5);
const WIDGETS = Number(argValue(args, '--widgets') ?? 5);
const CONTEXT = 'acme/us/fizz-cola/fizz-zero';
const REGION = ['acme', 'us'] as const;
const GOAL_P95_MS = 200;

const pct = (xs: number[], p: number) => quantile(xs, p / 100);
const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;

async function concurrently(width: number, n: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let i = next++; i < n; i = next++) await job(i);
    }),
  );
}

async function main() {
  const manifest = benchPopulation(PEOPLE, SEED, DIR);
  const usable = manifest.segments.filter((s) => !s.deleted && !s.expired && !s.demographic);
  const demographic = manifest.segments.filter((s) => s.demographic && !s.deleted && !s.expired).map((s) => s.short_id);
  const r = rng(SEED * 7919);
  const pick = () => usable[Math.floor(r() * usable.length)];
  // A persona: two segments of different categories (AND), so its count is a real intersection.
  const personaIds = () => {
    const a = pick();
    let b = pick();
    while (b.path.join('>') === a.path.join('>')) b = pick();
    return [a.short_id, b.short_id];
  };
  const widgetSegments: string[][] = Array.from({ length: WIDGETS }, () => [...new Set(Array.from({ length: 8 }, () => pick().short_id))]);

  const built = await build('full');
  // The bench's users are one account: each real user has their own count slots, so the account
  // gets as many as `USERS` users asking two calls at once would have between them.
  const server = await startBenchServer(built.serverFile, {
    population: { dir: DIR, people: PEOPLE, seed: SEED },
    env: { DISCOVERY_COUNT_CONCURRENCY: String(2 * USERS) },
  });
  const personas: PersonaDto[] = [];
  const answers = new Map<number, number>();
  const opens: number[][] = [];
  let errors = 0;
  try {
    const { api } = await signIn(server.url, 'admin@example.com', CONTEXT);
    const call = async <T>(method: string, path: string, body?: unknown): Promise<{ body: T; res: Response }> => {
      const res = await api(method, path, body);
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
      return { body: (await res.json()) as T, res };
    };
    for (let n = 0; n < PERSONAS; n++) {
      const body = { persona: { name: `Bench persona ${Date.now()} ${n}`, identifiers: personaIds() } };
      let res = await api('POST', '/api/v1/explore/personas', body);
      for (let wait = 0; res.status === 503 && wait < 600; wait++) {
        await new Promise((ok) => setTimeout(ok, 1000));
        res = await api('POST', '/api/v1/explore/personas', body);
      }
      if (res.status !== 201) throw new Error(`saving a persona answered ${res.status}: ${await res.text()}`);
      const p = ((await res.json()) as { data: PersonaDto }).data;
      personas.push(p);
      for (const [w, ids] of widgetSegments.entries())
        await call('POST', `/api/v1/insights/personas/${p.id}/widgets`, {
          insight_widget: {
            level: 'person',
            tab_name: 'Bench',
            name: `Widget ${w + 1}`,
            demographic_category: `Category ${w + 1}`,
            attributes: ids.map((id, i) => ({ name: `Attribute ${i + 1}`, segment_identifier: id })),
          },
        });
    }

    const open = async (i: number) => {
      const p = personas[i % personas.length];
      const t0 = performance.now();
      try {
        const [counts, profile] = await Promise.all([
          call<PersonaCountsDto>('POST', `/api/v1/explore/personas/${p.id}/counts`, { filters: [] }),
          call<{ data: { tabs: { widgets: unknown[] }[] } }>('POST', '/api/v1/insights/personas/profile', {
            owner_id: p.id,
            audiences: [{ name: p.name, rules: p.rules }],
          }),
        ]);
        const custom = profile.body.data.tabs.slice(1).reduce((n, t) => n + t.widgets.length, 0);
        if (custom !== WIDGETS) throw new Error(`the profile has ${custom} custom widgets`);
        answers.set(p.id, counts.body.people);
        opens.push([Math.max(serverMs(counts.res), serverMs(profile.res)), performance.now() - t0, serverMs(counts.res), serverMs(profile.res)]);
      } catch (e) {
        errors++;
        if (errors === 1) console.error(e);
      }
    };
    for (let i = 0; i < personas.length; i++) await open(i); // warm
    opens.length = 0;
    await concurrently(USERS, USERS * OPENS, open);
  } finally {
    await server.stop();
  }

  const engine = await CountsEngine.open({ dir: DIR, workerScript: join(ROOT, 'core', 'counts', 'src', 'worker-dev.cjs') });
  const direct: number[] = [];
  let mismatches = 0;
  try {
    const region = engine.regionKey(...REGION);
    const ids = [...new Set([...demographic, ...widgetSegments.flat()])];
    const direct1 = async (p: PersonaDto) => Promise.all([engine.ruleCount(p.rules as Rule, { region }), engine.profile(p.rules as Rule, ids, { region })]);
    for (const p of personas) {
      const [count] = await direct1(p);
      if (answers.get(p.id) !== count) mismatches++;
    }
    await concurrently(USERS, USERS * OPENS, async (i) => {
      const t0 = performance.now();
      await direct1(personas[i % personas.length]);
      direct.push(performance.now() - t0);
    });
  } finally {
    await engine.close();
  }

  const col = (k: number, p: number) =>
    pct(
      opens.map((o) => o[k]),
      p,
    );
  const server95 = col(0, 95);
  console.log(
    `bench:explore  ${PEOPLE.toLocaleString('en-US')} people, ${PERSONAS} personas with ${WIDGETS} custom Person Level widgets each, ${USERS} concurrent users x ${OPENS} opens, context ${CONTEXT}`,
  );
  console.log(`open (counts + profile at once), server:   p50 ${ms(col(0, 50))}  p95 ${ms(server95)}  (${opens.length} opens, ${errors} errors)`);
  console.log(`  of which the count by persona id:        p50 ${ms(col(2, 50))}  p95 ${ms(col(2, 95))}`);
  console.log(`  of which Person Level (profile):         p50 ${ms(col(3, 50))}  p95 ${ms(col(3, 95))}`);
  console.log(`open, round trip:                          p50 ${ms(col(1, 50))}  p95 ${ms(col(1, 95))}`);
  console.log(`baseline: the engine's calls, directly:    p50 ${ms(pct(direct, 50))}  p95 ${ms(pct(direct, 95))}`);
  console.log(`ratio open server p95 / engine p95:        ${(server95 / Math.max(0.001, pct(direct, 95))).toFixed(2)}x`);
  console.log(`counts equal to the engine's rule counts: ${personas.length - mismatches} of ${personas.length}`);
  const ok = server95 < GOAL_P95_MS && errors === 0 && mismatches === 0;
  console.log(
    `goal p95 server time < ${GOAL_P95_MS} ms with ${USERS} users${PEOPLE >= 10_000_000 ? '' : ' (set at 10M people; this run is smaller)'}, answers equal: ${ok ? 'met' : 'MISSED'}`,
  );
  process.exitCode = ok ? 0 : 1;
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
