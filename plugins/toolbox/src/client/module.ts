import {
  ApiClientToken,
  HierarchyStoreToken,
  NavContributionToken,
  ToastStoreToken,
  type ApiClient,
  type HierarchyStore,
  type ToastStore,
} from '@discovery/platform';
import i18next from 'i18next';
import { ContainerModule } from 'inversify';
import { ToolboxAdminStore, ToolboxAdminStoreToken } from './stores/ToolboxAdminStore';
import { ToolboxUnitsStore, ToolboxUnitsStoreToken } from './stores/ToolboxUnitsStore';

/** The toolbox's stores (singletons); the units store also fills the left nav (NavContribution). */
export const toolboxModule = new ContainerModule(({ bind }) => {
  bind(ToolboxUnitsStoreToken.symbol)
    .toDynamicValue((ctx) => new ToolboxUnitsStore(ctx.get<ApiClient>(ApiClientToken.symbol), ctx.get<HierarchyStore>(HierarchyStoreToken.symbol)))
    .inSingletonScope();
  bind(NavContributionToken.symbol).toDynamicValue((ctx) => ctx.get<ToolboxUnitsStore>(ToolboxUnitsStoreToken.symbol));
  bind(ToolboxAdminStoreToken.symbol)
    .toDynamicValue(
      (ctx) =>
        new ToolboxAdminStore(
          ctx.get<ApiClient>(ApiClientToken.symbol),
          ctx.get<ToastStore>(ToastStoreToken.symbol),
          ctx.get<ToolboxUnitsStore>(ToolboxUnitsStoreToken.symbol),
          (key, options) => i18next.t(key, { ns: 'toolbox', ...options }),
        ),
    )
    .inSingletonScope();
});
