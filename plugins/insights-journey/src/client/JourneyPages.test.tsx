import { segmentsEndpoints } from '@discovery/insights-kit';
import { discussionNodeEndpoints } from '@discovery/plugin-discussions/common';
import { insightsEndpoints } from '@discovery/plugin-insights/common';
import { FakeServer, renderInShell } from '@discovery/test-utils';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import type { SessionSnapshot } from '@discovery/plugin-api';
import { journeyEndpoints as E, type JourneyDto, type JourneySummaryDto } from '../common';
import { GAUGE_DELAY_MS } from '../common';
import { useDelayed } from './components/JourneyChart';
import journeys from './index';

const P = '/acme/us/fizz-cola/fizz-zero';

function server(permissions: Record<string, boolean>, list: JourneySummaryDto[] = [], tier: 1 | 3 = 1) {
  const s = new FakeServer()
    .signedIn({ tier, flags: { journey: true }, permissions: { journeys: permissions }, modules: ['journey'] })
    .on(E.list, { data: list })
    .on(insightsEndpoints.tabsConfig, [])
    .on(segmentsEndpoints.byIdentifiers, { data: [] })
    .on(discussionNodeEndpoints.list, {
      data: [
        {
          id: 2,
          name: 'zebra talk',
          description: '',
          discussion_clusters: [{ id: 1, name: 'c', size: 3 }],
          sub_markets: [],
          journey_sub_markets: [],
          in_use: false,
        },
        { id: 3, name: 'Empty', description: '', discussion_clusters: [], sub_markets: [], journey_sub_markets: [], in_use: false },
        {
          id: 4,
          name: 'Apple chat',
          description: '',
          discussion_clusters: [{ id: 2, name: 'd', size: 1 }],
          sub_markets: [],
          journey_sub_markets: [],
          in_use: false,
        },
      ],
    });
  s.install();
  return s;
}

