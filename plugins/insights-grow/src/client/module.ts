import { ApiClientToken, ToastStoreToken, type ApiClient, type ToastStore } from '@discovery/platform';
import i18next from 'i18next';
import { ContainerModule } from 'inversify';
import { DiscussionNodesStore, DiscussionNodesStoreToken } from './stores/DiscussionNodesStore';
import { GrowStore, GrowStoreToken } from './stores/GrowStore';
import { SnapshotsStore, SnapshotsStoreToken } from './stores/SnapshotsStore';

export const growModule = new ContainerModule(({ bind }) => {
  bind(GrowStoreToken.symbol)
    .toDynamicValue(
      (ctx) =>
        new GrowStore(ctx.get<ApiClient>(ApiClientToken.symbol), ctx.get<ToastStore>(ToastStoreToken.symbol), (key) => i18next.t(key, { ns: 'insights-grow' })),
    )
    .inSingletonScope();
  bind(SnapshotsStoreToken.symbol)
    .toDynamicValue((ctx) => new SnapshotsStore(ctx.get<ApiClient>(ApiClientToken.symbol)))
    .inSingletonScope();
  bind(DiscussionNodesStoreToken.symbol)
    .toDynamicValue((ctx) => new DiscussionNodesStore(ctx.get<ApiClient>(ApiClientToken.symbol)))
    .inSingletonScope();
});
