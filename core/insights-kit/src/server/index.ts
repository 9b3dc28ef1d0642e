/**
 * The insight domain's server half (README.md): the segment and count routes every build serves,
 * the owners registry, saved charts and counting by chart id for the plugins that draw charts.
 */
import type { ServerExtension } from '@discovery/server';
import { registerSegmentRoutes } from './segments';

export { owners, createOwnerRegistry, ownerTable, type OwnedInvalid, type OwnedParts, type OwnerKind, type OwnerRef, type OwnerRegistry } from './owners';
export { registerSegmentRoutes, regionOf } from './segments';

/** What createServer registers for the kit: the segment and count APIs (SRV-061..064, SRV-103, SRV-105). */
export const insightsKitServer: ServerExtension = {
  id: 'insights-kit',
  register: (app, core, { population }) => registerSegmentRoutes(app, core, population),
};
export { SavedCharts, type SavedChartsSpec } from './savedCharts';
export { countBase, countScope, peopleIn, regionOfContext } from './counting';
export {
  createUploadRegistry,
  insightUploads,
  type MarketAttribute,
  type MarketLevelStore,
  type MarketScope,
  type MarketWidget,
  type OwnerOutline,
  type UploadRegistry,
} from './marketLevel';
