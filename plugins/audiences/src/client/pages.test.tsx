import { AUDIENCE_DRAFT_STATE } from '@discovery/insights-kit';
import { FakeServer, fixtures, renderInShell } from '@discovery/test-utils';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sharingEndpoints as SE, type AudienceDto, type LookalikeDto, type SharedItemDto } from '../common';
import audiences from './index';

const P = '/acme/us/fizz-cola/fizz-zero';
const all = { create: true, read: true, update: true, destroy: true };

const count = (global: number) => ({ people: { global, region: Math.round(global / 10) }, matched: Math.round(global / 10), modeled: Math.round(global / 5) });
const audience = (id: number, name: string, global: number, created: string, extra: Partial<AudienceDto> = {}): AudienceDto => ({
  id,
  type: 'audience',
  name,
  description: '',
  rules: { include: { and: [{ or: ['dmx-0002'] }] }, exclude: { and: [] } },
  audience_type: 'custom',
  source_identifier: null,
  referer: null,
  count: count(global),
  created_at: created,
  updated_at: created,
  created_by: 'Pat Planner',
  ...extra,
});
const lookalike: LookalikeDto = {
  id: 9,
  type: 'lookalike',
  name: 'Wide lookalike',
  identifier: 'lal-9',
  seed_identifier: 'aud-1',
  seed_audience_id: 1,
  seed_name: 'Alpha',
  description: null,
  status: 'counted',
  audience_type: null,
  source_identifier: null,
  count: count(900),
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  created_by: null,
};

function server(permissions: Record<string, unknown> = { audiences: all, ams_activation: { read: true } }) {
  const s = new FakeServer()
    .respond('GET /api/v1/config', { data: { tier: 1, logout_url: '/api/v1/adfs/logout', help_urls: {}, show_privacy_policy_link: true } })
    .respond('GET /api/v1/hierarchy', { data: fixtures.hierarchy() })
    .respond('GET /api/v1/languages', { data: [{ value: 'en', text: 'English' }] })
    .respond('GET /api/v1/me', { data: fixtures.me({ permissions }) })
    .respond('GET /api/v1/contexts/acme%2Fus%2Ffizz-cola%2Ffizz-zero/modules', { data: ['audiences_overview'] })
    .respond('GET /api/v1/audiences', {
      data: [
        audience(1, 'Alpha', 500, '2026-11-21T10:00:00.000Z'),
        audience(2, 'beta optimized', 100, '2026-11-19T10:00:00.000Z', { audience_type: 'pve' }),
        audience(3, 'Charlie shared', 300, '2026-11-18T10:00:00.000Z', { source_identifier: 'globex-shared-17' }),
      ],
    })
    .respond('GET /api/v1/audiences/v2/lookalikes', { data: [lookalike] })
    .on(SE.clients, { data: [] })
    .on(SE.hierarchy, { data: [] })
    .on(SE.audiences, { data: [] })
    .on(SE.motivations, { data: [] })
    .on(SE.lookalikes, { data: [] })
    .on(SE.entities, { data: [] });
  s.install();
  return s;
}

const shared = (share_id: number, type: SharedItemDto['type'], name: string, people: number | null): SharedItemDto => ({
  share_id,
  type,
  id: share_id * 10,
  name,
  people,
  source: { client: 'Globex Retail', client_id: 2, region: 'Germany', brand: 'Globex Home', product: 'Home Essentials' },
  shared_at: '2026-12-01T10:00:00.000Z',
});

