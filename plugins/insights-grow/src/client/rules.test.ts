import en from './locales/en.json';
import {
  audienceDraft,
  hasSegments,
  GROW_FORM_RULES,
  GROW_MESSAGES,
  invalidAfterTabChange,
  lowTvNotice,
  MarketInput,
  marketCount,
  MekkoInput,
  moveItem,
  nameTaken,
  saveAudienceDisabled,
  SubMarketInput,
  subMarketCount,
  tabTooltip,
  toggleBlocked,
  tvEstimate,
  tvLabel,
  ZERO_COUNTS,
  type MekkoDto,
  type SubMarketDto,
} from '../common';

/** The English text of a key of the plugin's namespace, with {{params}} filled. */
function text(key: string, params: Record<string, string | number> = {}): string {
  const v = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], en);
  return String(v).replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p]));
}

const sub = (over: Partial<SubMarketDto> = {}): SubMarketDto => ({
  id: 1,
  market_id: 10,
  name: 'Diet fans',
  tag: 'owned',
  population: 1000,
  matched_short_id: 'is-0008',
  modeled_short_id: 'is-0008',
  webo_cluster_id: null,
  discussion_cluster_node_id: null,
  order: 0,
  in_prediction_model: false,
  ...over,
});
const chart = (subs: SubMarketDto[][]): MekkoDto => ({
  id: 5,
  name: 'C',
  default: false,
  count_type: 'people_count',
  vertical_type: null,
  measurement_label: 'Penetration',
  markets: subs.map((s, i) => ({ id: 10 + i, mekko_id: 5, name: `M${i}`, order: i, sub_markets: s })),
});

