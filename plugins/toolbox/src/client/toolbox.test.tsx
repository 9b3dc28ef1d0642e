import { createRouteRef, definePlugin } from '@discovery/plugin-api';
import { FakeServer, fixtures, renderInShell } from '@discovery/test-utils';
import { act, screen, waitFor } from '@testing-library/react';
import { FrameMessenger } from './FrameMessenger';
import plugin from './index';
import { toolboxUnit } from '../common/testing/units';

/** Product and root homes, so a redirect to home lands on a page we can see. */
const probe = definePlugin({
  id: 'probe',
  titleKey: 'probe',
  routes: [
    { ref: createRouteRef({ id: 'probe.home', scope: 'product', path: 'home' }), load: async () => ({ default: () => <h1>Product home</h1> }) },
    { ref: createRouteRef({ id: 'probe.region-home', scope: 'region', path: 'home' }), load: async () => ({ default: () => <h1>Region home</h1> }) },
  ],
});

const US = 1;
const unit = toolboxUnit;
const UNITS = [
  unit({ id: 1, name: 'Demo App' }),
  unit({ id: 2, name: 'US Only', region_ids: [US] }),
  unit({ id: 3, name: 'UK Only', region_ids: [2] }),
  unit({ id: 4, name: 'Calculator', iframed: false, url: 'https://calc.example.com/', feature_module_category: 'plans' }),
  unit({ id: 5, name: 'Planner', use_client_hierarchy: true, feature_module_category: 'plans' }),
];

function server({ applications = true, units = UNITS, token = 'tok-1' as string | null } = {}) {
  const tree = fixtures.hierarchy().map((c) => ({ ...c, feature_flags: { ...c.feature_flags, applications } as Record<string, boolean> }));
  const s = new FakeServer()
    .respond('GET /api/v1/config', {
      data: { tier: 1, logout_url: '/api/v1/adfs/logout', help_urls: {}, support_url: 'https://support.example.com', service_desk_url: 'https://desk' },
    })
    .respond('GET /api/v1/hierarchy', { data: tree })
    .respond('GET /api/v1/me', { data: fixtures.me() })
    .respond('GET /api/v1/languages', { data: [] })
    .respond('GET /api/v1/toolbox/units/type/nav/client/acme', { data: units });
  // SRV-013: the page asks for a token made for the unit it shows.
  s.handle('GET /api/v1/sso/frame-token', (_b, _i, url) =>
    token
      ? { body: { token: `${token}`, unit: url.searchParams.get('unit'), validation_url: '/api/v1/sso/validate' } }
      : { status: 401, body: { error: { message: 'no session' } } },
  );
  s.handle('GET /api/v1/contexts/acme%2Fus%2Ffizz-cola%2Ffizz-zero/modules', () => ({ body: { data: [] } }));
  s.install();
  return s;
}

const P = '/acme/us/fizz-cola/fizz-zero';
const frame = () => screen.findByTestId('toolbox-app-frame') as Promise<HTMLIFrameElement>;

