import { adminDashboardRoute, brandsAdminRoutes, createRouteRef, definePlugin, hasPermission } from '@discovery/plugin-api';
import { HierarchyStoreToken, useService } from '@discovery/platform';
import { FakeServer, fixtures, renderInShell } from '@discovery/test-utils';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

const productPage = createRouteRef({ id: 'probe.page', scope: 'product', path: 'probe' });
const adminPage = adminDashboardRoute;
const homeRef = createRouteRef({ id: 'probe.home', scope: 'product', path: 'home' });
const rootHome = createRouteRef({ id: 'probe.root', scope: 'global', path: 'home' });

const probe = definePlugin({
  id: 'probe',
  titleKey: 'probe',
  routes: [
    { ref: productPage, load: async () => ({ default: () => <h1>Probe page</h1> }) },
    { ref: homeRef, load: async () => ({ default: () => <h1>Product home</h1> }) },
    { ref: rootHome, load: async () => ({ default: () => <h1>Root home</h1> }) },
    {
      ref: adminPage,
      requires: hasPermission('global_admin', 'read'),
      disablesHierarchySelector: true,
      load: async () => ({ default: () => <h1>Admin page</h1> }),
    },
    { ref: brandsAdminRoutes.region, load: async () => ({ default: () => <h1>Brand admin</h1> }) },
  ],
  nav: [
    { target: rootHome, labelKey: 'Home', icon: 'home' },
    { target: productPage, category: 'insights', labelKey: 'Probe', icon: 'lab-test' },
  ],
});
/** A client-scoped page that narrows the context itself, and one that shows 'Missing Permissions' when denied. */
const NarrowingPage = observer(function NarrowingPage() {
  const hierarchy = useService(HierarchyStoreToken);
  return (
    <>
      <h1>Client page</h1>
      <p data-testid="context">{hierarchy.fullSlug}</p>
      <button onClick={() => hierarchy.select({ client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-zero' })}>Narrow</button>
    </>
  );
});
const clientPages = definePlugin({
  id: 'client-pages',
  titleKey: 'client-pages',
  routes: [
    { ref: createRouteRef({ id: 'client-pages.narrow', scope: 'client', path: 'narrow' }), load: async () => ({ default: NarrowingPage }) },
    {
      ref: createRouteRef({ id: 'client-pages.locked', scope: 'client', path: 'locked' }),
      requires: hasPermission('brands', 'read'),
      onDenied: 'missing-permissions',
      load: async () => ({ default: () => <h1>Locked page</h1> }),
    },
  ],
});
const broken = definePlugin({
  id: 'broken',
  titleKey: 'broken',
  routes: [{ ref: createRouteRef({ id: 'broken.page', scope: 'product', path: 'broken' }), load: async () => ({ default: () => <h1>never</h1> }) }],
  activate: () => {
    throw new Error('engine missing');
  },
});

function server(me: ReturnType<typeof fixtures.me> | null = fixtures.me()) {
  const s = new FakeServer()
    .respond('GET /api/v1/config', {
      data: {
        tier: 1,
        logout_url: '/api/v1/adfs/logout',
        help_urls: { page: 'https://help/p', center: 'https://help', support: 'https://support' },
        show_privacy_policy_link: true,
        service_desk_url: 'https://desk',
      },
    })
    .respond('GET /api/v1/hierarchy', { data: fixtures.hierarchy() })
    .respond('GET /api/v1/languages', { data: [{ value: 'en', text: 'English' }] });
  s.handle('GET /api/v1/me', () => (me ? { body: { data: me } } : { status: 401, body: { error: { message: 'expired' }, refresh_login: true } }));
  s.handle('GET /api/v1/contexts/acme%2Fus%2Ffizz-cola%2Ffizz-zero/modules', () => ({ body: { data: ['grow'] } }));
  s.install();
  return s;
}

const P = '/acme/us/fizz-cola/fizz-zero';

describe('the shell', () => {
  beforeEach(() => localStorage.clear());

  it('SHELL-001 SHELL-009 SHELL-010 renders nav, 80px top bar and main area around a plugin page', async () => {
    server();
    const { container } = await renderInShell([probe], `${P}/probe`);
    expect(await screen.findByRole('heading', { name: 'Probe page' })).toBeTruthy();
    const nav = container.querySelector('nav[data-testid="left-nav"]') as HTMLElement;
    expect(nav.style.width).toBe('200px');
    expect(container.querySelector('header[data-testid="top-bar"]')).toBeTruthy();
    expect(container.querySelector('main.dsc-main')).toBeTruthy();
    fireEvent.click(screen.getByTestId('nav-toggle'));
    expect(nav.style.width).toBe('56px');
  });

  it('SHELL-004 lists Home, the categories, then Notifications', async () => {
    server();
    await renderInShell([probe], `${P}/probe`);
    await screen.findByRole('heading', { name: 'Probe page' });
    const items = screen.getAllByTestId(/^nav-item-/).map((e) => e.getAttribute('data-testid'));
    expect(items).toEqual(['nav-item-home', 'nav-item-probe', 'nav-item-notifications']);
  });

  it('SHELL-024 sends a signed-out user to /login with the return URL', async () => {
    server(null);
    await renderInShell([probe], `${P}/probe`);
    expect(await screen.findByRole('tab', { name: 'Current Users' })).toBeTruthy();
  });

  it('a plugin whose activation threw shows its error panel; the other plugins work', async () => {
    server();
    await renderInShell([probe, broken], `${P}/broken`);
    expect(await screen.findByText(/The 'broken' feature failed to start: engine missing/)).toBeTruthy();
    expect(screen.getByTestId('nav-item-probe')).toBeTruthy();
  });

  it("SHELL-028 warns 'Invalid client: {slug}' for 10 s, then redirects to the default home", async () => {
    jest.useFakeTimers();
    try {
      server();
      await renderInShell([probe], '/initech/ca/b/p/probe');
      expect(await screen.findByText('Invalid client: initech', { selector: 'h1' })).toBeTruthy();
      await act(async () => {
        jest.advanceTimersByTime(9_000);
      });
      expect(screen.queryByRole('heading', { name: 'Product home' })).toBeNull();
      await act(async () => {
        jest.advanceTimersByTime(1_000);
      });
      expect(await screen.findByRole('heading', { name: 'Product home' })).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });

  it('SHELL-005 redirects a page whose requirement fails to the context home, and says why (issue 27 §6)', async () => {
    server(fixtures.me({ permissions: {} }));
    await renderInShell([probe], '/global/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Product home' })).toBeTruthy();
    expect(within(screen.getByTestId('toasts')).getByText("You don't have access to probe here, so you were taken to the home page.")).toBeTruthy();
  });

  it("BRAND-003 a route may show the shared 'Missing Permissions' state instead of redirecting", async () => {
    server(fixtures.me({ permissions: {} }));
    await renderInShell([probe, clientPages], '/acme/locked');
    expect(await screen.findByRole('heading', { name: 'Missing Permissions' })).toBeTruthy();
    expect(screen.getByText("You don't have permissions to view this page.")).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Locked page' })).toBeNull();
    expect(screen.getByTestId('top-bar')).toBeTruthy();
  });

  it('a page may narrow the context below its route after the URL set it (BRAND-050)', async () => {
    server();
    await renderInShell([probe, clientPages], '/acme/narrow');
    expect((await screen.findByTestId('context')).textContent).toBe('acme');
    fireEvent.click(screen.getByRole('button', { name: 'Narrow' }));
    await waitFor(() => expect(screen.getByTestId('context').textContent).toBe('acme/us/fizz-cola/fizz-zero'));
    expect(screen.getByRole('heading', { name: 'Client page' })).toBeTruthy();
  });

  it('SHELL-053 disables the hierarchy selector on /global/admin', async () => {
    server();
    await renderInShell([probe], '/global/admin/dashboard');
    await screen.findByRole('heading', { name: 'Admin page' });
    expect((screen.getByTestId('hierarchy-client') as HTMLButtonElement).disabled).toBe(true);
  });

  it('SHELL-015 SHELL-016 shows the not-found page for an unknown path', async () => {
    server();
    await renderInShell([probe], '/no/such/page/here/at/all');
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(screen.getByText('No page matches that URL')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/home');
  });

  it('SHELL-011 shows branch, revision and date for 5 s after typing b-u-i-l-d outside a field', async () => {
    server();
    await renderInShell([probe], `${P}/probe`);
    await screen.findByRole('heading', { name: 'Probe page' });
    jest.useFakeTimers();
    try {
      for (const key of 'build') fireEvent.keyDown(window, { key });
      expect(screen.getByTestId('build-info').textContent).toContain('Revision: abc1234');
      expect(screen.getByTestId('build-info').textContent).toContain('Branch: main');
      act(() => {
        jest.advanceTimersByTime(4999);
      });
      expect(screen.queryByTestId('build-info')).toBeTruthy();
      act(() => {
        jest.advanceTimersByTime(1);
      });
      expect(screen.queryByTestId('build-info')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('SHELL-043 SHELL-046 lists the user menu entries in order, with Stop Viewing As while impersonating', async () => {
    server(fixtures.me({ impersonating: true, impersonator: { id: 9, first_name: 'Ada', last_name: 'Admin' } }));
    await renderInShell([probe], `${P}/probe`);
    await screen.findByRole('heading', { name: 'Probe page' });
    fireEvent.click(screen.getByTestId('user-menu'));
    const menu = await screen.findByTestId('user-menu-items');
    const labels = within(menu)
      .getAllByRole('menuitem')
      .map((m) => m.textContent?.trim());
    expect(labels.slice(0, 4)).toEqual(['Admin', 'Help on this Page', 'Help Center', 'Request Support']);
    expect(labels).toContain('Stop Viewing As');
    expect(labels).not.toContain('Logout');
    // SHELL-044: molecula_access.read and two data sources, a section of the menu
    const sources = within(menu).getByRole('group', { name: 'Data source' });
    expect(within(sources).getAllByRole('menuitem')).toHaveLength(2);
  });

  it('SHELL-049 shows the Add entries only with the create permissions; SHELL-048 groups brands by category', async () => {
    server(fixtures.me({ permissions: { brands: { create: true, read: true }, products: { read: true } } }));
    await renderInShell([probe], `${P}/probe`);
    await screen.findByRole('heading', { name: 'Probe page' });
    fireEvent.click(screen.getByTestId('hierarchy-brand'));
    expect(await screen.findByText('Add Brand')).toBeTruthy();
    expect(screen.getByText('Soft Drinks')).toBeTruthy();
    expect(screen.getByText('Water')).toBeTruthy();
    fireEvent.click(screen.getByTestId('hierarchy-client'));
    await screen.findByText('Globex Retail');
    expect(screen.queryByText('Add Client')).toBeNull();
  });

  it('a build without the admin pages offers neither the Admin entry nor the Add entries that lead there', async () => {
    server();
    const bare = definePlugin({ id: 'bare', titleKey: 'bare', routes: [{ ref: productPage, load: async () => ({ default: () => <h1>Probe page</h1> }) }] });
    await renderInShell([bare], `${P}/probe`);
    await screen.findByRole('heading', { name: 'Probe page' });
    fireEvent.click(screen.getByTestId('user-menu'));
    const menu = await screen.findByTestId('user-menu-items');
    expect(within(menu).queryByText('Admin')).toBeNull();
    fireEvent.click(screen.getByTestId('hierarchy-brand'));
    await screen.findByText('Soft Drinks');
    expect(screen.queryByText('Add Brand')).toBeNull();
  });

  it('SHELL-050 keeps the page when the product changes', async () => {
    server();
    await renderInShell([probe], `${P}/probe`);
    await screen.findByRole('heading', { name: 'Probe page' });
    fireEvent.click(screen.getByTestId('hierarchy-product'));
    fireEvent.click(await screen.findByText('Fizz Classic'));
    await waitFor(() => expect(screen.getByTestId('hierarchy-product').textContent).toContain('Fizz Classic'));
    expect(screen.getByRole('heading', { name: 'Probe page' })).toBeTruthy();
  });

  it.each([
    [true, 1],
    [false, 2],
  ])('SHELL-050 a product change keeps the page; with keepMountedOnProductChange %s it mounts %i time(s)', async (keep, expected) => {
    server();
    let mounts = 0;
    const Counting = () => {
      useEffect(() => {
        mounts++;
      }, []);
      return <h1>Counting page</h1>;
    };
    const counting = definePlugin({
      id: 'counting',
      titleKey: 'c',
      routes: [
        {
          ref: createRouteRef({ id: 'counting.page', scope: 'product', path: 'counting' }),
          keepMountedOnProductChange: keep,
          load: async () => ({ default: Counting }),
        },
      ],
    });
    await renderInShell([counting], `${P}/counting`);
    await screen.findByRole('heading', { name: 'Counting page' });
    fireEvent.click(screen.getByTestId('hierarchy-product'));
    fireEvent.click(await screen.findByText('Fizz Classic'));
    await waitFor(() => expect(screen.getByTestId('hierarchy-product').textContent).toContain('Fizz Classic'));
    expect(await screen.findByRole('heading', { name: 'Counting page' })).toBeTruthy();
    // Pages that load per product start afresh unless the route keeps them (an embedded frame).
    await waitFor(() => expect(mounts).toBe(expected));
  });

  it('a navigation keeps the previous page on screen until the next page can show; <html data-rendered-location> follows the screen, not the URL', async () => {
    server();
    let release: () => void = () => undefined;
    let requested = false;
    const chunk = new Promise<void>((resolve) => (release = resolve));
    const Start = () => {
      const navigate = useNavigate();
      return (
        <>
          <h1>Start page</h1>
          <button onClick={() => navigate(`${P}/slow`)}>Go</button>
        </>
      );
    };
    const slow = definePlugin({
      id: 'slow',
      titleKey: 'slow',
      routes: [
        { ref: createRouteRef({ id: 'slow.start', scope: 'product', path: 'start' }), load: async () => ({ default: Start }) },
        {
          ref: createRouteRef({ id: 'slow.page', scope: 'product', path: 'slow' }),
          load: async () => {
            requested = true;
            await chunk;
            return { default: () => <h1>Slow page</h1> };
          },
        },
      ],
    });
    await renderInShell([slow], `${P}/start`);
    await screen.findByRole('heading', { name: 'Start page' });
    const before = document.documentElement.dataset.renderedLocation;
    expect(before).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    // The next page's chunk is loading (React rendered the navigation and suspended on it): the
    // screen, and its mark, are still the previous page's.
    await waitFor(() => expect(requested).toBe(true));
    expect(screen.getByRole('heading', { name: 'Start page' })).toBeTruthy();
    expect(document.documentElement.dataset.renderedLocation).toBe(before);
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'Slow page' })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.dataset.renderedLocation).not.toBe(before));
  });

  it("SHELL-031 a route's own guard runs after the context guards, may wait, and sends the user home or elsewhere", async () => {
    server();
    const seen: string[] = [];
    const guarded = definePlugin({
      id: 'guarded',
      titleKey: 'g',
      routes: [
        { ref: homeRef, load: async () => ({ default: () => <h1>Product home</h1> }) },
        { ref: createRouteRef({ id: 'guarded.elsewhere', scope: 'global', path: 'elsewhere' }), load: async () => ({ default: () => <h1>Elsewhere</h1> }) },
        {
          ref: createRouteRef({ id: 'guarded.page', scope: 'product', path: 'guarded/:name' }),
          guard: async ({ params, selection }) => {
            seen.push(`${selection.product}:${params.name}`);
            await new Promise((r) => setTimeout(r, 20));
            return params.name === 'open' ? { kind: 'allow' } : params.name === 'away' ? { kind: 'redirect', to: '/elsewhere' } : { kind: 'home' };
          },
          load: async () => ({ default: () => <h1>Guarded page</h1> }),
        },
      ],
    });
    const first = await renderInShell([guarded], `${P}/guarded/open`);
    expect(await screen.findByRole('heading', { name: 'Guarded page' })).toBeTruthy();
    expect(seen).toEqual(['fizz-zero:open']);
    first.unmount();
    const second = await renderInShell([guarded], `${P}/guarded/closed`);
    expect(await screen.findByRole('heading', { name: 'Product home' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Guarded page' })).toBeNull();
    second.unmount();
    await renderInShell([guarded], `${P}/guarded/away`);
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
  });
});
