import { ApiClientToken, ToastStoreToken, type ApiClient, type ToastStore } from '@discovery/platform';
import { ContainerModule } from 'inversify';
import { OverlapStore, OverlapStoreToken } from './stores/OverlapStore';

export const overlapModule = new ContainerModule(({ bind }) => {
  bind(OverlapStoreToken.symbol)
    .toDynamicValue((ctx) => new OverlapStore({ api: ctx.get<ApiClient>(ApiClientToken.symbol), toast: ctx.get<ToastStore>(ToastStoreToken.symbol) }))
    .inSingletonScope();
});
