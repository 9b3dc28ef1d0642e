import { BRAND_COLOURS, JOURNEY_MESSAGES as M, STAGE_ICONS } from './constants';
import {
  brandColour,
  builderIssues,
  dedupeRightToLeft,
  defaultName,
  gaugeDiameter,
  gaugePercent,
  isBuilderValid,
  itemNameError,
  journeyNameError,
  nextNewId,
  reindex,
  transitionPercent,
  truncateName,
} from './rules';
import { JourneyInput } from './schema';

const draft = (over: Partial<{ name: string; brands: { name: string }[]; stages: { name: string }[] }> = {}) => ({
  name: 'Journey',
  brands: [{ name: 'Fizz' }],
  stages: [{ name: 'Awareness' }],
  ...over,
});

describe('journey builder rules', () => {
  it('JRN-045: the name is required and unique among the other journeys, case-insensitive, its own name excluded', () => {
    expect(journeyNameError('  ')).toBe('nameRequired');
    const others = [
      { id: 1, name: 'Summer Funnel' },
      { id: 2, name: 'Other' },
    ];
    expect(journeyNameError(' summer funnel ', others, null)).toBe('nameInUse');
    expect(journeyNameError('Summer Funnel', others, 1)).toBeNull();
    expect(journeyNameError('New one', others, null)).toBeNull();
  });

  it('JRN-047: stage names on focus loss: duplicate and empty messages (the latter without a full stop)', () => {
    expect(itemNameError(['Awareness', ' awareness '], 1, 'stage')).toBe('stageNameUnique');
    expect(itemNameError(['Awareness', ''], 1, 'stage')).toBe('stageNameRequired');
    expect(itemNameError(['Awareness', 'Purchase'], 1, 'stage')).toBeNull();
  });

  it('JRN-048: brand names on focus loss: duplicate and empty messages', () => {
    expect(itemNameError(['Fizz', 'FIZZ'], 0, 'brand')).toBe('brandNameUnique');
    expect(itemNameError(['  ', 'Fizz'], 0, 'brand')).toBe('brandNameRequired');
  });

  it('JRN-046: valid only with a name, 1-4 uniquely named brands and 1-10 uniquely named stages', () => {
    expect(isBuilderValid(draft())).toBe(true);
    expect(builderIssues(draft({ name: '' }))).toEqual([{ path: ['name'], message: 'nameRequired' }]);
    expect(isBuilderValid(draft({ brands: [1, 2, 3, 4].map((n) => ({ name: `B${n}` })) }))).toBe(true);
    expect(builderIssues(draft({ brands: [1, 2, 3, 4, 5].map((n) => ({ name: `B${n}` })) }))[0].path).toEqual(['brands']);
    expect(isBuilderValid(draft({ stages: Array.from({ length: 10 }, (_, n) => ({ name: `S${n}` })) }))).toBe(true);
    expect(builderIssues(draft({ stages: Array.from({ length: 11 }, (_, n) => ({ name: `S${n}` })) }))[0].path).toEqual(['stages']);
    expect(builderIssues(draft({ brands: [] }))[0].path).toEqual(['brands']);
    expect(builderIssues(draft({ stages: [{ name: 'A' }, { name: 'a' }] }))).toEqual([
      { path: ['stages', 0, 'name'], message: 'stageNameUnique' },
      { path: ['stages', 1, 'name'], message: 'stageNameUnique' },
    ]);
  });

  it("JRN-042: default names are 'New Brand N' / 'New Stage N' with the lowest unused N", () => {
    expect(defaultName('brand', [])).toBe('New Brand 1');
    expect(defaultName('brand', ['New Brand 1', 'new brand 3'])).toBe('New Brand 2');
    expect(defaultName('stage', ['New Stage 1', 'New Stage 2'])).toBe('New Stage 3');
  });

  it('JRN-041 / A-01: a temporary id is the first unused negative integer', () => {
    expect(nextNewId([])).toBe(-1);
    expect(nextNewId([-1, -2, 5, null])).toBe(-3);
    expect(nextNewId([-2])).toBe(-1);
  });

  it('JRN-044: reindexes order / priority 0..n in displayed order', () => {
    expect(
      reindex(
        [
          { id: 7, order: 4 },
          { id: 3, order: 1 },
        ],
        'order',
      ),
    ).toEqual([
      { id: 7, order: 0 },
      { id: 3, order: 1 },
    ]);
  });

  it('JRN-043: the icon list has the 25 named icons and circle-1 … circle-10', () => {
    expect(STAGE_ICONS).toHaveLength(35);
    expect(STAGE_ICONS.slice(0, 3)).toEqual(['blank', 'eye-slash', 'low-vision']);
    expect(STAGE_ICONS[STAGE_ICONS.length - 1]).toBe('circle-10');
  });
});

