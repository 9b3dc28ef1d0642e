import { createToken } from './tokens';
import { PluginValidationError, validatePlugins } from './validate';
import { createRouteRef } from './routeRefs';
import { definePlugin, routePath } from './plugin';
import { defineServerPlugin } from './serverPlugin';
import { fullSlugOf, parseFullSlug } from './hierarchy';

const Counts = createToken<{ count(): number }>('counts:CountsClient');
const Segments = createToken<object>('segments:SegmentPicker');

function expectCulprit(fn: () => unknown, culprit: string, text: RegExp) {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(PluginValidationError);
    expect((e as PluginValidationError).culprit).toBe(culprit);
    expect((e as Error).message).toMatch(text);
    return;
  }
  throw new Error('expected validation to fail');
}

describe('validatePlugins (boot-time checks)', () => {
  it('rejects a duplicate plugin id and names it', () => {
    expectCulprit(() => validatePlugins([{ id: 'overlap' }, { id: 'overlap' }]), 'overlap', /duplicate plugin id 'overlap'/);
  });

  it('rejects a duplicate route path and names both plugins', () => {
    expectCulprit(
      () =>
        validatePlugins([
          { id: 'grow', routePaths: ['/:clientSlug/home'] },
          { id: 'journey', routePaths: ['/:clientSlug/home'] },
        ]),
      'journey',
      /duplicate route path '\/:clientSlug\/home': declared by plugin 'grow' and plugin 'journey'/,
    );
  });

  it('rejects a required token with no provider, naming plugin and token', () => {
    expectCulprit(
      () => validatePlugins([{ id: 'overlap', requires: [Counts] }]),
      'overlap',
      /plugin 'overlap' requires token 'counts:CountsClient' which no enabled plugin provides/,
    );
  });

  it('rejects a token provided twice', () => {
    expectCulprit(
      () =>
        validatePlugins([
          { id: 'a', provides: [Counts] },
          { id: 'b', provides: [Counts] },
        ]),
      'b',
      /token 'counts:CountsClient' is provided by both plugin 'a' and plugin 'b'/,
    );
  });

  it('rejects a dependency cycle and prints it', () => {
    expectCulprit(
      () =>
        validatePlugins([
          { id: 'a', provides: [Counts], requires: [Segments] },
          { id: 'b', provides: [Segments], requires: [Counts] },
        ]),
      'a',
      /dependency cycle between plugins: a -> b -> a/,
    );
  });

  it('orders providers before the plugins that require them; a missing optional token is fine', () => {
    const order = validatePlugins([
      { id: 'overlap', requires: [Counts], optional: [Segments] },
      { id: 'counts', provides: [Counts] },
    ]);
    expect(order.map((p) => p.id)).toEqual(['counts', 'overlap']);
  });
});

describe('definePlugin / defineServerPlugin', () => {
  it('rejects ids that are not kebab-case', () => {
    expect(() => definePlugin({ id: 'Grow', titleKey: 'x' })).toThrow(/kebab-case/);
    expect(() => defineServerPlugin({ id: 'grow_x', register() {} })).toThrow(/kebab-case/);
  });

  it('rejects badly named and duplicate migrations', () => {
    expect(() => defineServerPlugin({ id: 'grow', migrations: [{ id: 'init', sql: '' }], register() {} })).toThrow(/NNNN_name/);
    expect(() =>
      defineServerPlugin({
        id: 'grow',
        migrations: [
          { id: '0001_init', sql: '' },
          { id: '0001_init', sql: '' },
        ],
        register() {},
      }),
    ).toThrow(/duplicate migration/);
  });
});

describe('route refs and hierarchy slugs', () => {
  it('builds links under the scope prefix (SRV-038 fullSlug)', () => {
    const detail = createRouteRef({ id: 'audiences.detail', scope: 'product', path: 'audiences/overview/:type/:id' });
    expect(detail.link({ client: 'acme', region: 'us', brand: 'fizz', product: 'zero' }, { type: 'audience', id: 7 })).toBe(
      '/acme/us/fizz/zero/audiences/overview/audience/7',
    );
    const home = createRouteRef({ id: 'home.client', scope: 'client', path: 'home' });
    expect(home.link({ client: 'acme', region: 'us' })).toBe('/acme/home');
    const grow = createRouteRef({ id: 'grow', scope: 'product', path: 'insights/grow/:mekkoId?' });
    expect(grow.link({ client: 'a', region: 'b', brand: 'c', product: 'd' })).toBe('/a/b/c/d/insights/grow');
    expect(() => detail.link({ client: 'a', region: 'b', brand: 'c', product: 'd' }, { type: 'x' })).toThrow(/missing param 'id'/);
  });

  it('joins and splits full slugs', () => {
    expect(fullSlugOf({ client: 'a', region: 'b', brand: 'c' })).toBe('a/b/c');
    expect(fullSlugOf({ client: 'a', brand: 'c' })).toBe('a');
    expect(parseFullSlug('a/b/c/d')).toEqual({ client: 'a', region: 'b', brand: 'c', product: 'd' });
    expect(routePath('region', 'home')).toBe('/:clientSlug/:regionSlug/home');
    expect(routePath('global', 'health')).toBe('/health');
  });
});
