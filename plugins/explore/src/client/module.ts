import { ApiClientToken, ToastStoreToken, type ApiClient, type ToastStore } from '@discovery/platform';
import { ContainerModule } from 'inversify';
import { ExploreStore, ExploreStoreToken } from './stores/ExploreStore';
import { MotivationStore, MotivationStoreToken } from './stores/MotivationStore';

/** Bound with the plugin's first page (pageModule), not at sign-in. */
export const exploreModule = new ContainerModule(({ bind }) => {
  bind(ExploreStoreToken.symbol)
    .toDynamicValue((ctx) => new ExploreStore({ api: ctx.get<ApiClient>(ApiClientToken.symbol), toast: ctx.get<ToastStore>(ToastStoreToken.symbol) }))
    .inSingletonScope();
  bind(MotivationStoreToken.symbol)
    .toDynamicValue((ctx) => new MotivationStore({ api: ctx.get<ApiClient>(ApiClientToken.symbol), toast: ctx.get<ToastStore>(ToastStoreToken.symbol) }))
    .inSingletonScope();
});
