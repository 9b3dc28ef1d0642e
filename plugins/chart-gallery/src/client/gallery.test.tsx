import { FakeServer, renderInShell } from '@discovery/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import { galleryAvailable } from '../common';
import { mekkoData, type Names } from './generate';

const names: Names = (key, vars) => `${key} ${JSON.stringify(vars)}`;
import gallery from './index';

function server(environment: string) {
  const s = new FakeServer().signedIn({ config: { environment } });
  s.install();
  return s;
}

beforeAll(() => {
  jest
    .spyOn(Element.prototype, 'getBoundingClientRect')
    .mockImplementation(() => ({ width: 900, height: 400, top: 0, left: 0, right: 900, bottom: 400, x: 0, y: 0, toJSON: () => ({}) }) as DOMRect);
});

describe('chart gallery', () => {
  it('shows every chart kind, each a named figure', async () => {
    server('dev');
    await renderInShell([gallery], '/dev/charts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chart gallery' })).toBeTruthy();
    for (const name of [
      'Mekko 10 × 10',
      'Mekko with change against the previous timeframe',
      'Stacked columns, 13 months',
      'Heat grid 12 × 6 (index)',
      'Stage 1',
      'Stage 4',
      'Index bars, two audiences',
      'A chart waiting for its data',
      'A chart without data',
    ]) {
      expect(screen.getByRole('figure', { name })).toBeTruthy();
    }
    // JRN-018: the gauges scale from 250 px (the largest stage) down to 90 px (the smallest).
    await waitFor(() => expect(within(screen.getByTestId('gallery-gauge-1')).getByTestId('gauge-svg').getAttribute('data-diameter')).toBe('250'));
    expect(within(screen.getByTestId('gallery-gauge-4')).getByTestId('gauge-svg').getAttribute('data-diameter')).toBe('90');
  });

  it('says it is for development only where the environment is a production one', async () => {
    server('production');
    await renderInShell([gallery], '/dev/charts');
    expect(await screen.findByText('The chart gallery is only available in development environments.')).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
    expect(galleryAvailable('prod-eu')).toBe(false);
    expect(galleryAvailable('staging')).toBe(true);
  });

  it('generates the same data for a seed: 10 markets of 10 audiences', () => {
    const a = mekkoData(1, 10, 10, false, names);
    expect(a).toHaveLength(10);
    expect(a.every((m) => m.subMarkets.length === 10)).toBe(true);
    expect(mekkoData(1, 10, 10, false, names)).toEqual(a);
    expect(mekkoData(2, 10, 10, false, names)).not.toEqual(a);
  });
});
