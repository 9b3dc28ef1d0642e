import { convertState, effectiveLevel, hasTopLevelPersonTab, surveyShares } from './rules';
import { WidgetBody } from './schema';

const reasons = { permission: 'no permission', one: 'one audience' };

describe('insights rules', () => {
  it("GROW-042 the top-level person tab comes from admin tab 'top_level_person' of the screen's context, unless the region is excluded", () => {
    const tabs = [{ tab_key: 'top_level_person', insights_context: 'grow', excluded_regions: ['uk'] }];
    expect(hasTopLevelPersonTab(tabs, 'grow', 'us')).toBe(true);
    expect(hasTopLevelPersonTab(tabs, 'grow', 'uk')).toBe(false);
    expect(hasTopLevelPersonTab(tabs, 'journey', 'us')).toBe(false);
    expect(hasTopLevelPersonTab([], 'grow', 'us')).toBe(false);
  });

  it("the panel shows the screen's level when visible, else its own, else the first visible; none when both are hidden", () => {
    expect(effectiveLevel(['market', 'person'], 'market', 'person')).toBe('market');
    expect(effectiveLevel(['person'], 'market', 'person')).toBe('person');
    expect(effectiveLevel(['market'], undefined, 'person')).toBe('market');
    expect(effectiveLevel([], 'market', 'person')).toBeNull();
  });

  it('EXP-014 Convert to Audience is hidden on Market Level (and in tier 3, EXP-016, and where the screen offers none)', () => {
    const base = { level: 'person' as const, offered: true, isTier3: false, canCreateAudiences: true, audiences: 1 };
    expect(convertState(base, reasons)).toEqual({ shown: true, disabled: false, reason: null });
    expect(convertState({ ...base, level: 'market' }, reasons)).toEqual({ shown: false });
    expect(convertState({ ...base, isTier3: true }, reasons)).toEqual({ shown: false });
    expect(convertState({ ...base, offered: false }, reasons)).toEqual({ shown: false });
  });

  it("EXP-013 Convert to Audience is disabled without audiences.create, for several audiences, or for the screen's reason", () => {
    const base = { level: 'person' as const, offered: true, isTier3: false, canCreateAudiences: true, audiences: 1 };
    expect(convertState({ ...base, canCreateAudiences: false }, reasons)).toEqual({ shown: true, disabled: true, reason: 'no permission' });
    expect(convertState({ ...base, audiences: 2 }, reasons)).toEqual({ shown: true, disabled: true, reason: 'one audience' });
    expect(convertState({ ...base, screenReason: 'The all-data persona cannot be converted.' }, reasons)).toMatchObject({
      disabled: true,
      reason: 'The all-data persona cannot be converted.',
    });
  });

  it('survey shares: percents as given, or values as parts of their sum', () => {
    expect(
      surveyShares([
        { percent: 28, value: null },
        { percent: 72, value: null },
      ]),
    ).toEqual([0.28, 0.72]);
    expect(
      surveyShares([
        { percent: null, value: 30 },
        { percent: null, value: 10 },
      ]),
    ).toEqual([0.75, 0.25]);
    expect(surveyShares([{ percent: null, value: 0 }])).toEqual([0]);
  });

  it('the widget schema trims names and keeps attributes in order', () => {
    const r = WidgetBody.parse({
      insight_widget: {
        level: 'market',
        tab_name: ' Survey ',
        name: ' W ',
        demographic_category: 'C',
        attributes: [
          { name: ' B ', percent: 1 },
          { name: 'A', percent: 2 },
        ],
      },
    });
    expect(r.insight_widget.tab_name).toBe('Survey');
    expect(r.insight_widget.attributes.map((a) => a.name)).toEqual(['B', 'A']);
  });
});