describe('Grow rules', () => {
  it('GROW-015 tab tooltips, tier 3 wording included', () => {
    expect(text(tabTooltip('total', false))).toBe('Total amount of consumers from data provider');
    expect(text(tabTooltip('matched', false))).toBe('Unique PID matches');
    expect(text(tabTooltip('modeled', false))).toBe('Lookalike modeling on PIDs');
    expect(text(tabTooltip('matched', true))).toBe('Unique Panel IDs');
    expect(text(tabTooltip('modeled', true))).toBe('Modeled Weights on Panel IDs');
  });

  it("GROW-037 refuses to filter by an audience without the tab's segment, not one already selected, not Modeled in tier 3", () => {
    const noModeled = sub({ modeled_short_id: null, name: 'Soda buyers' });
    const b = toggleBlocked(noModeled, 'modeled', false, false)!;
    expect(text(b.title.key)).toBe('Cannot Filter By This Audience!');
    expect(text(b.content.key, b.content.params)).toBe('There is no Modeled segment attached to Soda buyers.');
    const m = toggleBlocked(sub({ matched_short_id: null, name: 'X' }), 'matched', false, false)!;
    expect(text(m.content.key, m.content.params)).toBe('There is no Matched segment attached to X.');
    expect(toggleBlocked(noModeled, 'modeled', false, true)).toBeNull();
    expect(toggleBlocked(noModeled, 'modeled', true, false)).toBeNull();
    expect(toggleBlocked(noModeled, 'total', false, false)).toBeNull();
  });

  it('GROW-038 warns on a tab change when a selected audience lacks the segment; never on Total, nor Modeled in tier 3', () => {
    const selected = [sub(), sub({ id: 2, modeled_short_id: null })];
    const d = invalidAfterTabChange(selected, 'modeled', false)!;
    expect(text(d.title.key)).toBe('Invalid Audiences Selected!');
    expect(text(d.content.key, d.content.params)).toBe(
      'One or more selected audiences have no Modeled segment attached. Edit the audience to attach a segment or deselect it.',
    );
    expect(invalidAfterTabChange(selected, 'total', false)).toBeNull();
    expect(invalidAfterTabChange(selected, 'modeled', true)).toBeNull();
    expect(invalidAfterTabChange(selected, 'matched', false)).toBeNull();
  });

  it('SRV-081 a chart without any segment is not counted (zeros, no call)', () => {
    expect(hasSegments(chart([[sub({ matched_short_id: null, modeled_short_id: null })]]))).toBe(false);
    expect(hasSegments(chart([[sub({ matched_short_id: null })]]))).toBe(true);
  });

  it('GROW-019 figures: populations on Total, segment counts and market unions otherwise', () => {
    const m = chart([[sub(), sub({ id: 2, population: 500, matched_short_id: 'is-0001' })]]);
    // Keyed by audience, not segment: an audience whose modeled segment is its matched one still reads its modeled figure.
    const counts = {
      ...ZERO_COUNTS,
      sub_markets: { 1: { matched: 70, modeled: 90 }, 2: { matched: 40, modeled: 55 } },
      markets: { 10: { matched: 95, modeled: 120 } },
    };
    expect(subMarketCount(m.markets[0].sub_markets[0], 'total', counts)).toBe(1000);
    expect(subMarketCount(m.markets[0].sub_markets[1], 'matched', counts)).toBe(40);
    expect(subMarketCount(m.markets[0].sub_markets[1], 'modeled', counts)).toBe(55);
    expect(marketCount(m.markets[0], 'total', counts)).toBe(1500);
    expect(marketCount(m.markets[0], 'matched', counts)).toBe(95);
    expect(marketCount(m.markets[0], 'modeled', counts)).toBe(120);
  });

  it('GROW-025 / GROW-029 TV estimates: clamped to the settings, a dash below the minimum', () => {
    const tv = { minimum: 50, maximum: 1000, n_pids: 10, constant: 20 };
    expect(tvEstimate(300, tv)).toBe(600);
    expect(tvEstimate(3000, tv)).toBe(1000);
    expect(tvLabel(2, tv, String)).toBe('-');
    expect(tvLabel(300, tv, String)).toBe('600');
    expect(text('tv.max', { max: '1,000' })).toBe('Max count size is 1,000');
  });

  it('GROW-026 / GROW-027 low TV sample notices by region', () => {
    expect(lowTvNotice('au').map((k) => text(k))).toEqual(['Lower than 210 sample size', 'Results based on small samples may not be statistically reliable.']);
    expect(lowTvNotice('us').map((k) => text(k))).toEqual([
      'Estimated TV panelist results are not shown for small audiences that produce less accurate results from the model.',
    ]);
  });

  it('GROW-009 / A-28 Save Audience reasons: non-segments, permission on every segment, compare mode', () => {
    const base = { selected: [sub()], tab: 'matched' as const, tier3: false, canCreateAudiences: true, segmentsAllowed: () => true, compare: false };
    expect(saveAudienceDisabled(base)).toBeNull();
    expect(text(saveAudienceDisabled({ ...base, tab: 'total' })!)).toBe('Audiences cannot include non-segment filters.');
    // Issue 27 §6: with nothing selected it says what to select.
    expect(text(saveAudienceDisabled({ ...base, selected: [] })!)).toBe('Select one or more audiences on the chart to save them as an audience.');
    expect(text(saveAudienceDisabled({ ...base, segmentsAllowed: () => false })!)).toBe('You do not have permission to create audiences from these segments.');
    expect(text(saveAudienceDisabled({ ...base, canCreateAudiences: false })!)).toBe('You do not have permission to create audiences from these segments.');
    expect(text(saveAudienceDisabled({ ...base, compare: true })!)).toBe('Save Audience is not available in compare mode.');
  });

  it('GROW-008 the draft handed to the builder: the selected segments as one OR group', () => {
    const selected = [sub(), sub({ id: 2, name: 'Soda', matched_short_id: 'is-0001' })];
    const d = audienceDraft(selected, 'matched', false);
    expect(d.name).toBe('Diet fans or Soda');
    expect(d.rules).toEqual({ include: { and: [{ or: ['is-0008', 'is-0001'] }] }, exclude: { and: [] } });
    // With the filter bar's filters: OR within a category, AND across (the kit's one meaning).
    const f = audienceDraft(selected, 'matched', false, [
      { group: 'Age', short_id: 'a1' },
      { group: 'Age', short_id: 'a2' },
      { group: 'Gender', short_id: 'g1' },
    ]);
    expect(f.rules.include!.and).toEqual([{ or: ['is-0008', 'is-0001'] }, { or: ['a1', 'a2'] }, { or: ['g1'] }]);
  });

  it('GROW-035 a drop reorders the list 0..n', () => {
    expect(moveItem([{ id: 7 }, { id: 8 }, { id: 9 }], 2, 0)).toEqual([
      { id: 9, order: 0 },
      { id: 7, order: 1 },
      { id: 8, order: 2 },
    ]);
  });

  it('GROW-045 / GROW-058 / GROW-062 / GROW-065 the shared schemas give the spec messages', () => {
    const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
    expect(issue(MekkoInput.safeParse({ name: '' }))).toBe('Name is required');
    expect(issue(MekkoInput.safeParse({ name: '   ' }))).toBe('Name cannot be blank');
    // GROW-044 / GROW-040
    expect(MekkoInput.parse({ name: ' A ', vertical_type: 'beverages' })).toMatchObject({ name: 'A', measurement_label: 'Penetration', vertical_type: null });
    expect(issue(SubMarketInput.safeParse({ name: '', population: '1' }))).toBe('Name is required.');
    expect(issue(SubMarketInput.safeParse({ name: '  ', population: '1' }))).toBe('Value cannot be blank');
    expect(issue(SubMarketInput.safeParse({ name: 'a', population: '' }))).toBe('Audience population is required');
    expect(SubMarketInput.safeParse({ name: 'a', population: '1.5' }).success).toBe(false);
    expect(SubMarketInput.safeParse({ name: 'a', population: -1 }).success).toBe(false);
    expect(SubMarketInput.parse({ name: 'a', population: '007' }).population).toBe(7);
    // GROW-059 / GROW-063: trimmed, case-insensitive, own name allowed
    expect(nameTaken(' cola ', [{ id: 1, name: 'Cola' }], null)).toBe(true);
    expect(nameTaken('COLA', [{ id: 1, name: 'Cola' }], 1)).toBe(false);
    // every message the server sends has its translation, same English
    for (const [k, v] of Object.entries(GROW_MESSAGES)) if (k in en.messages) expect((en.messages as Record<string, string>)[k]).toBe(v);
  });

  it('GROW-051..053 / GROW-047..050 notices and GROW-073 / GROW-077 texts', () => {
    expect(text('notices.saveFailed')).toBe('Grow chart could not be saved. Please try again.');
    expect(text('notices.copyFailed')).toBe('Grow chart could not be copied. Please try again.');
    expect(text('notices.deleteFailed')).toBe('Grow chart could not be deleted. Please try again.');
    expect(['created', 'saved', 'copied', 'deleted'].map((k) => text(`notices.${k}`))).toEqual(['Created', 'Saved', 'Copied', 'Deleted']);
    expect(text('dialogs.predictionModel')).toBe(
      'This audience is used in a Prediction Model. If you edit this audience, it will delete the model in the Predictions tab.',
    );
    expect(text('dialogs.invalidIdentifiers')).toBe(GROW_MESSAGES.copyInvalid);
    expect(text('zeroCount.text')).toBe('This audience has a zero count. Select another audience to replace it.');
    expect(text('zeroCount.why')).toBe('Click to learn why this audience has a zero count.');
    expect(text('hint.one')).toBe('To view Insights, click on Show Insights');
  });
});

