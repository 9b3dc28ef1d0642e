import { ApiClientToken, ToastStoreToken, type ApiClient, type ToastStore } from '@discovery/platform';
import { ContainerModule } from 'inversify';
import { DiscussionsUploadStore, DiscussionsUploadStoreToken } from './stores/DiscussionsUploadStore';

export const discussionsModule = new ContainerModule(({ bind }) => {
  bind(DiscussionsUploadStoreToken.symbol)
    .toDynamicValue((ctx) => new DiscussionsUploadStore({ api: ctx.get<ApiClient>(ApiClientToken.symbol), toast: ctx.get<ToastStore>(ToastStoreToken.symbol) }))
    .inSingletonScope();
});
