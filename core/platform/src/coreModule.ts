import { ContainerModule } from 'inversify';
import { ApiClient } from './ApiClient';
import { chosenDataSource } from './hierarchy';
import { ChangeFeed } from './stores/ChangeFeed';
import { ConfigStore } from './stores/ConfigStore';
import { ErrorBannerStore } from './stores/ErrorBannerStore';
import { HierarchyStore } from './stores/HierarchyStore';
import { NavStore } from './stores/NavStore';
import { SessionStore } from './stores/SessionStore';
import { ToastStore } from './stores/ToastStore';
import {
  ApiClientToken,
  ChangeFeedToken,
  ConfigStoreToken,
  ErrorBannerStoreToken,
  HierarchyStoreToken,
  NavStoreToken,
  SessionStoreToken,
  ToastStoreToken,
} from './tokens';

/** The shell's services, singletons. Factories instead of decorators: esbuild emits no metadata. */
export const coreModule = new ContainerModule(({ bind }) => {
  bind(ErrorBannerStoreToken.symbol)
    .toDynamicValue(() => new ErrorBannerStore())
    .inSingletonScope();
  bind(ToastStoreToken.symbol)
    .toDynamicValue(() => new ToastStore())
    .inSingletonScope();
  bind(ChangeFeedToken.symbol)
    .toDynamicValue(() => new ChangeFeed())
    .inSingletonScope();
  // The nav remembers each user's own choice (issue 14 §6).
  bind(NavStoreToken.symbol)
    .toDynamicValue((ctx) => new NavStore(localStorage, () => ctx.get<SessionStore>(SessionStoreToken.symbol).me?.id ?? null))
    .inSingletonScope();
  bind(ApiClientToken.symbol)
    .toDynamicValue((ctx) => {
      const banner = ctx.get<ErrorBannerStore>(ErrorBannerStoreToken.symbol);
      return new ApiClient({
        context: () => ctx.get<HierarchyStore>(HierarchyStoreToken.symbol).fullSlug || null,
        dataSource: () => chosenDataSource(ctx.get<HierarchyStore>(HierarchyStoreToken.symbol).nodes.region, localStorage),
        showBanner: (m) => banner.show(m),
        refreshLogin: () => {
          // SHELL-064: back to sign-in with the current page as the return URL, unless there already.
          if (window.location.pathname.startsWith('/login')) return;
          ctx.get<SessionStore>(SessionStoreToken.symbol).logout(window.location.pathname + window.location.search);
        },
      });
    })
    .inSingletonScope();
  bind(ConfigStoreToken.symbol)
    .toDynamicValue((ctx) => new ConfigStore(ctx.get(ApiClientToken.symbol)))
    .inSingletonScope();
  bind(HierarchyStoreToken.symbol)
    .toDynamicValue((ctx) => new HierarchyStore(ctx.get(ApiClientToken.symbol)))
    .inSingletonScope();
  bind(SessionStoreToken.symbol)
    .toDynamicValue((ctx) => new SessionStore(ctx.get(ApiClientToken.symbol), ctx.get(HierarchyStoreToken.symbol), ctx.get(ConfigStoreToken.symbol)))
    .inSingletonScope();
});
