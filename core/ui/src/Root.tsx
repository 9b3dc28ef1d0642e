import { OverlaysProvider, PortalProvider } from '@blueprintjs/core';
import { ConfigStoreToken, ContainerProvider, ErrorBannerStoreToken, loginRedirect, SessionStoreToken, useService } from '@discovery/platform';
import type { Container } from 'inversify';
import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Loading } from './pages/Loading';
import { LoginPage } from './pages/LoginPage';
import { LogoutConfirmPage } from './pages/LogoutConfirmPage';
import { BuildInfo, type BuildInfoValues } from './shell/BuildInfo';
import { Toasts } from './shell/Toasts';

export interface RootProps {
  container: Container;
  buildInfo: BuildInfoValues;
  /** Every other path: the plugins' routes and the not-found page (PluginRoutes). */
  pluginRoutes: ReactNode;
  /** Called once the session is known to be signed in (the app starts loading the plugins then). */
  onSignedIn?: () => void;
}

/**
 * SHELL-024 for the app's home (where / and sign-in lead) before any plugin loads: a visitor who
 * opens the site signed out goes to sign-in from the first chunk. Any other path may be a
 * plugin's public page, which only the plugins know: those go to the plugins' routes at once.
 */
const PastSignIn = observer(function PastSignIn({ pluginRoutes }: { pluginRoutes: ReactNode }) {
  const session = useService(SessionStoreToken);
  const location = useLocation();
  if (location.pathname === '/home' && session.status !== 'authenticated') {
    return session.status === 'unknown' ? <Loading /> : <Navigate to={loginRedirect(location.pathname, location.search)} replace />;
  }
  return <>{pluginRoutes}</>;
});

const Frame = observer(function Frame({ buildInfo, pluginRoutes, onSignedIn }: Omit<RootProps, 'container'>) {
  const session = useService(SessionStoreToken);
  const config = useService(ConfigStoreToken);
  const banner = useService(ErrorBannerStoreToken);
  const location = useLocation();

  useEffect(() => {
    config.load();
    session.init();
  }, [config, session]);
  // SHELL-063: the banner clears on the next navigation.
  useEffect(() => banner.clear(), [location.pathname, banner]);
  useEffect(() => {
    if (session.status === 'authenticated') onSignedIn?.();
  }, [session.status, onSignedIn]);
  // The history entry whose page is on screen, on <html data-rendered-location>. A navigation
  // renders in a transition, which commits all at once when the new page can show (the previous
  // page stays until then), so this changes with the screen; the URL changes before. Tools that navigate inside
  // the app (the a11y walk, e2e/pageobjects/a11y/RouteCatalog.ts) wait for it.
  useLayoutEffect(() => {
    document.documentElement.dataset.renderedLocation = location.key;
  }, [location.key]);

  return (
    <>
      <Routes>
        <Route path="/" element={<Navigate to="/home" replace />} />
        <Route path="/login" element={session.status === 'unknown' ? <Loading /> : <LoginPage version={buildInfo.version} />} />
        <Route path="/logout-confirm" element={session.status === 'unknown' ? <Loading /> : <LogoutConfirmPage />} />
        <Route path="*" element={<PastSignIn pluginRoutes={pluginRoutes} />} />
      </Routes>
      <Toasts />
      <BuildInfo info={buildInfo} />
    </>
  );
});

/**
 * What every page needs: the container, Blueprint's providers, the sign-in page, toasts and build
 * info. It imports no plugin and no shell, so the sign-in page renders from the first chunk; the
 * plugins' routes come in as `pluginRoutes` (startApp loads them lazily, App passes them ready).
 */
export function Root({ container, ...rest }: RootProps) {
  return (
    <ContainerProvider container={container}>
      {/* Blueprint's providers but hotkeys: PluginRoutes adds those (with their dialog) past sign-in. */}
      <PortalProvider>
        <OverlaysProvider>
          <Frame {...rest} />
        </OverlaysProvider>
      </PortalProvider>
    </ContainerProvider>
  );
}
