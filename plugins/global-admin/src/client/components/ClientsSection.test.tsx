import { FakeServer, fixtures, renderInShell } from '@discovery/test-utils';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminClientDto } from '@discovery/plugin-brands-admin/common';
import plugin from '../index';

const acme: AdminClientDto = {
  id: 1,
  name: 'Acme Beverages',
  slug: 'acme',
  conversant_company_id: 1001,
  feature_flags: { grow: true, journeys: false },
  site_visitation_enabled: false,
  regions: [
    {
      id: 1,
      name: 'United States',
      slug: 'us',
      currency: { symbol: '$', symbol_first: true },
      is_default: true,
      molecula_index: null,
      es_index: null,
      id_env_motivation_url: null,
    },
    {
      id: 2,
      name: 'United Kingdom',
      slug: 'uk',
      currency: { symbol: '£', symbol_first: true },
      is_default: false,
      molecula_index: null,
      es_index: null,
      id_env_motivation_url: null,
    },
  ],
};

function adminServer(me = fixtures.me()) {
  return new FakeServer()
    .respond('GET /api/v1/me', { data: me })
    .respond('GET /api/v1/config', {
      data: { tier: 1, logout_url: '/api/v1/adfs/logout', help_urls: {}, show_privacy_policy_link: false, service_desk_url: 'https://desk' },
    })
    .respond('GET /api/v1/languages', { data: [{ value: 'en', text: 'English' }] })
    .respond('GET /api/v1/hierarchy', { data: fixtures.hierarchy() })
    .respond('GET /api/v1/global-admin/summary', { data: { clients: 2, regions: 3, brands: 4, products: 5, users: 4, roles: 5, active_sessions: 1 } })
    .respond('GET /api/v1/users', { data: [] })
    .respond('GET /api/v1/brands-admin/clients', { data: [acme] });
}

