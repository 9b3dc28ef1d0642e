import { segmentsEndpoints } from '@discovery/counts/common';
import { discussionNodeEndpoints } from '@discovery/plugin-discussions/common';
import { insightsEndpoints } from '@discovery/plugin-insights/common';
import { FakeServer, fixtures, renderInShell } from '@discovery/test-utils';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { journeyEndpoints as E, type JourneySummaryDto } from '../common';
import journeys from './index';

const P = '/acme/us/fizz-cola/fizz-zero';

function server(permissions: Record<string, boolean>, list: JourneySummaryDto[] = []) {
  const hierarchy = fixtures.hierarchy();
  const acme = hierarchy[0] as unknown as { feature_flags: Record<string, boolean> };
  acme.feature_flags = { ...acme.feature_flags, journey: true };
  const s = new FakeServer()
    .respond('GET /api/v1/config', { data: { tier: 1, logout_url: '/api/v1/adfs/logout', help_urls: {}, show_privacy_policy_link: true } })
    .respond('GET /api/v1/hierarchy', { data: hierarchy })
    .respond('GET /api/v1/languages', { data: [{ value: 'en', text: 'English' }] })
    .respond('GET /api/v1/me', { data: fixtures.me({ permissions: { journeys: permissions } }) })
    .respond('GET /api/v1/contexts/acme%2Fus%2Ffizz-cola%2Ffizz-zero/modules', { data: ['journey'] })
    .on(E.list, { data: list })
    .on(insightsEndpoints.tabsConfig, [])
    .on(segmentsEndpoints.byIdentifiers, { data: [] })
    .on(discussionNodeEndpoints.list, {
      data: [
        { id: 2, name: 'zebra talk', description: '', discussion_clusters: [{ id: 1, name: 'c', size: 3 }], sub_markets: [], journey_sub_markets: [] },
        { id: 3, name: 'Empty', description: '', discussion_clusters: [], sub_markets: [], journey_sub_markets: [] },
        { id: 4, name: 'Apple chat', description: '', discussion_clusters: [{ id: 2, name: 'd', size: 1 }], sub_markets: [], journey_sub_markets: [] },
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
});
