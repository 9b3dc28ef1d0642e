import { createRouteRef, defineEndpoint, definePermission, typed } from '@discovery/plugin-api';
import { IdParams } from '@discovery/plugin-api/zod';
import type { CurrentTimeframeDto, OutcomeTimeframeDto } from './dto';
import { CurrentTimeframeBody, OutcomeTimeframeBody } from './schema';

/** OUT-001: outcomes/measure and outcomes/measure/{mekkoId} under the product context. */
export const outcomesMeasureRoute = createRouteRef({ id: 'outcomes.measure', scope: 'product', path: 'outcomes/measure/:mekkoId?' });

/** The client feature flag the Measure page needs (OUT-001, 002 §6). */
export const MEASURE_FLAG = 'measure';

/** 001 §6: outcome_timeframes create, read, update, destroy. */
export const outcomeTimeframesPermissions = {
  read: definePermission('outcome_timeframes', 'read'),
  create: definePermission('outcome_timeframes', 'create'),
  update: definePermission('outcome_timeframes', 'update'),
  destroy: definePermission('outcome_timeframes', 'destroy'),
};

const BASE = '/api/v1/outcomes';
const on = (permission: (typeof outcomeTimeframesPermissions)[keyof typeof outcomeTimeframesPermissions]) => ({ permission, scope: 'product' }) as const;

/**
 * SRV-099..102 under this plugin's prefix (the spec's {insights} base, DESIGN path
 * mekkos/{mekkoId}/outcome_timeframes), every call in the product of X-Context: a chart or a
 * timeframe of another product is not found. Months are 0-11 on the wire.
 */
export const outcomesEndpoints = {
  /** SRV-099: the chart's stored timeframes, oldest first, zero-filled (OUT-052). */
  list: defineEndpoint({
    method: 'GET',
    path: `${BASE}/mekkos/:id/outcome_timeframes`,
    access: on(outcomeTimeframesPermissions.read),
    params: IdParams,
    response: typed<{ data: OutcomeTimeframeDto[] }>(),
  }),
  /** OUT-049/050: the live Current Timeframe, counted by chart id within the filter bar (the kit's body). */
  current: defineEndpoint({
    method: 'POST',
    path: `${BASE}/mekkos/:id/current_timeframe`,
    access: on(outcomeTimeframesPermissions.read),
    params: IdParams,
    body: CurrentTimeframeBody,
    counts: true,
    response: typed<CurrentTimeframeDto>(),
  }),
  /** SRV-100. */
  create: defineEndpoint({
    method: 'POST',
    path: `${BASE}/mekkos/:id/outcome_timeframes`,
    access: on(outcomeTimeframesPermissions.create),
    params: IdParams,
    body: OutcomeTimeframeBody,
    bodyErrors: 'rule',
    response: typed<{ data: OutcomeTimeframeDto }>(),
  }),
  /** SRV-101 / A-43: create or update permission (checked in the handler: the panel needs create, Edit shows to all who open it). */
  update: defineEndpoint({
    method: 'PUT',
    path: `${BASE}/outcome_timeframes/:id`,
    access: { permission: 'signed-in', scope: 'product' },
    params: IdParams,
    body: OutcomeTimeframeBody,
    bodyErrors: 'rule',
    response: typed<{ data: OutcomeTimeframeDto }>(),
  }),
  /** SRV-102. */
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${BASE}/outcome_timeframes/:id`,
    access: on(outcomeTimeframesPermissions.destroy),
    params: IdParams,
    response: typed<{ data: { id: number } }>(),
  }),
};
