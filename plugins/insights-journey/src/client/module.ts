import { ApiClientToken, type ApiClient } from '@discovery/platform';
import { ContainerModule } from 'inversify';
import { InsightsJourneyStore, InsightsJourneyStoreToken } from './stores/InsightsJourneyStore';

export const insightsJourneyModule = new ContainerModule(({ bind }) => {
  bind(InsightsJourneyStoreToken.symbol)
    .toDynamicValue((ctx) => new InsightsJourneyStore(ctx.get<ApiClient>(ApiClientToken.symbol)))
    .inSingletonScope();
});
