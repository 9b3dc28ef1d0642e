import { Icons } from '@blueprintjs/icons';
import type { ClientPlugin } from '@discovery/plugin-api';
import { startApp } from '@discovery/ui';
import { BUILD_INFO_ID, parseBuildInfo } from '@discovery/ui/buildInfoElement';

/** Where scripts/build.ts copied one module per icon and size: `<url>/<16|20>/<name>.js`. */
declare const __ICON_PATHS_URL__: string;

/**
 * Entry of every client build. The generated client.tsx passes a loader of the build's plugins,
 * which startApp calls only once a page past sign-in is wanted (the sign-in page needs none).
 * This file imports no CSS: the build makes every lazy chunk import it (the sign-in page's code
 * in one chunk, scripts/build.ts), and CSS it reached would be copied beside every lazy chunk.
 */
export function startHost(plugins: () => Promise<ClientPlugin[]>): void {
  // Icons referred to by name (nav items, `icon="..."`) load their paths one icon at a time,
  // instead of Blueprint's default of every icon of a size in one chunk (~100 KB gzipped).
  Icons.setLoaderOptions({
    loader: async (name, size) => ((await import(`${__ICON_PATHS_URL__}/${size}/${name}.js`)) as { default: string[] }).default,
  });
  // The insight kit's services come with the plugins, in their lazy chunk (not on the sign-in page).
  // Its plugin alone: a dynamic import is an entry point, which keeps every export of the module it
  // names, so importing the kit's index brought its widgets, picker and schemas to every page.
  const withKit = async () => {
    const [{ insightsKitPlugin }, list] = await Promise.all([import('@discovery/insights-kit/plugin'), plugins()]);
    return [insightsKitPlugin, ...list];
  };
  startApp({ plugins: withKit, buildInfo: parseBuildInfo(document.getElementById(BUILD_INFO_ID)?.textContent) }).catch((e: unknown) => {
    // Nothing rendered (the shell's own resources failed): say so rather than leave a blank page.
    console.error('Discovery could not start', e);
    const root = document.getElementById('root');
    if (root) root.textContent = 'Discovery could not start. Please refresh the page.';
  });
}
