import { FakeServer, fixtures, renderInShell } from '@discovery/test-utils';
import { createRouteRef, definePlugin } from '@discovery/plugin-api';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ToolboxCategoryDto, ToolboxUnitDto } from '../../common';
import plugin from '../index';
import { toolboxUnit } from '../../common/testing/units';

const homeProbe = definePlugin({
  id: 'probe',
  titleKey: 'probe',
  routes: [{ ref: createRouteRef({ id: 'probe.home', scope: 'product', path: 'home' }), load: async () => ({ default: () => <h1>Product home</h1> }) }],
});
const all = { create: true, read: true, update: true, destroy: true };
const unit = (over: Partial<ToolboxUnitDto>): ToolboxUnitDto =>
  toolboxUnit({ url: 'https://app.example.com/', category_id: 10, category_priority: 0, ...over });
const cats: ToolboxCategoryDto[] = [
  { id: 10, client_id: 1, name: 'Applications', priority: 0, status: true },
  { id: 11, client_id: 1, name: 'Partner Tools', priority: 1, status: true },
  { id: 12, client_id: 1, name: 'Labs', priority: 2, status: true },
];

function server(permissions: Record<string, unknown> = { toolbox_client_configuration: all }) {
  const s = new FakeServer()
    .respond('GET /api/v1/config', { data: { tier: 1, logout_url: '/x', help_urls: {}, service_desk_url: 'https://desk' } })
    .respond('GET /api/v1/hierarchy', { data: fixtures.hierarchy() })
    .respond('GET /api/v1/me', { data: fixtures.me({ permissions: { ...fixtures.me().permissions, ...permissions } }) })
    .respond('GET /api/v1/languages', { data: [] })
    .respond('GET /api/v1/toolbox/units/type/nav/client/acme', { data: [unit({})] })
    .respond('GET /api/v1/toolbox/units/type/all/client/acme', {
      data: [unit({}), unit({ id: 2, name: 'Old Tool', status: false, iframed: false, category_id: null, region_ids: [2] })],
    })
    .respond('GET /api/v1/toolbox/categories/client/acme', { data: cats })
    .respond('GET /api/v1/contexts/acme%2Fus%2Ffizz-cola%2Ffizz-zero/modules', { data: [] });
  s.handle('PUT /api/v1/toolbox/units/1', (body) => ({ body: { data: { ...unit({}), ...(body as { unit: object }).unit } } }));
  s.handle('POST /api/v1/toolbox/units', (body) => ({ status: 201, body: { data: { ...unit({ id: 9 }), ...(body as { unit: object }).unit } } }));
  s.handle('PUT /api/v1/toolbox/categories/1/bulk', (body) => ({
    body: { data: cats.map((c) => ({ ...c, priority: (body as { id: number; priority: number }[]).find((x) => x.id === c.id)!.priority })) },
  }));
  s.install();
  return s;
}

const PAGE = '/acme/us/fizz-cola/fizz-zero/toolbox';