describe('Journey pages', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("JRN-023 without create permission the empty state says so; JRN-022 with it, a 'Create Journey' button", async () => {
    server({ read: true });
    const first = await renderInShell([journeys], `${P}/insights/journey`);
    const empty = await screen.findByTestId('journey-empty');
    expect(empty.textContent).toContain(
      'No journey charts have been created for this product and you do not have permission to create one. Please check back later.',
    );
    expect(screen.queryByTestId('journey-empty-create')).toBeNull();
    expect(screen.queryByTestId('journey-create')).toBeNull();
    first.unmount();

    server({ read: true, create: true, update: true });
    await renderInShell([journeys], `${P}/insights/journey`);
    expect((await screen.findByTestId('journey-empty-create')).textContent).toBe('Create Journey');
  });

  it('JRN-032 / JRN-047 / JRN-049 / JRN-054 the new-journey builder: product-named brand, blur messages, discussion options, the unsaved-changes dialog', async () => {
    server({ read: true, create: true, update: true });
    await renderInShell([journeys], `${P}/insights/journey-builder`);
    const brand = (await screen.findByTestId('journey-builder-brand-0-name')) as HTMLInputElement;
    expect(brand.value).toBe('Fizz Zero');
    expect((screen.getByTestId('journey-builder-stage-0-name') as HTMLInputElement).value).toBe('New Stage 1');
    expect((screen.getByTestId('journey-builder-save') as HTMLButtonElement).disabled).toBe(true);

    const stage = screen.getByTestId('journey-builder-stage-0-name');
    fireEvent.change(stage, { target: { value: ' ' } });
    fireEvent.blur(stage);
    expect(screen.getByTestId('journey-builder-stage-0-error').textContent).toBe('All stages require a name before saving');

    fireEvent.click(screen.getByTestId('journey-builder-cell-0-0'));
    const select = (await screen.findByTestId('journey-pane-discussion')) as HTMLSelectElement;
    await waitFor(() => expect([...select.options].map((o) => o.textContent)).toEqual(['No discussion', 'Apple chat', 'zebra talk']));
    fireEvent.click(screen.getByTestId('journey-pane-done'));

    fireEvent.click(screen.getByTestId('journey-builder-cancel'));
    const dialog = await screen.findByTestId('journey-builder-unsaved');
    expect(dialog.textContent).toContain('You have unsaved changes');
    expect(dialog.textContent).toContain('Are you sure you want to discard these changes?');
    expect(screen.getByRole('button', { name: 'Discard' })).toBeTruthy();
  });

  it('JRN-050 / JRN-052 / JRN-053 the mapping pane: no modeled picker in tier 3; no audience section when the journey hides Person Level', async () => {
    const journey: JourneyDto = {
      id: 7,
      name: 'Funnel',
      default: false,
      has_transition_data: true,
      brands: [{ id: 1, name: 'Fizz', order: 0 }],
      stages: [{ id: 2, name: 'Aware', priority: 0, icon: 'eye' }],
      sub_markets: [{ id: 3, journey_brand_id: 1, journey_stage_id: 2, population: 5, matched_id: null, modeled_id: null, discussion_cluster_node_id: null }],
      invalid_identifiers: [],
      updated_at: 'then',
    };
    const s = server({ read: true, create: true, update: true }, [{ id: 7, name: 'Funnel', default: false, has_transition_data: true, invalid: false }], 3);
    s.on(E.get, { data: journey });
    const first = await renderInShell([journeys], `${P}/insights/journey-builder/7`);
    fireEvent.click(await screen.findByTestId('journey-builder-cell-0-0'));
    const pane = await screen.findByTestId('journey-mapping-pane');
    expect(pane.getAttribute('data-width')).toBe('400');
    expect(screen.getByTestId('journey-pane-matched')).toBeTruthy();
    expect(screen.queryByTestId('journey-pane-modeled')).toBeNull();
    first.unmount();

    server({ read: true, create: true, update: true }, [{ id: 7, name: 'Funnel', default: false, has_transition_data: true, invalid: false }])
      .on(E.get, { data: journey })
      .on(insightsEndpoints.tabsConfig, [{ name: 'Person Level', visible: false }]);
    await renderInShell([journeys], `${P}/insights/journey-builder/7`);
    fireEvent.click(await screen.findByTestId('journey-builder-cell-0-0'));
    await screen.findByTestId('journey-mapping-pane');
    await waitFor(() => expect(screen.queryByTestId('journey-pane-audiences')).toBeNull());
    expect(screen.getByTestId('journey-pane-population')).toBeTruthy();
  });

  it("JRN-001 / JRN-002 the viewer at insights/journey[/:journeyId] needs journeys.read, the builder at insights/journey-builder[/:journeyId] create, read and update, both the client's 'journey' flag", () => {
    const snapshot = (actions: string[], flag: boolean): SessionSnapshot => ({
      can: (resource, action) => resource === 'journeys' && actions.includes(action),
      featureFlags: { journey: flag },
      modules: ['journey'],
      isTier3: false,
      hierarchy: { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-zero' },
    });
    const byPath = Object.fromEntries(journeys.routes!.map((r) => [r.ref.path, r.requires!]));
    expect(Object.keys(byPath).sort()).toEqual(['insights/journey-builder/:journeyId?', 'insights/journey/:journeyId?']);
    const viewer = byPath['insights/journey/:journeyId?'];
    const builder = byPath['insights/journey-builder/:journeyId?'];
    expect([viewer(snapshot(['read'], true)), viewer(snapshot([], true)), viewer(snapshot(['read'], false))]).toEqual([true, false, false]);
    expect([
      builder(snapshot(['create', 'read', 'update'], true)),
      builder(snapshot(['read', 'update'], true)),
      builder(snapshot(['create', 'read', 'update'], false)),
    ]).toEqual([true, false, false]);
  });

  it("JRN-024 / JRN-025 a journey with unavailable segments opens the modal; a second click on 'Remove Invalid Audience(s)' within 5 s is ignored", async () => {
    const bad: JourneyDto = {
      id: 5,
      name: 'Stale journey',
      default: true,
      has_transition_data: true,
      brands: [{ id: 1, name: 'Fizz', order: 0 }],
      stages: [{ id: 10, name: 'Aware', priority: 0, icon: 'eye' }],
      sub_markets: [
        { id: 100, journey_brand_id: 1, journey_stage_id: 10, population: 0, matched_id: 'gone-1', modeled_id: null, discussion_cluster_node_id: null },
      ],
      invalid_identifiers: ['gone-1'],
      updated_at: 'then',
    };
    const s = server({ read: true, create: true, update: true, destroy: true }, [
      { id: 5, name: 'Stale journey', default: true, has_transition_data: true, invalid: true },
    ]);
    let release: () => void = () => undefined;
    s.on(E.get, { data: bad }).on(
      E.removeInvalidIdentifiers,
      () => new Promise((r) => (release = () => r({ body: { data: { ...bad, invalid_identifiers: [] }, removed: ['gone-1'] } }))),
    );
    await renderInShell([journeys], `${P}/insights/journey`);
    const remove = await screen.findByTestId('invalid-action-remove');
    expect(remove.textContent).toBe('Remove Invalid Audience(s)');
    expect(screen.getByTestId('invalid-action-delete').textContent).toBe('Delete Chart');
    fireEvent.click(remove);
    fireEvent.click(screen.getByTestId('invalid-action-remove'));
    release();
    await waitFor(() => expect(s.callsTo(E.removeInvalidIdentifiers)).toHaveLength(1));
  });

  it('JRN-019 the gauges are drawn 50 ms after the chart', () => {
    jest.useFakeTimers();
    try {
      const { result } = renderHook(() => useDelayed(GAUGE_DELAY_MS));
      expect(GAUGE_DELAY_MS).toBe(50);
      act(() => jest.advanceTimersByTime(49));
      expect(result.current).toBe(false);
      act(() => jest.advanceTimersByTime(1));
      expect(result.current).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