describe('journey viewer maths', () => {
  it('JRN-015: brand colours by order', () => {
    expect([0, 1, 2, 3].map(brandColour)).toEqual(['#205493', '#BE5873', '#6f3d64', '#6baeb2']);
    expect(BRAND_COLOURS).toHaveLength(4);
  });

  it('JRN-016 (issue 27 §3): conversion = later ÷ earlier on the deduplicated counts, a larger later stage marked, N/A without earlier people', () => {
    // Issue 27 §3: later ÷ earlier on the deduplicated counts; a later stage larger is 'larger', never −393 %.
    expect(transitionPercent(1000, 400)).toBe(40);
    expect(transitionPercent(1000, 1000)).toBe(100);
    expect(transitionPercent(3000, 1000)).toBe(33);
    expect(transitionPercent(400, 1000)).toBe('larger');
    expect(transitionPercent(10, 0)).toBe(0);
    expect(transitionPercent(0, 10)).toBe('N/A');
    expect(transitionPercent(0, 0)).toBe('N/A');
  });

  it('JRN-017 / A-24: dedupes right to left, each stage minus the later stages, never below 0', () => {
    expect(dedupeRightToLeft([1000, 400, 100])).toEqual([500, 300, 100]);
    expect(dedupeRightToLeft([100, 400])).toEqual([0, 400]);
    expect(dedupeRightToLeft([])).toEqual([]);
  });

  it('JRN-018: gauge percent = count / total × 100; diameter linear 90..250 px', () => {
    expect(gaugePercent(250, 1000)).toBe(25);
    expect(gaugePercent(5, 0)).toBe(0);
    expect(gaugeDiameter(0)).toBe(90);
    expect(gaugeDiameter(50)).toBe(170);
    expect(gaugeDiameter(100)).toBe(250);
    expect(gaugeDiameter(180)).toBe(250);
  });

  it("JRN-014: names over 20 characters are cut to 20 plus '…'", () => {
    expect(truncateName('Consideration stage 1')).toEqual({ text: 'Consideration stage …', truncated: true });
    expect(truncateName('Exactly twenty chars')).toEqual({ text: 'Exactly twenty chars', truncated: false });
  });
});

describe('journey save body (SRV-085)', () => {
  const body = {
    name: ' Funnel ',
    brands: [
      { new_id: -1, name: 'Fizz', order: 0 },
      { id: 4, name: 'Pop', order: 1 },
    ],
    stages: [{ new_id: -1, name: 'Awareness', priority: 0, icon: 'eye' }],
    sub_markets: [
      { new_journey_brand_id: -1, new_journey_stage_id: -1, matched_id: 'is-0001' },
      { journey_brand_id: 4, new_journey_stage_id: -1 },
    ],
  };

  it('parses a body with temporary ids and defaults population to 0 (JRN-055)', () => {
    const r = JourneyInput.parse(body);
    expect(r.name).toBe('Funnel');
    expect(r.has_transition_data).toBe(true);
    expect(r.sub_markets.map((c) => c.population)).toEqual([0, 0]);
  });

  it('JRN-055: refuses a negative population', () => {
    const r = JourneyInput.safeParse({ ...body, sub_markets: [{ ...body.sub_markets[0], population: -1 }] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(M.population);
  });

  it('JRN-043: refuses an icon outside the list', () => {
    expect(JourneyInput.safeParse({ ...body, stages: [{ ...body.stages[0], icon: 'rocket' }] }).success).toBe(false);
  });

  it('JRN-047: carries the builder messages with the field path', () => {
    const r = JourneyInput.safeParse({ ...body, stages: [{ new_id: -1, name: ' ', priority: 0 }] });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['stages.0.name', M.stageNameRequired]]);
  });

  it('refuses a cell naming a brand or stage not in the body, and two cells for one brand × stage', () => {
    const bad = JourneyInput.safeParse({ ...body, sub_markets: [{ new_journey_brand_id: -9, new_journey_stage_id: -1 }] });
    expect(bad.error?.issues[0].message).toBe(M.cellBrand);
    const twice = JourneyInput.safeParse({ ...body, sub_markets: [body.sub_markets[0], body.sub_markets[0]] });
    expect(twice.error?.issues[0].message).toBe(M.cellDuplicate);
  });
});