describe('toolbox management page', () => {
  beforeEach(() => localStorage.clear());

  it('TBX-012 lists every unit of the client and the categories by priority', async () => {
    server();
    await renderInShell([plugin], PAGE);
    const units = await screen.findByTestId('units-table');
    await within(units).findByText('Old Tool');
    const demo = within(units).getByTestId('unit-row-Demo App');
    expect(demo.textContent).toContain('Visible');
    expect(demo.textContent).toContain('Applications');
    expect(demo.textContent).toContain('All regions');
    expect(demo.textContent).toContain('Embedded');
    const old = within(units).getByTestId('unit-row-Old Tool');
    expect(old.textContent).toContain('Hidden');
    expect(old.textContent).toContain('United Kingdom');
    const rows = within(screen.getByTestId('categories-table')).getAllByTestId(/^category-row-/);
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual(['category-row-Applications', 'category-row-Partner Tools', 'category-row-Labs']);
  });

  it('TBX-012 without toolbox_client_configuration.read the page sends the user home', async () => {
    server({ toolbox_client_configuration: { read: false } });
    await renderInShell([homeProbe, plugin], PAGE);
    expect(await screen.findByRole('heading', { name: 'Product home' })).toBeTruthy();
    expect(screen.queryByTestId('toolbox-admin-page')).toBeNull();
    expect(screen.queryByTestId('nav-item-toolbox-nav')).toBeNull();
    // with the permission the nav has the entry
    cleanup();
    server();
    await renderInShell([homeProbe, plugin], '/acme/us/fizz-cola/fizz-zero/home');
    expect((await screen.findByTestId('nav-item-toolbox-nav')).getAttribute('href')).toBe(PAGE);
  });

  it('TBX-008 Hide sends PUT with status false, no category and iframed false', async () => {
    const s = server();
    await renderInShell([plugin], PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Hide Demo App' }));
    await waitFor(() => expect(s.calls.some((c) => c.method === 'PUT' && c.url === '/api/v1/toolbox/units/1')).toBe(true));
    expect(s.calls.find((c) => c.method === 'PUT')!.body).toEqual({ unit: { status: false, category_id: null, iframed: false } });
  });

  it('TBX-007 a new unit is POSTed with status true and no id; the shared rules stop a bad url first', async () => {
    const s = server();
    await renderInShell([plugin], PAGE);
    fireEvent.click(await screen.findByTestId('add-unit'));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'New Tool' } });
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByTestId('unit-save'));
    expect(await screen.findByText('Enter a full address starting with http:// or https://.')).toBeTruthy();
    expect(s.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'https://tool.example.com/' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('unit-save'));
    });
    await waitFor(() => expect(s.calls.some((c) => c.method === 'POST')).toBe(true));
    const body = s.calls.find((c) => c.method === 'POST')!.body as { unit: Record<string, unknown> };
    expect(body.unit).toMatchObject({ name: 'New Tool', url: 'https://tool.example.com/', status: true, region_ids: ['all'], iframed: true });
    expect('id' in body.unit).toBe(false);
  });

  it('TBX-011 moving a category sends every priority in one bulk call', async () => {
    const s = server();
    await renderInShell([plugin], PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Move Labs up' }));
    await waitFor(() => expect(s.calls.some((c) => c.url === '/api/v1/toolbox/categories/1/bulk')).toBe(true));
    expect(s.calls.find((c) => c.url.endsWith('/bulk'))!.body).toEqual([
      { id: 10, priority: 0 },
      { id: 12, priority: 1 },
      { id: 11, priority: 2 },
    ]);
    await waitFor(() =>
      expect(
        within(screen.getByTestId('categories-table'))
          .getAllByTestId(/^category-row-/)
          .map((r) => r.getAttribute('data-testid')),
      ).toEqual(['category-row-Applications', 'category-row-Labs', 'category-row-Partner Tools']),
    );
  });

  it('TBX-011 dragging a category row onto another reorders by the same bulk call', async () => {
    const s = server();
    await renderInShell([plugin], PAGE);
    const table = await screen.findByTestId('categories-table');
    await within(table).findByTestId('category-row-Applications');
    const dataTransfer = { effectAllowed: '', setData: () => undefined };
    fireEvent.dragStart(within(table).getByTestId('category-row-Applications'), { dataTransfer });
    fireEvent.dragOver(within(table).getByTestId('category-row-Labs'), { dataTransfer });
    fireEvent.drop(within(table).getByTestId('category-row-Labs'), { dataTransfer });
    await waitFor(() => expect(s.calls.some((c) => c.url.endsWith('/bulk'))).toBe(true));
    expect(s.calls.find((c) => c.url.endsWith('/bulk'))!.body).toEqual([
      { id: 11, priority: 0 },
      { id: 12, priority: 1 },
      { id: 10, priority: 2 },
    ]);
  });
});
