import { createRouteRef, defineEndpoint, definePermission, typed } from '@discovery/plugin-api';
import { IdParams } from '@discovery/plugin-api/zod';
import type { MotivationDto, PersonaDto, PersonaInvalidDto, PersonaListDto } from './dto';
import { MotivationBody, MotivationsQuery, PersonaBody, PersonaCountsBody, PersonaCountsSchema } from './schema';

/** EXP-001: insights/explore and insights/explore/{personaId} under the product context. */
export const exploreRoute = createRouteRef({ id: 'explore.page', scope: 'product', path: 'insights/explore/:personaId?' });
/** EXP-017: insights/explore/builder (create) and insights/explore/builder/{personaId} (edit). */
export const exploreBuilderRoute = createRouteRef({ id: 'explore.builder', scope: 'product', path: 'insights/explore/builder/:personaId?' });
/** EXP-018: insights/motivation-audience/builder with an optional persona. */
export const motivationBuilderRoute = createRouteRef({
  id: 'explore.motivation-builder',
  scope: 'product',
  path: 'insights/motivation-audience/builder/:personaId?',
});

/** EXP-003 / 002 §6: explore create, read, update, destroy. */
export const explorePermissions = {
  read: definePermission('explore', 'read'),
  create: definePermission('explore', 'create'),
  update: definePermission('explore', 'update'),
  destroy: definePermission('explore', 'destroy'),
};
/** EXP-016 / SRV-097: tier 3's motivation audiences. */
export const motivationPermissions = {
  read: definePermission('request_motivation_audiences', 'read'),
  create: definePermission('request_motivation_audiences', 'create'),
  destroy: definePermission('request_motivation_audiences', 'destroy'),
};

const BASE = '/api/v1/explore';
type Perm = (typeof explorePermissions)[keyof typeof explorePermissions] | (typeof motivationPermissions)[keyof typeof motivationPermissions];
const on = (permission: Perm) => ({ permission, scope: 'product' }) as const;

/** SRV-108 (DESIGN base {insights}/api/v1/personas, here the plugin's prefix): personas of the product in X-Context. */
export const exploreEndpoints = {
  list: defineEndpoint({ method: 'GET', path: `${BASE}/personas`, access: on(explorePermissions.read), response: typed<PersonaListDto>() }),
  get: defineEndpoint({
    method: 'GET',
    path: `${BASE}/personas/:id`,
    access: on(explorePermissions.read),
    params: IdParams,
    response: typed<{ data: PersonaDto }>(),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${BASE}/personas`,
    access: on(explorePermissions.create),
    body: PersonaBody,
    bodyErrors: 'rule',
    response: typed<{ data: PersonaDto; default_id: number }>(),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${BASE}/personas/:id`,
    access: on(explorePermissions.update),
    params: IdParams,
    body: PersonaBody,
    bodyErrors: 'rule',
    response: typed<{ data: PersonaDto; default_id: number }>(),
  }),
  /** EXP-023 (DESIGN DELETE personas/{id}). */
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${BASE}/personas/:id`,
    access: on(explorePermissions.destroy),
    params: IdParams,
    response: typed<{ data: { message: string } }>(),
  }),
  /** EXP-023 (DESIGN POST personas/{id}/copy); copy needs explore.create (EXP-003). */
  copy: defineEndpoint({
    method: 'POST',
    path: `${BASE}/personas/:id/copy`,
    access: on(explorePermissions.create),
    params: IdParams,
    response: typed<{ data: PersonaDto }>(),
  }),
  /** SRV-108: the persona's unavailable identifiers and the custom widgets naming some (EXP-020, EXP-021). */
  invalidIdentifiers: defineEndpoint({
    method: 'GET',
    path: `${BASE}/personas/:id/invalid_identifiers`,
    access: on(explorePermissions.read),
    params: IdParams,
    response: typed<{ data: PersonaInvalidDto }>(),
  }),
  /** EXP-021: drops the unavailable audiences of the persona's custom widgets. */
  removeInvalid: defineEndpoint({
    method: 'POST',
    path: `${BASE}/personas/:id/remove_invalid_identifiers`,
    access: on(explorePermissions.update),
    params: IdParams,
    response: typed<{ data: PersonaDto; message: string }>(),
  }),
  /** Counting by persona id: the matched count within the filter bar (EXP-004), in the base the answer names. */
  counts: defineEndpoint({
    method: 'POST',
    path: `${BASE}/personas/:id/counts`,
    access: on(explorePermissions.read),
    counts: true,
    params: IdParams,
    body: PersonaCountsBody,
    response: PersonaCountsSchema,
  }),
  /** EXP-026 / SRV-095. */
  motivations: defineEndpoint({
    method: 'GET',
    path: `${BASE}/motivations`,
    access: on(motivationPermissions.read),
    query: MotivationsQuery,
    response: typed<{ data: MotivationDto[] }>(),
  }),
  /** EXP-027 / SRV-096. */
  motivationsOverview: defineEndpoint({
    method: 'GET',
    path: `${BASE}/motivations/overview`,
    access: on(motivationPermissions.read),
    response: typed<{ data: MotivationDto[] }>(),
  }),
  /** EXP-031 / SRV-097: queued as a core job; pending until a worker claims it. */
  createMotivation: defineEndpoint({
    method: 'POST',
    path: `${BASE}/motivations`,
    access: on(motivationPermissions.create),
    body: MotivationBody,
    bodyErrors: 'rule',
    response: typed<{ data: MotivationDto }>(),
  }),
  /** EXP-032 / SRV-098; 405 while Insights uses it (EXP-033). */
  removeMotivation: defineEndpoint({
    method: 'DELETE',
    path: `${BASE}/motivations/:id`,
    access: on(motivationPermissions.destroy),
    params: IdParams,
    response: typed<{ data: { message: string } }>(),
  }),
};
