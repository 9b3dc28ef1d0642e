import { HotkeysProvider } from '@blueprintjs/core';
import { noticeRoute, routePath, type ClientPlugin, type HierarchySelection, type PluginRoute, type RouteGuardOutcome } from '@discovery/plugin-api';
import {
  contextGuard,
  HierarchyStoreToken,
  homePathFor,
  loadPageModule,
  loginRedirect,
  ROUTING_WARNING_MS,
  SessionStoreToken,
  ToastStoreToken,
  useService,
  type BootResult,
  type RoutingMessage,
} from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useEffectEvent, useMemo, useRef, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { PageErrorBoundary, PluginErrorPanel } from './pages/ErrorPanels';
import { Loading } from './pages/Loading';
import { MissingPermissions } from './pages/MissingPermissions';
import { NotFoundPage } from './pages/NotFoundPage';
import { AppShell } from './shell/AppShell';
import { StateMessage } from './widgets/StateMessage';
import { useDocumentTitle } from './widgets/useDocumentTitle';

/** SHELL-028: the warning stays 10 s, then the app goes to the deepest valid home. */
function RoutingWarning({ warning, to }: { warning: RoutingMessage; to: string }) {
  const toasts = useService(ToastStoreToken);
  const navigate = useNavigate();
  const { t } = useTranslation();
  const message = t(warning.key, warning.values);
  useEffect(() => {
    const id = toasts.warning(message, ROUTING_WARNING_MS);
    const timer = setTimeout(() => navigate(to, { replace: true }), ROUTING_WARNING_MS);
    return () => {
      clearTimeout(timer);
      toasts.dismiss(id);
    };
  }, [message, to, navigate, toasts]);
  return (
    <div data-testid="routing-warning" role="alert">
      <StateMessage level={1} icon="warning-sign" title={message} />
    </div>
  );
}

/**
 * SHELL-005 DESIGN: a page the user may not open sends them to the context home; a warning says
 * which page and why, so the move is never silent (issue 27 §6).
 */
function DeniedRedirect({ to, page }: { to: string; page: string }) {
  const toasts = useService(ToastStoreToken);
  const navigate = useNavigate();
  const { t } = useTranslation();
  const message = t('routing.denied', { page });
  useEffect(() => {
    toasts.warning(message, ROUTING_WARNING_MS);
    navigate(to, { replace: true });
  }, [message, to, navigate, toasts]);
  return null;
}

interface GateProps {
  plugin: ClientPlugin;
  route: PluginRoute;
  Page: LazyExoticComponent<ComponentType>;
  boot: BootResult;
  failed: ReadonlySet<string>;
  /** The notice page of the build, if any (the brand/product guard's target, TBX-026). */
  noticePath: string | null;
}

