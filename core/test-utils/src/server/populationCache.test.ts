import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestServer, type TestServer } from './index';
import { POPULATION_CACHE, populationKey } from './populationCache';

/**
 * Issue 26 §2: a generated test population is cached for its people and seed (and the
 * generator's sources) and opened read-only by every later server that asks for the same one:
 * the same people, the same segments and the same counts as the one generated.
 */
describe('cached test populations (issue 26 §2)', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });
  const start = async () => {
    const s = await createTestServer({ seed: false, population: { people: 1500, seed: 26 } });
    servers.push(s);
    return s;
  };

  it('a second server with the same people and seed opens the cached population, with the same counts', async () => {
    const first = await start();
    const second = await start();
    expect(second.populationFromCache).toBe(true);
    const dir = join(POPULATION_CACHE, populationKey(1500, 26));
    expect(second.server.population!.dir).toBe(dir);
    const manifest = (d: string) => JSON.parse(readFileSync(join(d, 'manifest.json'), 'utf8')) as { people: number; seed: number; segments: unknown[] };
    expect(manifest(dir)).toEqual(manifest(first.server.population!.dir));
    const [a, b] = [first.server.population!.current()!, second.server.population!.current()!];
    expect(b.people).toBe(1500);
    const ids = manifest(dir)
      .segments.slice(0, 20)
      .map((s) => (s as { short_id: string }).short_id);
    expect(await b.counts(ids)).toEqual(await a.counts(ids));
  });

  it('a server of other people does not get it', async () => {
    const other = await createTestServer({ seed: false, population: { people: 1400, seed: 26 } });
    servers.push(other);
    expect(other.server.population!.dir).not.toBe(join(POPULATION_CACHE, populationKey(1500, 26)));
    expect(other.server.population!.current()!.people).toBe(1400);
  });
});
