/**
 * npm run data:generate -- --people 1000000 --seed 42 [--out ./var/population] [--segments N] [--threads N]
 * Writes a reproducible synthetic population (vendor taxonomy, matched and modeled memberships,
 * region slices) for the count engine. Same people and seed, same population.
 */
import { generatePopulationParallel } from '@discovery/counts';
import { join, resolve } from 'node:path';
import { argValue, ROOT } from './lib/workspace';

const args = process.argv.slice(2);
const people = Number(argValue(args, '--people') ?? 1_000_000);
const seed = Number(argValue(args, '--seed') ?? 42);
const out = resolve(argValue(args, '--out') ?? './var/population');
const segments = argValue(args, '--segments');

async function main() {
  const t0 = Date.now();
  const m = await generatePopulationParallel({
    workers: args.includes('--threads') ? Number(argValue(args, '--threads')) : undefined,
    workerScript: join(ROOT, 'core', 'counts', 'src', 'worker-dev.cjs'),
    people,
    seed,
    dir: out,
    maxSegments: segments ? Number(segments) : undefined,
    onProgress: (done, total) => {
      if (process.stdout.isTTY) process.stdout.write(`\r${done}/${total} segments`);
    },
  });
  if (process.stdout.isTTY) process.stdout.write('\n');
  console.log(
    `data:generate: ${m.people.toLocaleString()} people, ${m.segments.length} segments from ${m.vendors.length} vendors, ${m.shards} shard(s), seed ${seed}, in ${((Date.now() - t0) / 1000).toFixed(1)} s -> ${out}`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