const names = () =>
  within(screen.getByTestId('audiences-table'))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('audiences overview', () => {
  beforeEach(() => localStorage.clear());

  it('SHELL-108 lists audiences and lookalikes with their type labels, newest first', async () => {
    server();
    await renderInShell([audiences], `${P}/audiences/overview`);
    await screen.findByTestId('audiences-table');
    expect(names()).toEqual(['Alpha', 'Wide lookalike', 'beta optimized', 'Charlie shared']);
    const row = (id: string) => screen.getByTestId(id);
    expect(within(row('audience-row-audience-2')).getByText('Optimized Audience')).toBeTruthy();
    expect(within(row('audience-row-audience-3')).getByText('Shared')).toBeTruthy();
    expect(within(row('audience-row-lookalike-9')).getByText('Lookalike')).toBeTruthy();
    expect(within(row('audience-row-audience-1')).getByTestId('people').textContent).toBe('500');
  });

  it('sorts by Name, People Count and Created, each way, and searches by name', async () => {
    server();
    await renderInShell([audiences], `${P}/audiences/overview`);
    await screen.findByTestId('audiences-table');
    // Issue 27 §6: the overview says which base its People Count is.
    expect(screen.getByTestId('people-base').textContent).toBe("People Count is the number of people in all regions (the builder's 'All regions').");
    fireEvent.click(screen.getByTestId('sort-name'));
    expect(names()).toEqual(['Alpha', 'beta optimized', 'Charlie shared', 'Wide lookalike']);
    fireEvent.click(screen.getByTestId('sort-name'));
    expect(names()).toEqual(['Wide lookalike', 'Charlie shared', 'beta optimized', 'Alpha']);
    fireEvent.click(screen.getByTestId('sort-people'));
    expect(names()).toEqual(['Wide lookalike', 'Alpha', 'Charlie shared', 'beta optimized']);
    fireEvent.click(screen.getByTestId('sort-people'));
    expect(names()).toEqual(['beta optimized', 'Charlie shared', 'Alpha', 'Wide lookalike']);
    fireEvent.change(screen.getByPlaceholderText('Search audiences'), { target: { value: 'ALP' } });
    expect(names()).toEqual(['Alpha']);
  });

  it('issue 24 §3: a list that fails to load shows the error state with the code’s sentence and a retry, not an empty list', async () => {
    const s = server();
    let fail = true;
    s.handle('GET /api/v1/audiences', () =>
      fail
        ? { status: 503, body: { error: { message: 'Service unavailable', status: 503, code: 'unavailable' } } }
        : { body: { data: [audience(1, 'Alpha', 500, '2026-11-21T10:00:00.000Z')] } },
    );
    await renderInShell([audiences], `${P}/audiences/overview`);
    const error = await screen.findByTestId('audiences-load-error');
    expect(error.textContent).toContain('This could not be loaded');
    expect(error.textContent).toContain('The service is unavailable. Try again in a moment.');
    expect(screen.queryByText('No audiences yet')).toBeNull();
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('audience-row-audience-1')).toBeTruthy();
  });

  it("deletes after confirmation; a lookalike used in insights keeps its 405 message, other failures read 'Error: ...'", async () => {
    const s = server();
    s.handle('DELETE /api/v1/audiences/v2/lookalikes/9', () => ({
      status: 405,
      body: { error: { message: "Lookalike 'Wide lookalike' is used in insights and cannot be deleted.", status: 405, code: 'in_use' } },
    }));
    s.handle('DELETE /api/v1/audiences/3', () => ({ status: 500, body: { error: { message: 'Internal server error', status: 500 } } }));
    s.respond('DELETE /api/v1/audiences/1', { data: { message: "Audience 'Alpha' deleted." } });
    await renderInShell([audiences], `${P}/audiences/overview`);
    await screen.findByTestId('audiences-table');
    const del = async (row: string) => {
      fireEvent.click(within(screen.getByTestId(row)).getByTestId('audience-delete'));
      const dialog = await screen.findByRole('alertdialog');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    };
    await del('audience-row-lookalike-9');
    expect(await screen.findByText("Lookalike 'Wide lookalike' is used in insights and cannot be deleted.")).toBeTruthy();
    await del('audience-row-audience-3');
    expect(await screen.findByText('Error: Internal server error')).toBeTruthy();
    await del('audience-row-audience-1');
    expect(await screen.findByText("Audience 'Alpha' deleted.")).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['beta optimized', 'Charlie shared']));
  });

  it("EXP-052 / EXP-053 'Shared with you' lists what other clients shared, merged and sorted by name with each row's type; a context change reloads it", async () => {
    const s = server();
    s.on(SE.clients, { data: [{ id: 2, name: 'Globex Retail', slug: 'globex' }] })
      .on(SE.audiences, { data: [shared(1, 'audience', 'Home décor shoppers 35-54', 1200)] })
      .on(SE.motivations, { data: [shared(2, 'motivation', 'Apartment movers', null)] })
      .on(SE.lookalikes, { data: [shared(3, 'lookalike', 'Bargain hunters Lookalike', 5400)] });
    await renderInShell([audiences], `${P}/audiences/overview`);
    const table = await screen.findByTestId('audiences-shared-table');
    const rows = within(table).getAllByTestId('audiences-shared-row');
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['Apartment movers', 'Motivation', 'Globex Retail', 'Germany > Globex Home > Home Essentials', '–', expect.any(String)],
      ['Bargain hunters Lookalike', 'Lookalike', 'Globex Retail', 'Germany > Globex Home > Home Essentials', '5,400', expect.any(String)],
      ['Home décor shoppers 35-54', 'Audience', 'Globex Retail', 'Germany > Globex Home > Home Essentials', '1,200', expect.any(String)],
    ]);
    expect(s.callsTo(SE.entities)).toHaveLength(1);
    // Shared items are named, not opened: no link to another client's audience.
    expect(within(table).queryAllByRole('link')).toHaveLength(0);
    // EXP-053: another context reloads the sharing data.
    s.on(SE.audiences, { data: [] }).on(SE.motivations, { data: [] }).on(SE.lookalikes, { data: [] });
    await renderInShell([audiences], '/acme/us/fizz-cola/fizz-classic/audiences/overview');
    expect((await screen.findByTestId('audiences-shared-empty')).textContent).toContain('Nothing has been shared with this client yet.');
  });

  it('SHELL-007 the AMS entry is disabled without ams_activation.read', async () => {
    server({ audiences: all });
    await renderInShell([audiences], `${P}/audiences/overview`);
    await screen.findByTestId('audiences-table');
    const ams = screen.getByText('AMS').closest('a,button,[aria-disabled]') as HTMLElement;
    expect(ams.getAttribute('aria-disabled')).toBe('true');
  });
});

