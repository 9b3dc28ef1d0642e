import { ApiClientToken, type ApiClient } from '@discovery/platform';
import { ContainerModule } from 'inversify';
import { AudiencesStore, AudiencesStoreToken } from './AudiencesStore';

export const audiencesModule = new ContainerModule(({ bind }) => {
  bind(AudiencesStoreToken.symbol)
    .toDynamicValue((ctx) => new AudiencesStore(ctx.get<ApiClient>(ApiClientToken.symbol)))
    .inSingletonScope();
});
