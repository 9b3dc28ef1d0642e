import { FakeServer, fixtures, renderInShell } from '@discovery/test-utils';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ActivationDto, DisplayState, HomeEntityRow } from '../../common';
import { createRouteRef, definePlugin } from '@discovery/plugin-api';
import audiences from '../index';
import { RecentActivity, recentRows } from './RecentActivity';

/** A stand-in product home that shows this section, as the home plugin does. */
const home = definePlugin({
  id: 'probe-home',
  titleKey: 'probe',
  routes: [{ ref: createRouteRef({ id: 'probe.home', scope: 'product', path: 'home' }), load: async () => ({ default: RecentActivity }) }],
});

const row = (id: number, name: string, people: number | null, day: number, extra: Partial<HomeEntityRow> = {}): HomeEntityRow => ({
  id,
  name,
  type: 'audience',
  audience_type: 'custom',
  count: { people: { global: people } },
  created_at: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  source_identifier: null,
  ...extra,
});

const P = '/acme/us/fizz-cola/fizz-zero';
const all = { create: true, read: true, update: true, destroy: true };

const activation = (activationId: string, audienceName: string, displayState: DisplayState, endDate = 0): ActivationDto => ({
  activationId,
  audienceId: null,
  audienceName,
  lastRefresh: Date.UTC(2026, 10, 20),
  sentDate: Date.UTC(2026, 10, 19),
  endDate,
  displayState,
});

function server(
  audiencesRows: HomeEntityRow[],
  lookalikes: HomeEntityRow[],
  permissions: Record<string, unknown> = { audiences: all, ams_activation: { read: true } },
  activations: ActivationDto[] = [
    { ...activation('a1', 'Sent forever', 'In Progress'), audienceId: 1 },
    { ...activation('a2', 'Done', 'Complete', Date.UTC(2026, 11, 1)), audienceId: 2, lastRefresh: Date.UTC(2026, 10, 18), sentDate: Date.UTC(2026, 10, 17) },
  ],
) {
  const hierarchy = fixtures.hierarchy();
  hierarchy[0].regions[0].brands[0].products[1].conversant_company_id = 1101 as never;
  const s = new FakeServer()
    .respond('GET /api/v1/config', { data: { tier: 1, help_urls: {} } })
    .respond('GET /api/v1/hierarchy', { data: hierarchy })
    .respond('GET /api/v1/languages', { data: [{ value: 'en', text: 'English' }] })
    .respond('GET /api/v1/me', { data: fixtures.me({ permissions }) })
    .respond('GET /api/v1/contexts/acme%2Fus%2Ffizz-cola%2Ffizz-zero/modules', { data: ['audiences_overview'] })
    .respond('GET /api/v1/audiences/home_entities', { audiences: audiencesRows, lookalikes })
    .respond('GET /api/v1/audiences/ams/activations/recent', activations);
  s.install();
  return s;
}

