import type { RouteGuard } from '@discovery/plugin-api';
import { HierarchyStoreToken, resolveNodes } from '@discovery/platform';
import { APPLICATIONS_FLAG, iframeUnitGuard } from '../common';
import { ToolboxUnitsStoreToken } from './stores/ToolboxUnitsStore';

/**
 * SHELL-031 / TBX-015 / TBX-016: the iframe-unit guard of the toolbox-app routes. It waits for the
 * client's units (fetched, or reused when already loaded for that client), then allows only an
 * iframed unit of the route's client whose regions include 'all' or the route's region; else home.
 * TBX-013: without the 'applications' flag, always home.
 */
export const iframeUnitRouteGuard: RouteGuard = async ({ params, selection, get }) => {
  const hierarchy = get(HierarchyStoreToken);
  const client = resolveNodes(hierarchy.tree, selection).client;
  const region = resolveNodes(hierarchy.tree, selection).region;
  if (!client || !selection.client) return { kind: 'home' };
  let units;
  try {
    units = await get(ToolboxUnitsStoreToken).ensure(selection.client);
  } catch {
    return { kind: 'home' };
  }
  const unit = iframeUnitGuard({
    clientSlug: selection.client,
    unitName: params.unitName,
    regionId: region?.id,
    units,
    applicationsEnabled: client.feature_flags[APPLICATIONS_FLAG] === true,
  });
  return unit ? { kind: 'allow' } : { kind: 'home' };
};
