import { allOf, definePlugin, hasFeatureFlag, hasModule, hasPermission, type Predicate } from '@discovery/plugin-api';
import { AREA_IDS, AREAS, type AreaId } from '../common';
import { insightAreasModule } from './module';
import { DataAvailabilityToken } from './stores/DataAvailabilityStore';
import { VendorMetadataToken } from './stores/VendorMetadataStore';

/** EXP-049: each area needs its read permission and its client flag. */
export const canOpenArea = (id: AreaId): Predicate => allOf(hasPermission(AREAS[id].key, 'read'), hasFeatureFlag(AREAS[id].key));

/**
 * SHELL-006: Best Customer and Customer Attrition are in the nav only where the client and brand
 * have data: the server lists their module for the context only then (SRV-018 with the
 * availability check this plugin registers).
 */
export const showAreaInNav = (id: AreaId): Predicate => (AREAS[id].gatedByData ? allOf(canOpenArea(id), hasModule(AREAS[id].key)) : canOpenArea(id));

const ORDER: Record<AreaId, number> = { 'customer-value': 60, 'site-visitation': 61, 'best-customer': 62, 'customer-attrition': 63, 'buyer-retention': 64 };
const ICON: Record<AreaId, string> = {
  'customer-value': 'dollar',
  'site-visitation': 'globe-network',
  'best-customer': 'star',
  'customer-attrition': 'trending-down',
  'buyer-retention': 'refresh',
};

export default definePlugin({
  id: 'insight-areas',
  titleKey: 'insight-areas:title',
  module: insightAreasModule,
  provides: [DataAvailabilityToken, VendorMetadataToken],
  pageModule: async () => (await import('./pageModule')).insightAreasPageModule,
  routes: AREA_IDS.map((id) => ({
    ref: AREAS[id].route,
    requires: canOpenArea(id),
    load: async () => ({ default: (await import('./pages/AreaPage')).areaPage(id) }),
  })),
  nav: AREA_IDS.map((id) => ({
    target: AREAS[id].route,
    category: 'insights' as const,
    labelKey: `insight-areas:areas.${id}.title`,
    icon: ICON[id],
    order: ORDER[id],
    visibleWhen: showAreaInNav(id),
  })),
  i18n: { namespace: 'insight-areas', load: async () => (await import('./locales/en.json')).default },
});