/** Guards, layout and lazy page of one plugin route (SHELL-005, SHELL-024..031). */
const RouteGate = observer(function RouteGate({ plugin, route, Page, boot, failed, noticePath }: GateProps) {
  const session = useService(SessionStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  // Without the splat of Root's `*` route, which holds the whole path (a product change is not a new page).
  const { '*': _splat, ...params } = useParams();
  const location = useLocation();
  const { clientSlug, regionSlug, brandSlug, productSlug } = params;
  const sel = useMemo<HierarchySelection>(
    () => ({ client: clientSlug, region: regionSlug, brand: brandSlug, product: productSlug }),
    [clientSlug, regionSlug, brandSlug, productSlug],
  );
  const scoped = route.ref.scope !== 'global';
  // The tab names the page's feature (WCAG 2.4.2), e.g. 'Audiences · Discovery'.
  const { t: tr } = useTranslation();
  useDocumentTitle(tr(plugin.titleKey));
  // The URL sets the context when it changes; until then the page waits. After that a page may
  // narrow the context itself (the brand admin's segment mapper selects a brand and product).
  const urlKey = [sel.client, sel.region, sel.brand, sel.product].join('/');
  const [syncedKey, setSyncedKey] = useState<string | null>(null);
  useEffect(() => {
    // Global pages keep the last context, so Home and the X-Context header stay where the user was.
    if (scoped) hierarchy.select(sel);
    setSyncedKey(urlKey);
  }, [hierarchy, scoped, urlKey, sel]);
  // A route that asks for it keeps its page mounted while only a new brand or product syncs (an
  // embedded frame must not reload on a product change): same client, region and other params.
  const shownIn = useRef<string | null>(null);
  const { brandSlug: _brand, productSlug: _product, ...pageParams } = params;
  const pageKey = JSON.stringify([route.ref.id, pageParams]);
  const keepPage = route.keepMountedOnProductChange === true && shownIn.current === pageKey;

  // The route's own guard (SHELL-031), once per URL, after the context is synced.
  const guardKey = location.pathname;
  const [guarded, setGuarded] = useState<{ key: string; outcome: RouteGuardOutcome } | null>(null);
  const ready = session.status === 'authenticated' && hierarchy.loaded && (!scoped || syncedKey === urlKey);
  // The guard sees the params, selection and session as they are when it runs (not a reason to run).
  const runGuard = useEffectEvent((guard: NonNullable<PluginRoute['guard']>) => {
    const get = <T,>(token: { symbol: symbol; __type?: T }) => boot.container.get<T>(token.symbol);
    return guard({ params: { ...params }, selection: sel, session: session.snapshot, get });
  });
  useEffect(() => {
    const guard = route.guard;
    if (!guard || !ready) return;
    let live = true;
    const settleWith = (outcome: RouteGuardOutcome) => {
      if (live) setGuarded({ key: guardKey, outcome });
    };
    Promise.resolve()
      .then(() => runGuard(guard))
      .then(settleWith, (e: unknown) => {
        console.error(`route guard of '${plugin.id}' failed:`, e);
        settleWith({ kind: 'home' });
      });
    return () => {
      live = false;
    };
  }, [route, ready, guardKey, boot, plugin.id]);

  const error = boot.failed.get(plugin.id);
  const page = error ? (
    <PluginErrorPanel pluginId={plugin.id} error={error} />
  ) : (
    <PageErrorBoundary pluginId={plugin.id}>
      {/* One boundary for every route: a navigation is a transition, so the previous page stays
          on screen until the next one can show, without a spinner's flash (a keyed boundary per
          route flashed one at each first visit, since a route's lazy page suspends once even when
          its chunk is loaded; docs/decisions.md). <html data-rendered-location> says which. */}
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
  const shell = (content: React.ReactNode) =>
    route.layout === 'bare' ? (
      content
    ) : (
      <AppShell plugins={boot.plugins} failed={failed} selectorDisabled={route.disablesHierarchySelector === true}>
        {content}
      </AppShell>
    );

  if (route.public) return <>{page}</>;
  if (session.status === 'unknown') return <Loading />;
  if (session.status === 'anonymous') return <Navigate to={loginRedirect(location.pathname, location.search)} replace />;
  const guard = contextGuard(hierarchy.tree, route.ref.scope, sel, { noticePath });
  if (guard.kind === 'redirect') return <Navigate to={guard.to} replace />;
  if (guard.kind === 'warn') return shell(<RoutingWarning warning={guard.message} to={guard.to} />);
  // The selection follows the URL one tick later; wait for it before predicates read it (a kept
  // page stays on screen meanwhile; `requires` and the guard run again once it has synced).
  if (scoped && syncedKey !== urlKey) return keepPage ? shell(page) : <Loading />;
  const home = homePathFor(hierarchy.tree, sel) ?? '/home';
  if (route.requires && !route.requires(session.snapshot)) {
    // BRAND-003: some pages show the shared 'Missing Permissions' state instead of leaving.
    if (route.onDenied === 'missing-permissions') return shell(<MissingPermissions />);
    return <DeniedRedirect to={home} page={tr(plugin.titleKey)} />;
  }
  if (route.guard) {
    const outcome = guarded?.key === guardKey ? guarded.outcome : null;
    if (!outcome) return keepPage && guarded?.outcome.kind === 'allow' ? shell(page) : shell(<Loading />);
    if (outcome.kind === 'home') return <Navigate to={home} replace />;
    if (outcome.kind === 'redirect') return <Navigate to={outcome.to} replace />;
  }
  shownIn.current = pageKey;
  return shell(page);
});

/** SHELL-015 inside the app: a signed-in user keeps the shell (nav, top bar, the way home). */
const NotFound = observer(function NotFound({ boot, failed }: { boot: BootResult; failed: ReadonlySet<string> }) {
  const session = useService(SessionStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  if (session.status === 'unknown') return <Loading />;
  if (session.status !== 'authenticated' || !hierarchy.loaded) return <NotFoundPage />;
  return (
    <AppShell plugins={boot.plugins} failed={failed} selectorDisabled={false}>
      <NotFoundPage inShell />
    </AppShell>
  );
});

/**
 * The plugins' routes (guards, shell, lazy pages) and the not-found page, below Root's splat
 * route. With the shell it is the part of the app the sign-in page does not need: startApp
 * loads it in a chunk of its own once the plugins are wanted.
 */
export function PluginRoutes({ boot }: { boot: BootResult }) {
  const failed = useMemo(() => new Set(boot.failed.keys()), [boot]);
  // TBX-024 / TBX-026: the brand/product guard's target, when a plugin of the build serves it.
  const noticePath = useMemo(() => (boot.plugins.some((p) => (p.routes ?? []).some((r) => r.ref.id === noticeRoute.id)) ? noticeRoute.link() : null), [boot]);
  const routes = useMemo(
    () =>
      boot.plugins.flatMap((plugin) =>
        (plugin.routes ?? []).map((route) => ({
          plugin,
          route,
          path: routePath(route.ref.scope, route.ref.path),
          // The page's chunk and the plugin's page bindings (its stores) arrive together.
          Page: lazy(() => Promise.all([route.load(), loadPageModule(boot.container, plugin)]).then(([page]) => page)),
        })),
      ),
    [boot],
  );
  return (
    <HotkeysProvider>
      <Routes>
        {routes.map((r) => (
          <Route
            key={r.path}
            path={r.path}
            element={<RouteGate plugin={r.plugin} route={r.route} Page={r.Page} boot={boot} failed={failed} noticePath={noticePath} />}
          />
        ))}
        <Route path="*" element={<NotFound boot={boot} failed={failed} />} />
      </Routes>
    </HotkeysProvider>
  );
}
