import { createRouteRef, defineEndpoint, definePermission, typed } from '@discovery/plugin-api';
import { IdParams } from '@discovery/plugin-api/zod';
import type { MarketDto, MekkoDto, MekkoSummaryDto, SubMarketDto, TvSettingsDto, VerticalDto } from './dto';
import { ChartCountsBody, InvalidIdentifiersSchema, type InvalidIdentifiersDto } from '@discovery/insights-kit/common';
import { DefaultBody, GrowCountsSchema, MarketBody, MekkoBody, OrderBody, SubMarketBody } from './schema';

/** GROW-001: insights/grow and insights/grow/{mekkoId} under the product context. */
export const growRoute = createRouteRef({ id: 'insights-grow.grow', scope: 'product', path: 'insights/grow/:mekkoId?' });

/** 001 §6: mekkos create, read, update, destroy (the insights plugin checks read/update for the chart's custom tabs). */
export const mekkosPermissions = {
  read: definePermission('mekkos', 'read'),
  create: definePermission('mekkos', 'create'),
  update: definePermission('mekkos', 'update'),
  destroy: definePermission('mekkos', 'destroy'),
};

const BASE = '/api/v1/insights-grow';
const on = (permission: (typeof mekkosPermissions)[keyof typeof mekkosPermissions]) => ({ permission, scope: 'product' }) as const;
type Result<T> = { result: { mekko: T } };

/**
 * The Grow API (SRV-060, 068-080 DESIGN paths under this plugin's prefix), every call in the
 * product of X-Context: a chart of another product is not found. Counts are the count engine's,
 * by chart id (`counts`: one mekko call per view) and the tabs configuration is the
 * insights plugin's (SRV-059).
 */
export const growEndpoints = {
  list: defineEndpoint({ method: 'GET', path: `${BASE}/mekkos`, access: on(mekkosPermissions.read), response: typed<{ data: MekkoSummaryDto[] }>() }),
  get: defineEndpoint({
    method: 'GET',
    path: `${BASE}/mekkos/:id`,
    access: on(mekkosPermissions.read),
    params: IdParams,
    /** With its invalid identifiers (GROW-077), so opening a chart is one round trip. */
    response: typed<{ data: MekkoDto; invalid: InvalidIdentifiersDto }>(),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${BASE}/mekkos`,
    access: on(mekkosPermissions.create),
    body: MekkoBody,
    bodyErrors: 'rule',
    response: typed<Result<MekkoDto>>(),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${BASE}/mekkos/:id`,
    access: on(mekkosPermissions.update),
    params: IdParams,
    body: MekkoBody,
    bodyErrors: 'rule',
    response: typed<Result<MekkoDto>>(),
  }),
  copy: defineEndpoint({
    method: 'POST',
    path: `${BASE}/mekkos/:id/copy`,
    access: on(mekkosPermissions.create),
    params: IdParams,
    response: typed<Result<MekkoDto>>(),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${BASE}/mekkos/:id`,
    access: on(mekkosPermissions.destroy),
    params: IdParams,
    response: typed<{ data: { message: string } }>(),
  }),
  setDefault: defineEndpoint({
    method: 'PUT',
    path: `${BASE}/default_mekko`,
    access: on(mekkosPermissions.update),
    body: DefaultBody,
    response: typed<{ data: { mekko_id: number } }>(),
  }),
  reorder: defineEndpoint({
    method: 'PUT',
    path: `${BASE}/mekkos/:id/order`,
    access: on(mekkosPermissions.update),
    params: IdParams,
    body: OrderBody,
    bodyErrors: 'rule',
    response: typed<{ data: MekkoDto }>(),
  }),
  invalidIdentifiers: defineEndpoint({
    method: 'GET',
    path: `${BASE}/mekkos/:id/invalid_identifiers`,
    access: on(mekkosPermissions.read),
    params: IdParams,
    response: InvalidIdentifiersSchema,
  }),
  /**
   * 001 §7 / SRV-081 by chart id (issue 24): every figure the chart draws on its Matched and
   * Modeled tabs, per audience, per market and in all, within the filter, in one named base.
   */
  counts: defineEndpoint({
    method: 'POST',
    path: `${BASE}/mekkos/:id/counts`,
    access: on(mekkosPermissions.read),
    params: IdParams,
    body: ChartCountsBody,
    response: GrowCountsSchema,
  }),
  removeInvalidIdentifiers: defineEndpoint({
    method: 'POST',
    path: `${BASE}/mekkos/:id/remove_invalid_identifiers`,
    access: on(mekkosPermissions.update),
    params: IdParams,
    response: typed<{ data: MekkoDto; removed: string[] }>(),
  }),
  createMarket: defineEndpoint({
    method: 'POST',
    path: `${BASE}/mekkos/:id/markets`,
    access: on(mekkosPermissions.update),
    params: IdParams,
    body: MarketBody,
    bodyErrors: 'rule',
    response: typed<{ data: MarketDto }>(),
  }),
  updateMarket: defineEndpoint({
    method: 'PUT',
    path: `${BASE}/markets/:id`,
    access: on(mekkosPermissions.update),
    params: IdParams,
    body: MarketBody,
    bodyErrors: 'rule',
    response: typed<{ data: MarketDto }>(),
  }),
  removeMarket: defineEndpoint({
    method: 'DELETE',
    path: `${BASE}/markets/:id`,
    access: on(mekkosPermissions.destroy),
    params: IdParams,
    response: typed<{ data: { message: string } }>(),
  }),
  createSubMarket: defineEndpoint({
    method: 'POST',
    path: `${BASE}/markets/:id/sub_markets`,
    access: on(mekkosPermissions.update),
    params: IdParams,
    body: SubMarketBody,
    bodyErrors: 'rule',
    response: typed<{ data: SubMarketDto }>(),
  }),
  updateSubMarket: defineEndpoint({
    method: 'PUT',
    path: `${BASE}/sub_markets/:id`,
    access: on(mekkosPermissions.update),
    params: IdParams,
    body: SubMarketBody,
    bodyErrors: 'rule',
    response: typed<{ data: SubMarketDto; model_deleted: boolean }>(),
  }),
  removeSubMarket: defineEndpoint({
    method: 'DELETE',
    path: `${BASE}/sub_markets/:id`,
    access: on(mekkosPermissions.destroy),
    params: IdParams,
    response: typed<{ data: { message: string; model_deleted: boolean } }>(),
  }),
  verticals: defineEndpoint({ method: 'GET', path: `${BASE}/verticals`, access: on(mekkosPermissions.read), response: typed<VerticalDto[]>() }),
  tvSettings: defineEndpoint({ method: 'GET', path: `${BASE}/tv_settings`, access: on(mekkosPermissions.read), response: typed<{ data: TvSettingsDto }>() }),
};
