import { createToken, definePlugin, createRouteRef, hasPermission, type SessionSnapshot } from '@discovery/plugin-api';
import { bootstrapPlugins } from '../bootstrap';
import { initI18n } from '../i18n';
import { buildNav } from '../nav';
import { NavStore } from './NavStore';
import { runInAction } from 'mobx';
import type { ApiClient } from '../ApiClient';
import type { ConfigStore } from './ConfigStore';
import type { HierarchyStore } from './HierarchyStore';
import { postLogoutToFrames, SessionStore, withDefaultPermissions } from './SessionStore';
import { MAX_VISIBLE_TOASTS, TOAST_DURATIONS, ToastStore } from './ToastStore';

describe('ToastStore', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('SHELL-065 closes toasts after 4000 ms by default and delete errors after 5000 ms', () => {
    expect(TOAST_DURATIONS).toEqual({ default: 4000, success: 4000, deleteError: 5000 });
    const t = new ToastStore();
    t.success('Saved');
    t.error('Fizz could not be deleted. Please try again.', TOAST_DURATIONS.deleteError);
    jest.advanceTimersByTime(3999);
    expect(t.toasts.map((x) => x.message)).toEqual(['Fizz could not be deleted. Please try again.', 'Saved']);
    jest.advanceTimersByTime(1);
    expect(t.toasts.map((x) => x.message)).toEqual(['Fizz could not be deleted. Please try again.']);
    jest.advanceTimersByTime(1000);
    expect(t.toasts).toEqual([]);
  });

  it('SHELL-066 keeps persistent notices, shows the newest on top and at most three', () => {
    const t = new ToastStore();
    t.show('error', 'We were unable to save that brand. Please try again.', { persistent: true });
    for (const m of ['a', 'b', 'c']) t.info(m);
    expect(MAX_VISIBLE_TOASTS).toBe(3);
    expect(t.visible.map((x) => x.message)).toEqual(['c', 'b', 'a']);
    jest.advanceTimersByTime(60_000);
    expect(t.visible.map((x) => x.message)).toEqual(['We were unable to save that brand. Please try again.']);
  });
});

describe('NavStore', () => {
  it('SHELL-003 is expanded (200px) by default, collapses to 56px and remembers it', () => {
    localStorage.clear();
    const a = new NavStore();
    expect(a.width).toBe(200);
    a.toggle();
    expect(a.width).toBe(56);
    expect(new NavStore().collapsed).toBe(true);
  });
});

describe('permissions', () => {
  it('SHELL-074 defaults brands and products to create, update and destroy when the server omits them', () => {
    const set = withDefaultPermissions({ audiences: { read: true } });
    expect(set.brands).toEqual({ create: true, update: true, destroy: true });
    expect(set.products).toEqual({ create: true, update: true, destroy: true });
    expect(withDefaultPermissions({ brands: { read: true } }).brands).toEqual({ read: true });
  });
});

describe('buildNav', () => {
  const ref = (id: string, scope: 'global' | 'product' = 'product') => createRouteRef({ id, scope, path: id });
  const snap = (over: Partial<SessionSnapshot> = {}): SessionSnapshot => ({
    can: (r) => r === 'ams_activation',
    featureFlags: { grow: true },
    modules: ['grow'],
    isTier3: false,
    hierarchy: { client: 'acme', region: 'us', brand: 'fizz', product: 'zero' },
    ...over,
  });
  const plugins = [
    definePlugin({
      id: 'tools',
      titleKey: 't',
      nav: [{ target: ref('tool'), category: 'toolbox', labelKey: 'tool', icon: 'wrench' }],
    }),
    definePlugin({
      id: 'grow',
      titleKey: 'g',
      nav: [
        { target: ref('grow'), category: 'insights', labelKey: 'grow', icon: 'chart', order: 2, visibleWhen: (s) => s.featureFlags.grow === true },
        { target: ref('explore'), category: 'insights', labelKey: 'explore', icon: 'search', order: 1 },
        { target: ref('journey'), category: 'plans', labelKey: 'journey', icon: 'path', visibleWhen: (s) => s.modules.includes('journey') },
      ],
    }),
    definePlugin({
      id: 'audiences',
      titleKey: 'a',
      nav: [{ target: ref('ams'), category: 'audiences', labelKey: 'ams', icon: 'send', enabledWhen: hasPermission('ams_activation', 'read') }],
    }),
    definePlugin({ id: 'home', titleKey: 'h', nav: [{ target: ref('home', 'global'), labelKey: 'home', icon: 'home' }] }),
  ];

  it('SHELL-004 puts Home first, then the categories in the fixed order, items by order', () => {
    const nav = buildNav(plugins, snap());
    expect(nav.top.map((e) => e.labelKey)).toEqual(['home']);
    expect(nav.categories.map((c) => c.category)).toEqual(['insights', 'audiences', 'toolbox']);
    expect(nav.categories[0].items.map((e) => e.labelKey)).toEqual(['explore', 'grow']);
    expect(nav.categories[0].items[0].href).toBe('/acme/us/fizz/zero/explore');
  });

  it('SHELL-005 hides entries whose flag or module is off, and a category left empty', () => {
    const nav = buildNav(plugins, snap({ featureFlags: {} }));
    expect(nav.categories[0].items.map((e) => e.labelKey)).toEqual(['explore']);
    expect(nav.categories.find((c) => c.category === 'plans')).toBeUndefined();
  });

  it('SHELL-007 renders the AMS entry disabled without ams_activation.read', () => {
    expect(buildNav(plugins, snap()).categories[1].items[0].enabled).toBe(true);
    expect(buildNav(plugins, snap({ can: () => false })).categories[1].items[0].enabled).toBe(false);
  });

  it('SHELL-008 adds contributed entries (toolbox units) after the static ones of their category, with a literal label; a category with only those shows', () => {
    const nav = buildNav(plugins, snap(), new Set(), [
      { key: 'u2', category: 'toolbox', label: 'Second unit', icon: 'application', href: '/acme/us/toolbox-app/Second', order: 1001 },
      { key: 'u1', category: 'toolbox', label: 'First unit', icon: 'application', href: '/acme/us/toolbox-app/First', order: 1000 },
      { key: 'calc', category: 'outcomes', label: 'Calc', icon: 'share', href: 'https://calc.example.com/', external: true },
    ]);
    expect(nav.categories.map((c) => c.category)).toEqual(['insights', 'audiences', 'outcomes', 'toolbox']);
    const toolbox = nav.categories.find((c) => c.category === 'toolbox')!;
    expect(toolbox.items.map((e) => e.label ?? e.labelKey)).toEqual(['tool', 'First unit', 'Second unit']);
    const calc = nav.categories.find((c) => c.category === 'outcomes')!.items[0];
    expect(calc).toMatchObject({ label: 'Calc', href: 'https://calc.example.com/', external: true, enabled: true });
  });

  it('leaves out product pages while no product is selected', () => {
    const nav = buildNav(plugins, snap({ hierarchy: { client: 'acme', region: 'uk' } }));
    expect(nav.categories).toEqual([]);
    expect(nav.top.map((e) => e.labelKey)).toEqual(['home']);
  });
});

