import { ApiClientToken, ToastStoreToken, type ApiClient, type ToastStore } from '@discovery/platform';
import { ContainerModule } from 'inversify';
import { OutcomesStore, OutcomesStoreToken } from './stores/OutcomesStore';

export const outcomesModule = new ContainerModule(({ bind }) => {
  bind(OutcomesStoreToken.symbol)
    .toDynamicValue((ctx) => new OutcomesStore(ctx.get<ApiClient>(ApiClientToken.symbol), ctx.get<ToastStore>(ToastStoreToken.symbol)))
    .inSingletonScope();
});