describe('toolbox in the shell', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.useRealTimers());

  it('TBX-001 TBX-003 TBX-004 lists the visible units in the nav under their categories; an external unit opens a new tab', async () => {
    server();
    await renderInShell([probe, plugin], `${P}/home`);
    await screen.findByTestId('nav-item-demo-app');
    const toolbox = screen.getByTestId('nav-category-toolbox');
    const plans = screen.getByTestId('nav-category-plans');
    expect(toolbox.textContent).toContain('Demo App');
    expect(toolbox.textContent).toContain('US Only');
    expect(screen.queryByTestId('nav-item-uk-only')).toBeNull();
    expect(plans.textContent).toContain('Calculator');
    expect(plans.textContent).toContain('Planner');
    expect(screen.getByTestId('nav-item-demo-app').getAttribute('href')).toBe(`${P}/toolbox-app/Demo%20App`);
    const calc = screen.getByTestId('nav-item-calculator');
    expect(calc.getAttribute('href')).toBe('https://calc.example.com/');
    expect(calc.getAttribute('target')).toBe('_blank');
    expect(calc.getAttribute('rel')).toContain('noopener');
  });

  it('TBX-001 at region level a unit that needs a product is hidden and iframed units link to the region-level route', async () => {
    server();
    await renderInShell([probe, plugin], '/acme/us/home');
    await screen.findByTestId('nav-item-demo-app');
    expect(screen.getByTestId('nav-item-demo-app').getAttribute('href')).toBe('/acme/us/toolbox-app/Demo%20App');
    expect(screen.queryByTestId('nav-item-planner')).toBeNull();
  });

  it("TBX-013 without 'applications' the iframed units leave the nav and the frame route goes home", async () => {
    server({ applications: false });
    await renderInShell([probe, plugin], `${P}/toolbox-app/Demo%20App`);
    expect(await screen.findByRole('heading', { name: 'Product home' })).toBeTruthy();
    await screen.findByTestId('nav-item-calculator');
    expect(screen.queryByTestId('nav-item-demo-app')).toBeNull();
  });

  it('TBX-015 TBX-016 the guard waits for the units, then sends an external or unknown unit home', async () => {
    const s = server();
    await renderInShell([probe, plugin], `${P}/toolbox-app/Calculator`);
    expect(await screen.findByRole('heading', { name: 'Product home' })).toBeTruthy();
    expect(screen.queryByTestId('toolbox-app-frame')).toBeNull();
    // one fetch for the client, shared by the nav and the guard
    expect(s.calls.filter((c) => c.url.startsWith('/api/v1/toolbox/units')).length).toBe(1);
  });

  it('TBX-015 a unit of another region goes home', async () => {
    server();
    await renderInShell([probe, plugin], '/acme/us/toolbox-app/UK%20Only');
    expect(await screen.findByRole('heading', { name: 'Product home' })).toBeTruthy();
  });

  it('TBX-014 TBX-017 TBX-019 shows the unit url in a frame and posts {token, validation URL} to its origin on load', async () => {
    const s = server();
    await renderInShell([probe, plugin], '/acme/us/toolbox-app/US%20Only');
    const f = await frame();
    expect(f.getAttribute('src')).toBe('https://app.example.com/start');
    const post = jest.spyOn(f.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    await act(async () => {
      f.dispatchEvent(new Event('load'));
    });
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        { type: 'sso-token', token: 'tok-1', validationUrl: `${window.location.origin}/api/v1/sso/validate` },
        'https://app.example.com',
      ),
    );
    // SRV-013: the token is made for this unit (its audience)
    expect(s.calls.filter((c) => c.url.startsWith('/api/v1/sso/frame-token')).map((c) => c.url)).toEqual(['/api/v1/sso/frame-token?unit=US%20Only']);
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        { type: 'context-change', clientSlug: 'acme', regionSlug: 'us', brandSlug: null, productSlug: null },
        'https://app.example.com',
      ),
    );
  });

  it('TBX-020 a token request from another origin or another window gets no token; one from the frame does', async () => {
    server();
    await renderInShell([probe, plugin], `${P}/toolbox-app/Demo%20App`);
    const f = await frame();
    const post = jest.spyOn(f.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    await act(async () => {
      window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example.com', data: { type: 'request-sso-token' }, source: f.contentWindow }));
      window.dispatchEvent(
        new MessageEvent('message', { origin: 'https://app.example.com.evil.example', data: { type: 'request-sso-token' }, source: f.contentWindow }),
      );
      // the frame's origin, but not the frame (a popup or sibling frame of that origin)
      window.dispatchEvent(new MessageEvent('message', { origin: 'https://app.example.com', data: { type: 'request-sso-token' }, source: window }));
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(post).not.toHaveBeenCalled();
    await act(async () => {
      window.dispatchEvent(new MessageEvent('message', { origin: 'https://app.example.com', data: { type: 'request-sso-token' }, source: f.contentWindow }));
    });
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]).toEqual([
      { type: 'sso-token', token: 'tok-1', validationUrl: expect.stringMatching(/\/api\/v1\/sso\/validate$/) },
      'https://app.example.com',
    ]);
  });

  it('TBX-018 shows the product support message when the frame has not loaded after 1 minute', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    server();
    await renderInShell([probe, plugin], `${P}/toolbox-app/Demo%20App`);
    await frame();
    act(() => {
      jest.advanceTimersByTime(59_000);
    });
    expect(screen.queryByTestId('toolbox-app-slow')).toBeNull();
    act(() => {
      jest.advanceTimersByTime(1_500);
    });
    const slow = await screen.findByTestId('toolbox-app-slow');
    expect(slow.textContent).toContain('This application is taking longer than expected to load. Please contact product support.');
    expect(slow.querySelector('a')?.getAttribute('href')).toBe('https://support.example.com');
  });

  it('TBX-024 TBX-025 TBX-026 a product route in a region without brands goes to the notice page', async () => {
    server();
    await renderInShell([probe, plugin], '/acme/uk/some-brand/some-product/home');
    expect(await screen.findByRole('heading', { name: 'Oops...' })).toBeTruthy();
    expect(screen.getByTestId('notice-text').textContent).toBe(
      'The selected client and region has no brand or product associated with it. Please contact your Agency Admin.',
    );
    expect(screen.getByTestId('notice-support').getAttribute('href')).toBe('https://support.example.com');
  });

  it('SHELL-017 the notice page needs a session: signed out, /notice opens sign-in', async () => {
    new FakeServer()
      .respond('GET /api/v1/config', { data: { tier: 1, logout_url: '/api/v1/adfs/logout', help_urls: {} } })
      .respond('GET /api/v1/hierarchy', { data: fixtures.hierarchy() })
      .respond('GET /api/v1/languages', { data: [] })
      .respond('GET /api/v1/me', { error: { message: 'expired' }, refresh_login: true }, 401)
      .install();
    await renderInShell([probe, plugin], '/notice');
    expect(await screen.findByRole('tab', { name: 'Current Users' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Oops...' })).toBeNull();
  });
});

describe('FrameMessenger', () => {
  const make = (fetchToken: () => Promise<string | null>) => {
    const postMessage = jest.fn();
    const warn = jest.fn();
    const frame = { postMessage };
    const m = new FrameMessenger({
      unitUrl: 'https://app.example.com/x',
      target: () => frame,
      fetchToken,
      validationUrl: 'https://discovery.example/api/v1/sso/validate',
      warn,
    });
    return { m, postMessage, warn, frame };
  };

  it('TBX-020 ignores a request from another origin or another window, and answers the frame itself', async () => {
    const { m, postMessage, frame } = make(async () => 't');
    expect(await m.handleMessage({ origin: 'https://other.example.com', data: { type: 'request-sso-token' }, source: frame })).toBe(false);
    // the right origin, but a popup or sibling frame of that origin, not the embedded frame
    expect(await m.handleMessage({ origin: 'https://app.example.com', data: { type: 'request-sso-token' }, source: { postMessage: jest.fn() } })).toBe(false);
    expect(await m.handleMessage({ origin: 'https://app.example.com', data: { type: 'request-sso-token' } })).toBe(false);
    expect(postMessage).not.toHaveBeenCalled();
    expect(await m.handleMessage({ origin: 'https://app.example.com', data: { type: 'request-sso-token' }, source: frame })).toBe(true);
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(postMessage).toHaveBeenCalledWith(
      { type: 'sso-token', token: 't', validationUrl: 'https://discovery.example/api/v1/sso/validate' },
      'https://app.example.com',
    );
  });

  it('TBX-020 a frame asking again within a second gets no new token; after it, it does', async () => {
    const postMessage = jest.fn();
    const frame = { postMessage };
    let now = 10_000;
    const m = new FrameMessenger({
      unitUrl: 'https://app.example.com/x',
      target: () => frame,
      fetchToken: async () => 't',
      validationUrl: 'https://discovery.example/api/v1/sso/validate',
      warn: jest.fn(),
      now: () => now,
    });
    const ask = () => m.handleMessage({ origin: 'https://app.example.com', data: { type: 'request-sso-token' }, source: frame });
    expect(await ask()).toBe(true);
    now += 400;
    expect(await ask()).toBe(false);
    now += 700;
    expect(await ask()).toBe(true);
    expect(postMessage).toHaveBeenCalledTimes(2);
  });

  it('TBX-022 without a token only a warning is logged and nothing is posted', async () => {
    const { m, postMessage, warn } = make(async () => null);
    expect(await m.sendToken()).toBe(false);
    expect(postMessage).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no single sign-on token'));
    const failing = make(async () => {
      throw new Error('401');
    });
    expect(await failing.m.sendToken()).toBe(false);
    expect(failing.warn).toHaveBeenCalled();
  });
});
