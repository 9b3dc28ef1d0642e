import { ApiClientToken, type ApiClient } from '@discovery/platform';
import { ContainerModule } from 'inversify';
import { InsightAreasStore, InsightAreasStoreToken } from './stores/InsightAreasStore';

/** The areas' stores: only their pages use them, so they load with the first area page. */
export const insightAreasPageModule = new ContainerModule(({ bind }) => {
  bind(InsightAreasStoreToken.symbol)
    .toDynamicValue((ctx) => new InsightAreasStore(ctx.get<ApiClient>(ApiClientToken.symbol)))
    .inSingletonScope();
});
