import { ApiClientToken, ToastStoreToken, type ApiClient, type ToastStore } from '@discovery/platform';
import { ContainerModule } from 'inversify';
import { translateMessage } from './messages';
import { JourneyStore, JourneyStoreToken } from './stores/JourneyStore';

export const insightsJourneyModule = new ContainerModule(({ bind }) => {
  bind(JourneyStoreToken.symbol)
    .toDynamicValue(
      (ctx) =>
        new JourneyStore(ctx.get<ApiClient>(ApiClientToken.symbol), ctx.get<ToastStore>(ToastStoreToken.symbol), (m, values) => translateMessage(m, values)),
    )
    .inSingletonScope();
});
