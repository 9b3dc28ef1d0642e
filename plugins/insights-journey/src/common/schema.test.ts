import { insightsJourneyItemInput } from './index';

describe('insights-journey item schema', () => {
  it('requires a name and trims it', () => {
    expect(insightsJourneyItemInput.safeParse({ name: '  ' }).success).toBe(false);
    expect(insightsJourneyItemInput.parse({ name: ' First ' })).toEqual({ name: 'First' });
  });
});
