import { weightsOf, type CountsEngine } from '@discovery/counts';
import type { ResolvedContext } from '@discovery/server';
import { filterRule, type CountBase, type CountScope, type Filter } from '../common';

/** The population slice of the request's region ('client/region'), when the population has one; else everyone. */
export function regionOfContext(e: CountsEngine, context: ResolvedContext | null): string | undefined {
  if (!context?.region) return undefined;
  return e.regionKey(context.client.slug, context.region.slug);
}

/** People in the slice (or everyone). */
export function peopleIn(e: CountsEngine, region: string | undefined): number {
  if (!region) return e.people;
  const r = e.manifest.regions.find((x) => x.key === region);
  return r ? r.end - r.start : e.people;
}

export function countScope(e: CountsEngine, context: ResolvedContext | null, filters: readonly Filter[]): CountScope {
  return { region: regionOfContext(e, context), filter: filterRule(filters) };
}

/**
 * The base every figure of an answer is taken over (issue 24: 'one response that names its
 * base'): the region (or everyone), the membership, and how many people the filter leaves.
 */
export async function countBase(e: CountsEngine, scope: CountScope, kind: CountBase['kind']): Promise<CountBase> {
  const population = peopleIn(e, scope.region);
  if (!scope.filter) return { region: scope.region ?? null, kind, population, filtered: population };
  const opts = { region: scope.region };
  const filtered =
    kind === 'weights'
      ? await Promise.all([e.ruleCount(scope.filter, { ...opts, kind: 'matched' }), e.ruleCount(scope.filter, { ...opts, kind: 'modeled' })]).then(([m, md]) =>
          weightsOf(m, md),
        )
      : await e.ruleCount(scope.filter, { ...opts, kind });
  return { region: scope.region ?? null, kind, population, filtered };
}
