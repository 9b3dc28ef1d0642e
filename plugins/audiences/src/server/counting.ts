import { type Rules } from '@discovery/insights-kit/common';
import type { CountsEngine, Rule } from '@discovery/counts';
import type { ServerCore } from '@discovery/server';
import type { PeopleCount } from '../common';

/** The counts stored with an audience or lookalike row. */
export interface StoredCounts {
  people_global: number | null;
  people_region: number | null;
  matched: number | null;
  modeled: number | null;
  counted_population: string | null;
}

/** Identifies the population counts were taken from; a regenerated one makes them stale. */
export function populationKey(e: CountsEngine): string {
  return `${e.manifest.seed}:${e.manifest.people}:${e.manifest.generatedAt}`;
}

/**
 * An audience's counts: everyone in the population (people.global, what lists show), the
 * region of its context, and matched and modeled within that region. A lookalike counts its
 * seed's rules over the modeled memberships, so all its figures are modeled.
 */
export async function countRules(e: CountsEngine, rules: Rules, region: string | undefined, lookalike = false): Promise<StoredCounts> {
  const r = rules as Rule;
  const main = lookalike ? 'modeled' : 'matched';
  const [global, regional, modeled] = await Promise.all([
    e.ruleCount(r, { kind: main }),
    region ? e.ruleCount(r, { kind: main, region }) : Promise.resolve(null),
    e.ruleCount(r, { kind: 'modeled', region }),
  ]);
  const inRegion = regional ?? global;
  return { people_global: global, people_region: regional, matched: lookalike ? null : inRegion, modeled, counted_population: populationKey(e) };
}

/** The population slice of a context ('client/region'), when the population has one. */
export function regionKey(e: CountsEngine, client: string, region: string): string | undefined {
  const key = `${client}/${region}`;
  return e.manifest.regions.some((r) => r.key === key) ? key : undefined;
}

export function toPeopleCount(row: object): PeopleCount {
  const r = row as Record<string, unknown>;
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return { people: { global: n(r.people_global), region: n(r.people_region) }, matched: n(r.matched), modeled: n(r.modeled) };
}

/** The engine when it is ready, else null: reads never wait for a population being generated. */
export function engineIfReady(core: ServerCore): Promise<CountsEngine | null> {
  return core.counts().catch(() => null);
}
