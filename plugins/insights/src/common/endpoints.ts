import { INSIGHTS_OWNER_KINDS, type InsightsOwnerKind } from '@discovery/insights-kit/common';
import { definePermission, defineEndpoint, typed, type PermissionAction } from '@discovery/plugin-api';
import type { AdminTabDto, InsightTabDto, InsightWidgetDto, ProfileDto, TabConfigDto } from './dto';
import { OWNERS, REGION_RESOURCE } from './rules';
import { OwnerItemParams, OwnerParams, ProfileBody, TabBody, TabsConfigBody, TabsConfigQuery, WidgetBody } from './schema';
import { IdParams } from '@discovery/plugin-api/zod';

const BASE = '/api/v1/insights';

export const ownerPermission = (kind: InsightsOwnerKind, action: PermissionAction) => definePermission(OWNERS[kind].resource, action);
export const regionPermissions = {
  create: definePermission(REGION_RESOURCE, 'create'),
  update: definePermission(REGION_RESOURCE, 'update'),
  destroy: definePermission(REGION_RESOURCE, 'destroy'),
};

/**
 * The endpoints of one owner kind: its custom tabs are read with the owner's read permission and
 * edited with its update permission (editing a chart's widgets edits the chart), in the product of
 * X-Context. Person Level is computed with the read permission.
 */
function ownerEndpoints<K extends InsightsOwnerKind>(kind: K) {
  const read = { permission: ownerPermission(kind, 'read'), scope: 'product' } as const;
  const update = { permission: ownerPermission(kind, 'update'), scope: 'product' } as const;
  const base = `${BASE}/${kind}` as const;
  return {
    tabs: defineEndpoint({ method: 'GET', path: `${base}/:ownerId/tabs`, access: read, params: OwnerParams, response: typed<{ data: InsightTabDto[] }>() }),
    createWidget: defineEndpoint({
      method: 'POST',
      path: `${base}/:ownerId/widgets`,
      access: update,
      params: OwnerParams,
      body: WidgetBody,
      bodyErrors: 'rule',
      response: typed<{ data: InsightWidgetDto }>(),
    }),
    updateWidget: defineEndpoint({
      method: 'PUT',
      path: `${base}/:ownerId/widgets/:id`,
      access: update,
      params: OwnerItemParams,
      body: WidgetBody,
      bodyErrors: 'rule',
      response: typed<{ data: InsightWidgetDto }>(),
    }),
    deleteWidget: defineEndpoint({
      method: 'DELETE',
      path: `${base}/:ownerId/widgets/:id`,
      access: update,
      params: OwnerItemParams,
      response: typed<{ data: { message: string } }>(),
    }),
    updateTab: defineEndpoint({
      method: 'PUT',
      path: `${base}/:ownerId/tabs/:id`,
      access: update,
      params: OwnerItemParams,
      body: TabBody,
      bodyErrors: 'rule',
      response: typed<{ data: InsightTabDto }>(),
    }),
    deleteTab: defineEndpoint({
      method: 'DELETE',
      path: `${base}/:ownerId/tabs/:id`,
      access: update,
      params: OwnerItemParams,
      response: typed<{ data: { message: string } }>(),
    }),
    profile: defineEndpoint({
      method: 'POST',
      path: `${base}/profile`,
      access: read,
      body: ProfileBody,
      bodyErrors: 'rule',
      response: typed<{ data: ProfileDto }>(),
    }),
  };
}
export type OwnerEndpoints = ReturnType<typeof ownerEndpoints>;

export const ownerEndpointsByKind = Object.fromEntries(INSIGHTS_OWNER_KINDS.map((k) => [k, ownerEndpoints(k)])) as { [K in InsightsOwnerKind]: OwnerEndpoints };

const region = (permission: (typeof regionPermissions)[keyof typeof regionPermissions]) => ({ permission, scope: 'region' }) as const;

/**
 * The insights API under /api/v1/insights ({insights} in the spec): admin tabs (SRV-058), tabs
 * config (SRV-059) and the region's survey widgets (the region demographic form); the custom tabs
 * and Person Level of each owner kind are in `ownerEndpointsByKind`.
 */
export const insightsEndpoints = {
  /** SRV-058: the client's admin tabs (bare list, as the spec gives it). */
  adminTabs: defineEndpoint({
    method: 'GET',
    path: `${BASE}/admin_tabs`,
    access: { permission: 'signed-in', scope: 'client' },
    response: typed<AdminTabDto[]>(),
  }),
  /** SRV-059: which levels a chart shows (bare list); the read permission of resource_type is checked in the handler. */
  tabsConfig: defineEndpoint({
    method: 'GET',
    path: `${BASE}/tabs_config`,
    access: { permission: 'signed-in', scope: 'product' },
    query: TabsConfigQuery,
    response: typed<TabConfigDto[]>(),
  }),
  /** Sets one entry (the resource's update permission, checked in the handler); answers the whole list. */
  setTabsConfig: defineEndpoint({
    method: 'PUT',
    path: `${BASE}/tabs_config`,
    access: { permission: 'signed-in', scope: 'product' },
    body: TabsConfigBody,
    bodyErrors: 'rule',
    response: typed<TabConfigDto[]>(),
  }),
  /** The region survey tabs (Market Level) every screen of the region shows. */
  regionTabs: defineEndpoint({
    method: 'GET',
    path: `${BASE}/region/tabs`,
    access: { permission: 'signed-in', scope: 'region' },
    response: typed<{ data: InsightTabDto[] }>(),
  }),
  createRegionWidget: defineEndpoint({
    method: 'POST',
    path: `${BASE}/region/widgets`,
    access: region(regionPermissions.create),
    body: WidgetBody,
    bodyErrors: 'rule',
    response: typed<{ data: InsightWidgetDto }>(),
  }),
  updateRegionWidget: defineEndpoint({
    method: 'PUT',
    path: `${BASE}/region/widgets/:id`,
    access: region(regionPermissions.update),
    params: IdParams,
    body: WidgetBody,
    bodyErrors: 'rule',
    response: typed<{ data: InsightWidgetDto }>(),
  }),
  deleteRegionWidget: defineEndpoint({
    method: 'DELETE',
    path: `${BASE}/region/widgets/:id`,
    access: region(regionPermissions.destroy),
    params: IdParams,
    response: typed<{ data: { message: string } }>(),
  }),
};
