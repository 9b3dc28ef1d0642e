import { createRouteRef, definePlugin } from '@discovery/plugin-api';
import { FakeServer, fixtures, renderInShell } from '@discovery/test-utils';
import { fireEvent, screen, within } from '@testing-library/react';

const P = '/acme/us/fizz-cola/fizz-zero';
const probe = definePlugin({
  id: 'probe',
  titleKey: 'probe',
  routes: [{ ref: createRouteRef({ id: 'probe.page', scope: 'product', path: 'probe' }), load: async () => ({ default: () => <h1>Probe page</h1> }) }],
});

function server(config: Record<string, unknown>, languages = [{ value: 'en', text: 'English' }]) {
  new FakeServer()
    .respond('GET /api/v1/config', { data: { tier: 1, ...config } })
    .respond('GET /api/v1/hierarchy', { data: fixtures.hierarchy() })
    .respond('GET /api/v1/languages', { data: languages })
    .respond('GET /api/v1/session', { data: fixtures.me({ permissions: {} }) })
    .install();
}

async function menuEntries() {
  await renderInShell([probe], `${P}/probe`);
  await screen.findByRole('heading', { name: 'Probe page' });
  fireEvent.click(screen.getByTestId('user-menu'));
  const menu = await screen.findByTestId('user-menu-items');
  return within(menu)
    .getAllByRole('menuitem')
    .map((m) => ({ text: m.textContent?.trim(), href: m.getAttribute('href'), target: m.getAttribute('target') }));
}

describe('SHELL-043 the user menu’s help entries (issue 14 §5)', () => {
  beforeEach(() => localStorage.clear());

  it('are links to the configured addresses, opening in a new tab; Help on this Page names the page', async () => {
    server({
      help_urls: { page: 'https://help.acme.test/pages', center: 'https://help.acme.test', support: 'https://support.acme.test' },
      support_url: 'https://support.acme.test',
    });
    const entries = await menuEntries();
    expect(entries.slice(0, 3)).toEqual([
      { text: 'Help on this Page', href: `https://help.acme.test/pages?page=${encodeURIComponent(`${P}/probe`)}`, target: '_blank' },
      { text: 'Help Center', href: 'https://help.acme.test', target: '_blank' },
      { text: 'Request Support', href: 'https://support.acme.test', target: '_blank' },
    ]);
  });

  it('are not shown when the deployment configures no address (never a link to nowhere)', async () => {
    server({ help_urls: {}, support_url: null });
    const texts = (await menuEntries()).map((e) => e.text);
    expect(texts).not.toContain('Help on this Page');
    expect(texts).not.toContain('Help Center');
    expect(texts).not.toContain('Request Support');
    expect(texts).toContain('Logout');
  });

  it('Request Support alone when only the support address is set', async () => {
    server({ help_urls: {}, support_url: 'https://support.acme.test' });
    const entries = await menuEntries();
    expect(entries.filter((e) => e.href).map((e) => [e.text, e.href])).toEqual([['Request Support', 'https://support.acme.test']]);
  });
});

describe('SHELL-067 the language options come from GET /api/v1/languages', () => {
  beforeEach(() => localStorage.clear());

  it("offers the answer's data[] items, each by its text, and switches to its value", async () => {
    server({ help_urls: {} }, [
      { value: 'en', text: 'English (server)' },
      { value: 'es', text: 'Español (server)' },
    ]);
    await renderInShell([probe], `${P}/probe`);
    await screen.findByRole('heading', { name: 'Probe page' });
    fireEvent.click(screen.getByTestId('user-menu'));
    const group = await screen.findByTestId('user-menu-languages');
    expect(
      within(group)
        .getAllByRole('menuitem')
        .map((m) => m.textContent?.trim()),
    ).toEqual(['English (server)', 'Español (server)']);
    fireEvent.click(within(group).getByText('Español (server)'));
    expect(localStorage.getItem('language')).toBe('es');
  });

  it('shows no language choice when the server lists only one', async () => {
    server({ help_urls: {} });
    await renderInShell([probe], `${P}/probe`);
    await screen.findByRole('heading', { name: 'Probe page' });
    fireEvent.click(screen.getByTestId('user-menu'));
    await screen.findByTestId('user-menu-items');
    expect(screen.queryByTestId('user-menu-languages')).toBeNull();
  });
});
