import { ApiClientToken, type ApiClient } from '@discovery/platform';
import { ContainerModule } from 'inversify';
import { BrandsAdminStore, BrandsAdminStoreToken } from './BrandsAdminStore';

export const brandsAdminModule = new ContainerModule(({ bind }) => {
  bind(BrandsAdminStoreToken.symbol)
    .toDynamicValue((ctx) => new BrandsAdminStore(ctx.get<ApiClient>(ApiClientToken.symbol)))
    .inSingletonScope();
});
