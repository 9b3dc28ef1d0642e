import { createRouteRef, defineEndpoint, definePermission, typed } from '@discovery/plugin-api';
import { IdParams } from '@discovery/plugin-api/zod';
import type { JourneyDto, JourneySavedDto, JourneySummaryDto } from './dto';
import { DefaultJourneyBody, JourneyBody, JourneyCountsBody, JourneyCountsSchema } from './schema';

/** JRN-001: the viewer at insights/journey and insights/journey/{journeyId}, under the product context. */
export const journeyRoute = createRouteRef({ id: 'insights-journey.viewer', scope: 'product', path: 'insights/journey/:journeyId?' });
/** JRN-001: the builder at insights/journey-builder (new) and insights/journey-builder/{journeyId} (edit). */
export const journeyBuilderRoute = createRouteRef({ id: 'insights-journey.builder', scope: 'product', path: 'insights/journey-builder/:journeyId?' });

/** JRN-002 / JRN-003 (001 §6): journeys create, read, update, destroy. */
export const journeysPermissions = {
  read: definePermission('journeys', 'read'),
  create: definePermission('journeys', 'create'),
  update: definePermission('journeys', 'update'),
  destroy: definePermission('journeys', 'destroy'),
};

const BASE = '/api/v1/insights-journey';
const on = (permission: (typeof journeysPermissions)[keyof typeof journeysPermissions]) => ({ permission, scope: 'product' }) as const;

/**
 * The Journeys API (SRV-084..089, DESIGN paths under this plugin's prefix), every call in the
 * product of X-Context: a journey of another product is not found (404).
 */
export const journeyEndpoints = {
  /** SRV-084. */
  list: defineEndpoint({ method: 'GET', path: `${BASE}/journeys`, access: on(journeysPermissions.read), response: typed<{ data: JourneySummaryDto[] }>() }),
  /** SRV-084. */
  get: defineEndpoint({
    method: 'GET',
    path: `${BASE}/journeys/:id`,
    access: on(journeysPermissions.read),
    params: IdParams,
    response: typed<{ data: JourneyDto }>(),
  }),
  /** SRV-085: temporary ids mapped in one transaction; `default` sets or clears the product's default (SRV-088). */
  create: defineEndpoint({
    method: 'POST',
    path: `${BASE}/journeys`,
    access: on(journeysPermissions.create),
    body: JourneyBody,
    bodyErrors: 'rule',
    response: typed<JourneySavedDto>(),
  }),
  /** SRV-085: the body is the whole journey; brands, stages and cells left out are deleted. */
  update: defineEndpoint({
    method: 'PUT',
    path: `${BASE}/journeys/:id`,
    access: on(journeysPermissions.update),
    params: IdParams,
    body: JourneyBody,
    bodyErrors: 'rule',
    response: typed<JourneySavedDto>(),
  }),
  /** SRV-086: 422 with error.name when the copy's name is taken (JRN-028). */
  duplicate: defineEndpoint({
    method: 'POST',
    path: `${BASE}/journeys/:id/duplicate`,
    access: on(journeysPermissions.create),
    params: IdParams,
    response: typed<JourneySavedDto>(),
  }),
  /** SRV-087. */
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${BASE}/journeys/:id`,
    access: on(journeysPermissions.destroy),
    params: IdParams,
    response: typed<{ data: { message: string } }>(),
  }),
  /** SRV-088: the product's default journey; journey_id 0 clears it. */
  setDefault: defineEndpoint({
    method: 'PUT',
    path: `${BASE}/default_journey`,
    access: on(journeysPermissions.update),
    body: DefaultJourneyBody,
    response: typed<{ data: { journey_id: number } }>(),
  }),
  /** SRV-089 / JRN-024: clears the cells' segment ids the provider no longer has. */
  removeInvalidIdentifiers: defineEndpoint({
    method: 'POST',
    path: `${BASE}/journeys/:id/remove_invalid_identifiers`,
    access: on(journeysPermissions.update),
    params: IdParams,
    response: typed<{ data: JourneyDto; removed: string[] }>(),
  }),
  /**
   * Every cell's matched and modeled people in one call, in the X-Context's region, optionally
   * only those in the filter bar's segments; with JRN-017's dedupe done by the count engine.
   */
  counts: defineEndpoint({
    method: 'POST',
    path: `${BASE}/journeys/:id/counts`,
    access: on(journeysPermissions.read),
    params: IdParams,
    body: JourneyCountsBody,
    response: JourneyCountsSchema,
  }),
};
