import {
  ApiClientToken,
  ConfigStoreToken,
  ErrorBannerStoreToken,
  HierarchyStoreToken,
  SessionStoreToken,
  ToastStoreToken,
  type ApiClient,
  type ConfigStore,
  type ErrorBannerStore,
  type HierarchyStore,
  type SessionStore,
  type ToastStore,
} from '@discovery/platform';
import i18next from 'i18next';
import { ContainerModule } from 'inversify';
import { BrandsAdminStore, BrandsAdminStoreToken } from './stores/BrandsAdminStore';

/** Brand Management's store, a singleton over the core services (factories: esbuild emits no metadata). */
export const brandsAdminModule = new ContainerModule(({ bind }) => {
  bind(BrandsAdminStoreToken.symbol)
    .toDynamicValue(
      (ctx) =>
        new BrandsAdminStore({
          api: ctx.get<ApiClient>(ApiClientToken.symbol),
          hierarchy: ctx.get<HierarchyStore>(HierarchyStoreToken.symbol),
          session: ctx.get<SessionStore>(SessionStoreToken.symbol),
          config: ctx.get<ConfigStore>(ConfigStoreToken.symbol),
          toasts: ctx.get<ToastStore>(ToastStoreToken.symbol),
          banner: ctx.get<ErrorBannerStore>(ErrorBannerStoreToken.symbol),
          t: (key, options) => i18next.t(key, { ns: 'brands-admin', ...options }),
        }),
    )
    .inSingletonScope();
});
