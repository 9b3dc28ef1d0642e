/**
 * The one fixture of the filter bar's meaning that every chart screen's server test runs (issue
 * 24): three segments, two of one category and one of another, and the rule they must count as.
 */
import type { Filter, Rules } from './common';

export function filterFixture(a: string, b: string, c: string): { filters: Filter[]; groups: { or: string[] }[]; rule: Rules } {
  const groups = [{ or: [a, b] }, { or: [c] }];
  return {
    // The order a user adds them in: the second category between the first's two filters.
    filters: [
      { group: 'Category one', short_id: a },
      { group: 'Category two', short_id: c },
      { group: 'Category one', short_id: b },
    ],
    groups,
    rule: { include: { and: groups } },
  };
}
