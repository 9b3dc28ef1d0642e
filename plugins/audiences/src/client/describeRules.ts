import { type Rules } from '@discovery/insights-kit';

/** Rules as words: each AND group a list of segment names joined by 'or'. */
export function describeRules(rules: Rules, nameOf: (id: string) => string): { include: string[][]; exclude: string[][] } {
  const side = (groups?: { or: string[] }[]) => (groups ?? []).filter((g) => g.or.length > 0).map((g) => g.or.map(nameOf));
  return { include: side(rules.include?.and), exclude: side(rules.exclude?.and) };
}