describe('one rule, two wordings (issue 24 §4: no lookup from English text to a key)', () => {
  const bad = {
    MekkoInput: [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 'a\u0007b' }, { name: 'ok', measurement_label: 'x'.repeat(101) }],
    MarketInput: [{ name: '' }],
    SubMarketInput: [
      { name: '', population: '' },
      { name: '  ', population: '1a' },
      { name: 'ok', population: 1, matched_short_id: 'x'.repeat(65) },
    ],
  } as const;
  it.each(Object.entries(bad))('%s: the forms get keys the locale words as the server does', (schema, inputs) => {
    for (const input of inputs) {
      const keyed = GROW_FORM_RULES[schema as keyof typeof bad].safeParse(input);
      const english = { MekkoInput, SubMarketInput, MarketInput }[schema as keyof typeof bad].safeParse(input);
      expect(keyed.success).toBe(false);
      for (const issue of keyed.error!.issues) {
        expect(Object.keys(GROW_MESSAGES)).toContain(issue.message);
        const key = issue.message as keyof typeof GROW_MESSAGES;
        expect((en.messages as Record<string, string>)[key]).toBe(GROW_MESSAGES[key]);
      }
      if (schema !== 'MarketInput')
        expect(english.error!.issues.map((i) => i.message)).toEqual(keyed.error!.issues.map((i) => GROW_MESSAGES[i.message as keyof typeof GROW_MESSAGES]));
    }
  });
});