const names = () =>
  within(screen.getByTestId('recent-audiences'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('td')!.firstChild!.textContent!.trim());

describe('Your Recent Audience Activity', () => {
  beforeEach(() => localStorage.clear());

  it('SHELL-106 sorts newest first before keeping the last 5 or 10', () => {
    const rows = Array.from({ length: 12 }, (_, i) => row(i + 1, `A${i + 1}`, i * 10, i + 1));
    expect(recentRows(rows, 5, null).map((r) => r.name)).toEqual(['A12', 'A11', 'A10', 'A9', 'A8']);
    expect(recentRows(rows, 10, null)).toHaveLength(10);
    expect(recentRows(rows, 5, { key: 'people', desc: false }).map((r) => r.name)).toEqual(['A8', 'A9', 'A10', 'A11', 'A12']);
  });

  it('SHELL-105 SHELL-107 SHELL-108 lists audiences and lookalikes (last 5 by default), labels and sorts them, Activations tab with the 1970 end as -', async () => {
    const rows = [
      row(1, 'Old', 50, 1),
      row(2, 'Optimized one', 400, 5, { audience_type: 'pve' }),
      row(3, 'Shared one', 0, 6, { source_identifier: 'x-1' }),
      row(4, 'Mid', 300, 4),
      row(5, 'Newer', 200, 7),
      row(6, 'Oldest', 10, 2),
    ];
    const looks = [row(9, 'A lookalike', 900, 8, { type: 'lookalike', audience_type: null })];
    server(rows, looks);
    await renderInShell([home, audiences], `${P}/home`);
    await screen.findByTestId('recent-audiences');
    expect(names()).toEqual(['A lookalike', 'Newer', 'Shared one', 'Optimized one', 'Mid']);
    // Issue 27 §6: Home says which base its People Count is, the one the overview and the builder's 'All regions' show.
    expect(screen.getByTestId('recent-people-base').textContent).toBe("People Count is the number of people in all regions (the builder's 'All regions').");
    expect(screen.getByText('Optimized Audience')).toBeTruthy();
    expect(screen.getByText('Shared')).toBeTruthy();
    // SHELL-115: a zero count offers the zero-count modal
    expect(screen.getAllByLabelText('Click to learn why this audience has a zero count.')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('recent-limit'), { target: { value: '10' } });
    expect(names()).toHaveLength(7);
    fireEvent.click(screen.getByTestId('recent-sort-name'));
    expect(names()[0]).toBe('A lookalike');
    fireEvent.click(screen.getByTestId('recent-sort-people'));
    expect(names()[0]).toBe('A lookalike');
    expect(names()[6]).toBe('Shared one');
    fireEvent.click(screen.getByRole('tab', { name: 'Activations' }));
    const table = await screen.findByTestId('activations-table');
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Audience Name',
      'Last Refresh',
      'Sent Date',
      'End Date',
      'Delivery Status',
    ]);
    const cells = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells[0]).toEqual(['Sent forever', '2026-11-20', '2026-11-19', '-', 'In Progress']);
    expect(table.querySelector('[data-colour="lime"]')!.textContent).toBe('Complete');
  });

  it('SHELL-114 Delivery Status shows each display state in its colour: Complete lime; Draft, On Hold, In Progress, Finalizing pineapple; Canceled, Error apple', async () => {
    // The spec's seven states (000 §4) and A-15's colours, Blueprint's lime, pineapple and apple as the user sees them.
    const expected: [DisplayState, string][] = [
      ['Complete', 'rgb(142, 177, 37)'],
      ['Draft', 'rgb(209, 152, 11)'],
      ['On Hold', 'rgb(209, 152, 11)'],
      ['In Progress', 'rgb(209, 152, 11)'],
      ['Finalizing', 'rgb(209, 152, 11)'],
      ['Canceled', 'rgb(224, 73, 30)'],
      ['Error', 'rgb(224, 73, 30)'],
    ];
    server(
      [],
      [],
      undefined,
      expected.map(([state], i) => activation(`a${i}`, `Audience ${i}`, state)),
    );
    await renderInShell([home, audiences], `${P}/home`);
    fireEvent.click(await screen.findByRole('tab', { name: 'Activations' }));
    const table = await screen.findByTestId('activations-table');
    const status = [...table.querySelectorAll('tbody tr')].map((tr) => tr.querySelectorAll('td')[4].querySelector<HTMLElement>('[data-colour]')!);
    expect(status.map((tag) => [tag.textContent, tag.style.backgroundColor])).toEqual(expected);
  });

  it("SHELL-110 shows 'Data unavailable' with 'Go to Audiences' when there are none; no Activations tab without ams_activation.read", async () => {
    server([], [], { audiences: all });
    await renderInShell([home, audiences], `${P}/home`);
    expect(await screen.findByText('Data unavailable')).toBeTruthy();
    expect(screen.getByText('Go to Audiences').getAttribute('href')).toBe(`${P}/audiences/overview`);
    expect(screen.queryByRole('tab', { name: 'Activations' })).toBeNull();
  });

  it('SHELL-109 a click on a recent row opens {hierarchy}/audiences/overview/{type}/{id}', async () => {
    const s = server([row(5, 'Newer', 200, 7)], [row(9, 'A lookalike', 900, 8, { type: 'lookalike', audience_type: null })]);
    await renderInShell([home, audiences], `${P}/home`);
    await screen.findByTestId('recent-audiences');
    fireEvent.click(screen.getByText('A lookalike').closest('tr')!);
    // The detail page of .../audiences/overview/lookalike/9 asks for that lookalike.
    await waitFor(() => expect(s.calls.map((c) => c.url)).toContain('/api/v1/audiences/v2/lookalikes/9'));
    expect(await screen.findByTestId(/^(audience-detail|detail-error)$/)).toBeTruthy();
    expect(s.calls.some((c) => c.url === '/api/v1/audiences/5')).toBe(false);
  });

  it('SHELL-109 an audience row opens its own detail, .../audiences/overview/audience/{id}', async () => {
    const s = server([row(5, 'Newer', 200, 7)], []);
    await renderInShell([home, audiences], `${P}/home`);
    await screen.findByTestId('recent-audiences');
    fireEvent.click(screen.getByText('Newer').closest('tr')!);
    await waitFor(() => expect(s.calls.map((c) => c.url)).toContain('/api/v1/audiences/5'));
  });
});
