import { ApiClientToken, type ApiClient } from '@discovery/platform';
import { ContainerModule } from 'inversify';
import { DiscussionsStore, DiscussionsStoreToken } from './stores/DiscussionsStore';

export const discussionsModule = new ContainerModule(({ bind }) => {
  bind(DiscussionsStoreToken.symbol)
    .toDynamicValue((ctx) => new DiscussionsStore(ctx.get<ApiClient>(ApiClientToken.symbol)))
    .inSingletonScope();
});