async function open(server = adminServer()) {
  server.install();
  await renderInShell([plugin], '/global/admin/dashboard');
  await screen.findByTestId('clients-table');
  return server;
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('global admin: the client admin form (BRAND-059)', () => {
  beforeEach(() => localStorage.clear());

  it('BRAND-059 lists the clients with their company id, regions (default marked) and flags that are on', async () => {
    await open();
    const row = screen.getAllByTestId('client-row')[0];
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['Acme Beverages', 'acme', '1001', 'United States (default), United Kingdom', 'grow']);
  });

  it('BRAND-059 a new client is POSTed as { client } after the shared schema passes; the selector is refetched', async () => {
    const server = await open();
    let posted: unknown;
    server.handle('POST /api/v1/brands-admin/clients', (body) => {
      posted = body;
      return {
        status: 201,
        body: {
          data: {
            ...acme,
            id: 9,
            name: 'Wayne Foods',
            slug: 'wayne-foods',
            conversant_company_id: 3001,
            feature_flags: { grow: true },
            regions: [{ ...acme.regions[0], id: 20, name: 'Spain', slug: 'spain' }],
          },
        },
      };
    });
    fireEvent.click(screen.getByTestId('client-add'));
    await screen.findByTestId('client-form');
    // The schema's own messages, before any call.
    type('client-company-id', 'abc');
    fireEvent.click(screen.getByTestId('client-save'));
    expect(await screen.findByText('Client name is required.')).toBeTruthy();
    expect(screen.getByText('Region name is required.')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);

    type('client-name', 'Wayne Foods');
    type('client-company-id', '3001');
    type('client-region-name-0', 'Spain');
    fireEvent.click(screen.getByTestId('client-add-flag'));
    type('client-flag-key-0', 'grow');
    const hierarchyCalls = server.calls.filter((c) => c.url === '/api/v1/hierarchy').length;
    await act(async () => fireEvent.click(screen.getByTestId('client-save')));
    await waitFor(() => expect(screen.queryByTestId('client-form')).toBeNull());
    expect(posted).toEqual({
      client: {
        name: 'Wayne Foods',
        conversant_company_id: 3001,
        feature_flags: { grow: true },
        site_visitation_enabled: false,
        regions: [{ name: 'Spain', is_default: true }],
      },
    });
    expect(screen.getAllByTestId('client-row').map((r) => r.getAttribute('data-client'))).toEqual(['acme', 'wayne-foods']);
    expect(await screen.findByText('Client Wayne Foods created.')).toBeTruthy();
    await waitFor(() => expect(server.calls.filter((c) => c.url === '/api/v1/hierarchy').length).toBe(hierarchyCalls + 1));
  });

  it('BRAND-059 an existing client is PUT to clients/{id}; a new region joins the saved ones and one region is the default', async () => {
    const server = await open();
    let put: { client: { regions: { id?: number; name: string; is_default: boolean }[] } } | undefined;
    server.handle('PUT /api/v1/brands-admin/clients/1', (body) => {
      put = body as typeof put;
      return { body: { data: { ...acme, name: 'Acme Drinks' } } };
    });
    fireEvent.click(screen.getByTestId('client-edit-acme'));
    await screen.findByTestId('client-form');
    expect((screen.getByTestId('client-name') as HTMLInputElement).value).toBe('Acme Beverages');
    type('client-name', 'Acme Drinks');
    fireEvent.click(screen.getByTestId('client-add-region'));
    type('client-region-name-2', 'France');
    fireEvent.click(screen.getByTestId('client-region-default-2'));
    await act(async () => fireEvent.click(screen.getByTestId('client-save')));
    await waitFor(() => expect(put).toBeDefined());
    expect(put!.client.regions).toEqual([
      { id: 1, name: 'United States', slug: 'us', is_default: false },
      { id: 2, name: 'United Kingdom', slug: 'uk', is_default: false },
      { name: 'France', is_default: true },
    ]);
    await waitFor(() => expect(within(screen.getAllByTestId('client-row')[0]).getAllByRole('cell')[0].textContent).toBe('Acme Drinks'));
  });

  it("the Edit client dialog says each feature flag's own state: On for grow, Off for journeys (issue 14 §7)", async () => {
    await open();
    fireEvent.click(screen.getByTestId('client-edit-acme'));
    await screen.findByTestId('client-form');
    const flags = screen
      .getAllByTestId('client-flag')
      .map((row) => [
        (within(row).getByRole('textbox') as HTMLInputElement).value,
        within(row).getByRole('checkbox').closest('label')!.textContent,
        (within(row).getByRole('checkbox') as HTMLInputElement).checked,
      ]);
    expect(flags).toEqual([
      ['grow', 'On', true],
      ['journeys', 'Off', false],
    ]);
    // Switching a flag changes what it says.
    fireEvent.click(within(screen.getAllByTestId('client-flag')[1]).getByRole('checkbox'));
    expect(within(screen.getAllByTestId('client-flag')[1]).getByRole('checkbox').closest('label')!.textContent).toBe('On');
  });

  it("BRAND-059 the server's 422 stays in the form: its message and the field's", async () => {
    const server = await open();
    server.respond(
      'POST /api/v1/brands-admin/clients',
      { error: { message: 'Client slug already used.', fields: { 'client.slug': 'Client slug already used.' } } },
      422,
    );
    fireEvent.click(screen.getByTestId('client-add'));
    type('client-name', 'Acme');
    type('client-region-name-0', 'Spain');
    await act(async () => fireEvent.click(screen.getByTestId('client-save')));
    expect((await screen.findByTestId('client-form-notice')).textContent).toBe('Client slug already used.');
    expect(screen.getAllByText('Client slug already used.')).toHaveLength(2);
    expect(screen.getAllByTestId('client-row')).toHaveLength(1);
  });

  it('BRAND-059 without clients.read there is no client list; without clients.create no Add Client', async () => {
    const all = { create: true, read: true, update: true, destroy: true };
    const server = adminServer(fixtures.me({ permissions: { global_admin: all, impersonation: all } }));
    server.install();
    await renderInShell([plugin], '/global/admin/dashboard');
    await screen.findByTestId('admin-users');
    expect(screen.queryByTestId('admin-clients')).toBeNull();
    expect(server.calls.some((c) => c.url === '/api/v1/brands-admin/clients')).toBe(false);
  });
});