describe('audience builder', () => {
  beforeEach(() => localStorage.clear());

  it('SHELL-023 opens a draft handed over by Overlap pre-filled, blocks Save for a segment without permission, and returns to returnUrl', async () => {
    const s = server();
    s.respond('POST /api/v1/segments/by_identifiers', {
      data: [
        {
          identifier: 'dmx-0002',
          name: '25-34',
          path: 'Demographix > Demographics > Age',
          count: { people: {}, matched: 10, modeled: 20 },
          data_permissions: ['create_audience_single'],
          available: true,
        },
        {
          identifier: 'is-0010',
          name: 'Soft drinks',
          path: 'IntentSignal > Purchase Intent > Drinks',
          count: { people: {}, matched: 10, modeled: 20 },
          data_permissions: [],
          available: true,
        },
      ],
    });
    s.respond('POST /api/v1/audiences/count', { data: { people: { global: 1234, region: 123 }, matched: 123, modeled: 456 } });
    s.handle('POST /api/v1/audiences', (body) => ({
      status: 201,
      body: { data: audience(7, (body as { audience: { name: string } }).audience.name, 1234, '2026-11-22T10:00:00.000Z') },
    }));
    const draft = { name: 'Test Overlap Audience', rules: { include: { and: [{ or: ['dmx-0002'] }, { or: ['is-0010'] }] }, exclude: { and: [] } } };
    await renderInShell([audiences], {
      pathname: `${P}/audiences/builder`,
      search: '?action=create&referer=Overlap&returnUrl=insights%2Foverlap%2F12',
      state: { [AUDIENCE_DRAFT_STATE]: draft },
    });
    expect(((await screen.findByTestId('builder-name')) as HTMLInputElement).value).toBe('Test Overlap Audience');
    expect(await screen.findByText('25-34')).toBeTruthy();
    expect(screen.getByText('From Overlap')).toBeTruthy();
    expect((await screen.findByTestId('count-people')).textContent).toBe('123');
    // Issue 27 §6: the headline names its base; 'All regions' is the number Home and the overview show.
    expect(screen.getByTestId('count-people-base').textContent).toBe('People in United States');
    expect(screen.getByTestId('count-global').textContent).toBe('1,234');
    expect((screen.getByTestId('builder-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseEnter(screen.getByTestId('builder-save-blocked'));
    expect(await screen.findByText('You do not have permission to create audiences from these segments.')).toBeTruthy();
    // removing the forbidden segment frees Save; saving posts the draft with its referer
    fireEvent.click(within(screen.getByTestId('rule-segment-is-0010')).getByRole('button'));
    await waitFor(() => expect((screen.getByTestId('builder-save') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('builder-save'));
    await waitFor(() => expect(s.calls.some((c) => c.method === 'POST' && c.url === '/api/v1/audiences')).toBe(true));
    const sent = s.calls.find((c) => c.method === 'POST' && c.url === '/api/v1/audiences')!.body as { audience: Record<string, unknown> };
    expect(sent.audience).toMatchObject({
      name: 'Test Overlap Audience',
      referer: 'Overlap',
      rules: { include: { and: [{ or: ['dmx-0002'] }] }, exclude: { and: [] } },
    });
    expect(await screen.findByText("Audience 'Test Overlap Audience' saved.")).toBeTruthy();
    // back to {hierarchy}/insights/overlap/12: no Overlap plugin in this test build, so the shell's 404
    expect(await screen.findByText('No page matches that URL')).toBeTruthy();
  });

  it('warns about a zero count and opens the zero-count modal from the link', async () => {
    const s = server();
    s.respond('POST /api/v1/segments/by_identifiers', {
      data: [
        {
          identifier: 'fp-0009',
          name: 'Product page viewers',
          path: 'First Party > Site Visitation',
          count: { people: {}, matched: 0, modeled: 0 },
          data_permissions: ['create_audience_single'],
          available: true,
        },
      ],
    });
    s.respond('POST /api/v1/audiences/count', { data: { people: { global: 0, region: 0 }, matched: 0, modeled: 0 } });
    await renderInShell([audiences], {
      pathname: `${P}/audiences/builder`,
      search: '?action=create',
      state: { [AUDIENCE_DRAFT_STATE]: { name: 'Nobody', rules: { include: { and: [{ or: ['fp-0009'] }] } } } },
    });
    const warning = await screen.findByTestId('zero-count-warning');
    expect(within(warning).getByText('This audience has a zero count.')).toBeTruthy();
    fireEvent.click(within(warning).getByText('Click to learn why this audience has a zero count.'));
    expect(await screen.findByText('Segment/Audience counts may display as zero due to the following reasons')).toBeTruthy();
  });
});

describe('lookalike detail', () => {
  beforeEach(() => localStorage.clear());

  it('SRV-093 renames a lookalike: the shared schema first, then PUT v2/lookalikes/{id}; a taken name keeps the dialog open', async () => {
    const s = server();
    s.respond('GET /api/v1/audiences/v2/lookalikes/9', { data: lookalike });
    s.respond('GET /api/v1/audiences/1', { data: audience(1, 'Alpha', 500, '2026-11-21T10:00:00.000Z') });
    s.respond('GET /api/v1/audiences/1/profile', { data: { audience: 50, population: 1000, rows: [] } });
    s.respond('POST /api/v1/segments/by_identifiers', { data: [] });
    let taken = true;
    s.handle('PUT /api/v1/audiences/v2/lookalikes/9', (body) =>
      taken
        ? { status: 422, body: { error: { message: 'That name is already used.', fields: { 'lookalike.name': 'That name is already used.' } } } }
        : { body: { data: { ...lookalike, name: (body as { lookalike: { name: string } }).lookalike.name } } },
    );
    await renderInShell([audiences], `${P}/audiences/overview/lookalike/9`);
    expect((await screen.findByTestId('detail-name')).textContent).toBe('Wide lookalike');
    fireEvent.click(screen.getByTestId('rename-lookalike'));
    const input = (await screen.findByTestId('rename-lookalike-name')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('rename-lookalike-save'));
    expect(await screen.findByText('Value cannot be blank')).toBeTruthy();
    expect(s.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(input, { target: { value: 'Alpha' } });
    fireEvent.click(screen.getByTestId('rename-lookalike-save'));
    expect(await screen.findByText('That name is already used.')).toBeTruthy();
    taken = false;
    fireEvent.change(input, { target: { value: 'Wider lookalike' } });
    fireEvent.click(screen.getByTestId('rename-lookalike-save'));
    await waitFor(() => expect(screen.getByTestId('detail-name').textContent).toBe('Wider lookalike'));
    expect(screen.queryByTestId('rename-lookalike-name')).toBeNull();
    expect(s.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { lookalike: { name: 'Alpha' } },
      { lookalike: { name: 'Wider lookalike' } },
    ]);
  });
});
