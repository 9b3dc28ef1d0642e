import { segmentsEndpoints } from '@discovery/counts/common';
import { insightsEndpoints } from '@discovery/plugin-insights/common';
import { FakeServer, fixtures, renderInShell } from '@discovery/test-utils';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { growEndpoints as E, type MekkoDto, type SubMarketDto } from '../common';
import grow from './index';

const P = '/acme/us/fizz-cola/fizz-zero';
const sub = (id: number, name: string, over: Partial<SubMarketDto> = {}): SubMarketDto => ({
  id,
  market_id: 10,
  name,
  tag: 'owned',
  population: 1000 * id,
  matched_short_id: `is-000${id}`,
  modeled_short_id: `is-000${id}`,
  webo_cluster_id: null,
  discussion_cluster_node_id: null,
  order: id,
  in_prediction_model: false,
  ...over,
});
const chart: MekkoDto = {
  id: 7,
  name: 'Beverages Landscape',
  default: true,
  count_type: 'people_count',
  vertical_type: null,
  measurement_label: 'Penetration',
  markets: [{ id: 10, mekko_id: 7, name: 'Soft Drinks', order: 0, sub_markets: [sub(1, 'Diet fans'), sub(2, 'Soda buyers', { modeled_short_id: null })] }],
};

function server(mekkos: Record<string, boolean>) {
  const s = new FakeServer()
    .respond('GET /api/v1/config', {
      data: { tier: 1, logout_url: '/api/v1/adfs/logout', help_urls: {}, show_privacy_policy_link: true, tier3_weights_suffix: '_weights' },
    })
    .respond('GET /api/v1/hierarchy', { data: fixtures.hierarchy() })
    .respond('GET /api/v1/languages', { data: [{ value: 'en', text: 'English' }] })
    .respond('GET /api/v1/me', { data: fixtures.me({ permissions: { mekkos, audiences: { read: true, create: true } } }) })
    .respond('GET /api/v1/contexts/acme%2Fus%2Ffizz-cola%2Ffizz-zero/modules', { data: ['grow'] })
    .on(E.list, {
      data: [
        { id: 7, name: 'Beverages Landscape', default: true, count_type: 'people_count', vertical_type: null, measurement_label: 'Penetration' },
        { id: 8, name: 'Audience Reach', default: false, count_type: 'people_count', vertical_type: null, measurement_label: 'Reach' },
      ],
    })
    .on(E.get, { data: chart })
    .on(E.invalidIdentifiers, { identifiers: [], tabs: [], widgets: [] })
    .on(E.tvSettings, () => ({ status: 404, body: { error: { message: 'none', status: 404 } } }))
    .on(insightsEndpoints.tabsConfig, [])
    .on(segmentsEndpoints.byIdentifiers, { data: [] })
    .on(segmentsEndpoints.counts, {
      segment_counts: { 'is-0001': 1234, 'is-0002': 567 },
      market_counts: { matched: { 10: 1500 }, modeled: { 10: 1600 } },
      total_matched_count: 1500,
      total_modeled_count: 1600,
    });
  s.install();
  return s;
}

describe('Grow page', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('GROW-003 / GROW-012 / GROW-032 shows the default chart, the three tabs, counts, and the View/Edit toggle with update', async () => {
    server({ read: true, create: true, update: true, destroy: true });
    await renderInShell([grow], `${P}/insights/grow`);
    await waitFor(() => expect(screen.getByTestId('grow-chart-dropdown').textContent).toContain('Beverages Landscape'));
    expect(['total', 'matched', 'modeled'].map((t) => screen.getByTestId(`grow-tab-${t}`).textContent)).toEqual([
      'Total Population',
      'Matched Addressable',
      'Modeled Addressable',
    ]);
    await waitFor(() => expect(within(screen.getByTestId('grow-audience-1')).getByTestId('grow-audience-count').textContent).toBe('1,234'));
    expect(screen.getByTestId('grow-mode-edit')).toBeTruthy();
    expect(screen.getByTestId('grow-create')).toBeTruthy();
  });

  it('GROW-032 / GROW-004 a reader sees no View/Edit toggle and no create, edit, copy or delete', async () => {
    server({ read: true });
    await renderInShell([grow], `${P}/insights/grow`);
    await waitFor(() => expect(screen.getByTestId('grow-chart-dropdown').textContent).toContain('Beverages Landscape'));
    for (const id of ['grow-mode-edit', 'grow-create', 'grow-edit', 'grow-copy', 'grow-delete']) expect(screen.queryByTestId(id)).toBeNull();
  });

  it("GROW-037 on Modeled an audience without a modeled segment is refused with the spec's dialog", async () => {
    server({ read: true, update: true });
    await renderInShell([grow], `${P}/insights/grow`);
    await screen.findByTestId('grow-audience-2');
    fireEvent.click(screen.getByTestId('grow-tab-modeled'));
    fireEvent.click(within(screen.getByTestId('grow-audience-2')).getByRole('checkbox'));
    const dialog = await screen.findByTestId('grow-dialog');
    expect(dialog.textContent).toBe('There is no Modeled segment attached to Soda buyers.');
    expect(screen.getByText('Cannot Filter By This Audience!')).toBeTruthy();
    expect(screen.queryAllByTestId('grow-filter-tag')).toHaveLength(0);
  });
});
