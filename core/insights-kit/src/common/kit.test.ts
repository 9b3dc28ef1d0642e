import { addFilters, copyNameOf, filterGroupOf, filterRule, nameTaken, pickSavedChart } from './index';

describe('the filter bar (one meaning on every chart screen)', () => {
  const f = (group: string, short_id: string) => ({ group, short_id });

  it('OVL-031 filters of one category are alternatives (OR), categories narrow each other (AND)', () => {
    expect(filterRule([])).toBeUndefined();
    expect(filterRule([f('Age', 'a1'), f('Gender', 'g1'), f('Age', 'a2')])).toEqual({
      include: { and: [{ or: ['a1', 'a2'] }, { or: ['g1'] }] },
    });
    // The same segment twice is one filter.
    expect(filterRule([f('Age', 'a1'), f('Age', 'a1')])).toEqual({ include: { and: [{ or: ['a1'] }] } });
  });

  it('a segment is filtered under its category, the last part of its taxonomy path; adding keeps each segment once', () => {
    expect(filterGroupOf({ path: 'Demographics > Age' })).toBe('Age');
    expect(filterGroupOf({ path: 'Interests' })).toBe('Interests');
    const have = [{ ...f('Age', 'a1'), name: '18-24' }];
    expect(
      addFilters(have, [
        { ...f('Age', 'a1'), name: '18-24' },
        { ...f('Age', 'a2'), name: '25-34' },
      ]).map((x) => x.short_id),
    ).toEqual(['a1', 'a2']);
  });
});

describe('saved charts (Grow, Overlap, Journeys)', () => {
  const list = [
    { id: 3, name: 'Zeta', default: false },
    { id: 5, name: 'alpha', default: true },
    { id: 9, name: 'Mid', default: false },
  ];

  it('GROW-005 / OVL-005 / JRN-006 opens the route chart, else the last opened, else the default, else the first by name', () => {
    expect(pickSavedChart(list, 9, 3)).toBe(9);
    expect(pickSavedChart(list, null, 3)).toBe(3);
    expect(pickSavedChart(list, 42, null)).toBe(5);
    expect(pickSavedChart(list, null, 42)).toBe(5);
    expect(
      pickSavedChart(
        list.map((c) => ({ ...c, default: false })),
        null,
        null,
      ),
    ).toBe(5);
    expect(pickSavedChart([], null, null)).toBeNull();
  });

  it('GROW-045 / OVL-044 / JRN-045 names are unique trimmed and case-insensitively, the chart itself excluded', () => {
    expect(nameTaken('  ZETA ', list, null)).toBe(true);
    expect(nameTaken('zeta', list, 3)).toBe(false);
    expect(nameTaken('', list, null)).toBe(false);
  });

  it("GROW-057 / OVL-052 / JRN-028 a copy is named '{name} (copy)', then '(copy 2)', within the length limit", () => {
    expect(copyNameOf('Plan', ['Plan'])).toBe('Plan (copy)');
    expect(copyNameOf('Plan', ['Plan', 'plan (COPY)'])).toBe('Plan (copy 2)');
    expect(copyNameOf('x'.repeat(255), [])).toHaveLength(255);
  });
});
