import { ApiClientToken, HierarchyStoreToken, HomeCardToken, type ApiClient, type HierarchyStore, type HomeCard } from '@discovery/platform';
import { ContainerModule } from 'inversify';
import { AREAS, areaEndpointsById, type AreaId } from '../common';
import { DataAvailabilityStore, DataAvailabilityToken } from './stores/DataAvailabilityStore';
import { VendorMetadataStore, VendorMetadataToken } from './stores/VendorMetadataStore';

/**
 * SHELL-102 / SHELL-104: the Best Customer and Customer Attrition home cards, shown with their
 * flag or module and only when the client and brand have data (EXP-048: the area's resource says
 * so; a failed check reads as no data, EXP-047).
 */
export function areaCards(api: ApiClient): HomeCard[] {
  const card = (id: AreaId, order: number, icon: string): HomeCard => ({
    id,
    titleKey: `insight-areas:areas.${id}.title`,
    descriptionKey: `insight-areas:areas.${id}.card`,
    icon,
    order,
    flag: AREAS[id].key,
    module: AREAS[id].key,
    target: AREAS[id].route,
    hasData: () =>
      api.call(areaEndpointsById[id].resource, {}, { silent: true }).then(
        (r) => r.data.available,
        () => false,
      ),
  });
  return [card('best-customer', 90, 'star'), card('customer-attrition', 91, 'trending-down')];
}

/** What the shell and other plugins ask for at boot: the home cards and the vendor-data availability. */
export const insightAreasModule = new ContainerModule(({ bind }) => {
  bind(DataAvailabilityToken.symbol)
    .toDynamicValue((ctx) => new DataAvailabilityStore(ctx.get<ApiClient>(ApiClientToken.symbol), ctx.get<HierarchyStore>(HierarchyStoreToken.symbol)))
    .inSingletonScope();
  bind(VendorMetadataToken.symbol)
    .toDynamicValue((ctx) => new VendorMetadataStore(ctx.get<ApiClient>(ApiClientToken.symbol)))
    .inSingletonScope();
  bind(HomeCardToken.symbol).toDynamicValue((ctx) => areaCards(ctx.get<ApiClient>(ApiClientToken.symbol))[0]);
  bind(HomeCardToken.symbol).toDynamicValue((ctx) => areaCards(ctx.get<ApiClient>(ApiClientToken.symbol))[1]);
});
