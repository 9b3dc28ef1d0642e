/**
 * Blueprint's `Icons` loader (what its `Icon` component calls: `getPaths`, `load`) without the
 * list of every icon name the original checks names against, which put ~9 KB (compressed) on
 * the sign-in page. A name that is no icon fails to load instead, logged as Blueprint logs a
 * failed load. The build resolves `@blueprintjs/icons` to ./blueprint-icons.ts, which exports
 * this; the host sets the loader (one module per icon, host/src/client).
 */
import type { IconLoaderOptions, IconPathsLoader } from '@blueprintjs/icons/lib/esm/iconLoader';
import type { IconName } from '@blueprintjs/icons/lib/esm/iconNames';
import { IconSize, type IconPaths } from '@blueprintjs/icons/lib/esm/iconTypes';

const ICON_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const loaded = { 16: new Map<string, IconPaths>(), 20: new Map<string, IconPaths>() };
const pending = new Map<string, Promise<void>>();
let defaultLoader: IconLoaderOptions['loader'];

async function loaderFn(options: IconLoaderOptions = {}): Promise<IconPathsLoader> {
  const loader = options.loader ?? defaultLoader;
  if (typeof loader === 'function') return loader;
  // Blueprint's own loaders, for a page that sets none.
  if (loader === 'all') return (await import('@blueprintjs/icons/lib/esm/paths-loaders/allPathsLoader')).allPathsLoader;
  return (await import('@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader')).splitPathsBySizeLoader;
}

const sizeOf = (size: number) => (size < IconSize.LARGE ? IconSize.STANDARD : IconSize.LARGE);

export class Icons {
  static setLoaderOptions(options: IconLoaderOptions): void {
    if (options.loader !== undefined) defaultLoader = options.loader;
  }

  static async load(icons: IconName | IconName[], size: number, options?: IconLoaderOptions): Promise<void> {
    await Promise.all((Array.isArray(icons) ? icons : [icons]).map((icon) => Icons.loadOne(icon, sizeOf(size), options)));
  }

  static async loadAll(options?: IconLoaderOptions): Promise<void> {
    const { IconNames } = await import('@blueprintjs/icons/lib/esm/iconNames');
    const all = [...new Set(Object.values(IconNames))];
    await Promise.all([Icons.load(all, IconSize.STANDARD, options), Icons.load(all, IconSize.LARGE, options)]);
  }

  static getPaths(icon: IconName, size: IconSize): IconPaths | undefined {
    return loaded[sizeOf(size)].get(icon);
  }

  /** Whether the name can be an icon's (the full list is not loaded: see above). */
  static isValidIconName(iconName: string): iconName is IconName {
    return ICON_NAME.test(iconName);
  }

  private static loadOne(icon: IconName, size: IconSize, options?: IconLoaderOptions): Promise<void> {
    const key = `${size}:${icon}`;
    if (loaded[size].has(icon)) return Promise.resolve();
    let p = pending.get(key);
    if (!p) {
      p = (async () => {
        try {
          if (!Icons.isValidIconName(icon)) throw new Error('not an icon name');
          loaded[size].set(icon, await (await loaderFn(options))(icon, size));
        } catch (e) {
          console.error(`[Blueprint] Unable to load ${size}px icon '${icon}'`, e);
        } finally {
          pending.delete(key);
        }
      })();
      pending.set(key, p);
    }
    return p;
  }
}