describe('bootstrapPlugins', () => {
  beforeAll(() => initI18n('en'));
  const Counts = createToken<{ n: number }>('counts:Counts');

  it('stops at boot with a message naming a duplicate plugin id', async () => {
    await expect(bootstrapPlugins([definePlugin({ id: 'grow', titleKey: 'x' }), definePlugin({ id: 'grow', titleKey: 'y' })])).rejects.toThrow(
      "duplicate plugin id 'grow'",
    );
  });

  it('stops at boot when a required token has no provider', async () => {
    await expect(bootstrapPlugins([definePlugin({ id: 'overlap', titleKey: 'x', requires: [Counts] })])).rejects.toThrow(
      "plugin 'overlap' requires token 'counts:Counts' which no enabled plugin provides",
    );
  });

  it('records a plugin whose activation throws and still activates the others', async () => {
    const activated: string[] = [];
    const boot = await bootstrapPlugins([
      definePlugin({
        id: 'broken',
        titleKey: 'x',
        activate: () => {
          throw new Error('no engine');
        },
      }),
      definePlugin({ id: 'fine', titleKey: 'y', activate: () => void activated.push('fine') }),
    ]);
    expect(boot.failed.get('broken')?.message).toBe('no engine');
    expect(activated).toEqual(['fine']);
  });
});

describe('logout and embedded frames', () => {
  it('SHELL-047 TBX-023 posts {type: logout} to every frame, addressed to its own origin', () => {
    document.body.innerHTML = '<iframe src="https://app.example.com/x"></iframe><iframe src="http://127.0.0.1:4000/y"></iframe><iframe></iframe>';
    const frames = Array.from(document.querySelectorAll('iframe'));
    const spies = frames.map((f) => jest.spyOn(f.contentWindow!, 'postMessage').mockImplementation(() => undefined));
    expect(postLogoutToFrames(document)).toBe(2);
    expect(spies[0]).toHaveBeenCalledWith({ type: 'logout' }, 'https://app.example.com');
    expect(spies[1]).toHaveBeenCalledWith({ type: 'logout' }, 'http://127.0.0.1:4000');
    // no src: nothing is sent with '*'
    expect(spies[2]).not.toHaveBeenCalled();
    document.body.innerHTML = '';
  });
});

describe('SessionStore.logout', () => {
  it('SHELL-047 TBX-023 tells the frames first, keeps the page for 200 ms, then clears the user and leaves', () => {
    jest.useFakeTimers();
    const assign = jest.fn();
    try {
      document.body.innerHTML = '<iframe src="https://app.example.com/x"></iframe>';
      const post = jest.spyOn(document.querySelector('iframe')!.contentWindow!, 'postMessage').mockImplementation(() => undefined);
      const api = { call: jest.fn(async () => undefined), setCsrfToken: jest.fn() } as unknown as ApiClient;
      const hierarchy = { clear: jest.fn() } as unknown as HierarchyStore;
      const config = { config: { logout_url: '/api/v1/adfs/logout' } } as unknown as ConfigStore;
      const storage = new Map<string, string>([
        ['sso-token', 't'],
        ['auth-token', 'a'],
        ['user', '{}'],
      ]);
      const session = new SessionStore(
        api,
        hierarchy,
        config,
        {
          removeItem: (k: string) => storage.delete(k),
          getItem: (k: string) => storage.get(k) ?? null,
          setItem: (k: string, v: string) => storage.set(k, v),
        } as unknown as Storage,
        assign,
      );
      runInAction(() => {
        session.status = 'authenticated';
        session.me = { first_name: 'Ada' } as SessionStore['me'];
      });
      session.logout('/acme/us/home');
      expect(post).toHaveBeenCalledWith({ type: 'logout' }, 'https://app.example.com');
      expect(storage.size).toBe(0);
      expect(session.status).toBe('authenticated');
      session.logout();
      jest.advanceTimersByTime(199);
      expect(assign).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(assign).toHaveBeenCalledTimes(1);
      expect(assign).toHaveBeenCalledWith(`/api/v1/adfs/logout?returnUrl=${encodeURIComponent('/acme/us/home')}`);
      expect(session.status).toBe('anonymous');
      expect(session.me).toBeNull();
      expect(post).toHaveBeenCalledTimes(1);
    } finally {
      document.body.innerHTML = '';
      jest.useRealTimers();
    }
  });
});
