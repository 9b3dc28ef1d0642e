import { ApiClientToken, ToastStoreToken, type ApiClient, type ToastStore } from '@discovery/platform';
import i18next from 'i18next';
import { ContainerModule } from 'inversify';
import { ScenarioPlannerStore, ScenarioPlannerStoreToken } from './stores/ScenarioPlannerStore';

export const scenarioPlannerModule = new ContainerModule(({ bind }) => {
  bind(ScenarioPlannerStoreToken.symbol)
    .toDynamicValue(
      (ctx) =>
        new ScenarioPlannerStore(ctx.get<ApiClient>(ApiClientToken.symbol), ctx.get<ToastStore>(ToastStoreToken.symbol), (key, options) =>
          i18next.t(key, { ns: 'scenario-planner', ...options }),
        ),
    )
    .inSingletonScope();
});
