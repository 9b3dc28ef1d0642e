import { bootstrapPlugins, createCoreContainer, initI18n } from '@discovery/platform';
import type { ClientPlugin } from '@discovery/plugin-api';
import { lazy, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { BootError } from './pages/ErrorPanels';
import { Loading } from './pages/Loading';
import { Root } from './Root';
import type { BuildInfoValues } from './shell/BuildInfo';

/**
 * Boots a build. The sign-in page renders at once from the first chunk (core stores, Blueprint's
 * providers, the login form); the build's plugins (their stores and schemas) and the shell are
 * loaded, validated and activated in a lazy chunk when a page past sign-in is wanted, or as soon as
 * the session is known to be signed in (during sign-in, so the next page does not wait).
 */
export async function startApp(opts: { plugins: () => Promise<ClientPlugin[]>; buildInfo: BuildInfoValues; rootElement?: HTMLElement }): Promise<void> {
  const root = createRoot(opts.rootElement ?? document.getElementById('root')!);
  await initI18n();
  const container = createCoreContainer();

  let booting: Promise<ComponentType> | null = null;
  const boot = (): Promise<ComponentType> =>
    (booting ??= Promise.all([opts.plugins(), import('./PluginRoutes'), import('./monitoring')]).then(
      async ([plugins, { PluginRoutes }, { startMonitoring }]) => {
        // SHELL-119: a signed-in session's errors, where the deployment asks for them.
        void startMonitoring(container).catch((e: unknown) => console.warn('browser monitoring did not start', e));
        const result = await bootstrapPlugins(plugins, { container });
        return function BootedRoutes() {
          return <PluginRoutes boot={result} />;
        };
      },
    ));
  // Validation failing at boot (or the chunk failing to load) shows the boot error on every page
  // past sign-in; the message names the plugin to fix.
  const LazyRoutes = lazy<ComponentType>(() =>
    boot().then(
      (Routes) => ({ default: Routes }),
      (e: unknown) => ({ default: () => <BootError error={e instanceof Error ? e : new Error(String(e))} /> }),
    ),
  );
  const preload = () => void boot().catch(() => undefined);

  root.render(
    <BrowserRouter>
      <Root
        container={container}
        buildInfo={opts.buildInfo}
        onSignedIn={preload}
        pluginRoutes={
          <Suspense fallback={<Loading />}>
            <LazyRoutes />
          </Suspense>
        }
      />
    </BrowserRouter>,
  );
}
