import { defineEndpoint, SlugSegment, typed } from '@discovery/plugin-api';
import { IdParams } from '@discovery/plugin-api/zod';
import * as z from 'zod';
import { toolboxPermissions as P } from './refs';
import {
  BulkPrioritySchema,
  CategoryBodySchema,
  CategoryPatchSchema,
  UNIT_TYPES,
  UnitBodySchema,
  UnitPatchSchema,
  type ToolboxCategoryDto,
  type ToolboxUnitDto,
} from './schema';

const inClient = <T extends (typeof P)[keyof typeof P]>(permission: T) => ({ permission, scope: 'client' }) as const;

/**
 * The toolbox API under /api/v1/toolbox (000 §7, TBX-005..011). Reads name the client in the
 * path; writes act on the client of X-Context. Bodies carry the spec's rule wording.
 */
export const toolboxEndpoints = {
  /** TBX-006: 'nav' for every user of the client (units of the regions the grants reach); 'all' needs toolbox_client_configuration.read. */
  units: defineEndpoint({
    method: 'GET',
    path: '/api/v1/toolbox/units/type/:type/client/:clientSlug',
    access: { permission: 'signed-in', scope: 'none' },
    params: z.object({ type: z.enum(UNIT_TYPES, { error: `Unit type must be one of ${UNIT_TYPES.join(', ')}` }), clientSlug: SlugSegment }),
    response: typed<{ data: ToolboxUnitDto[] }>(),
  }),
  /** TBX-005 */
  categories: defineEndpoint({
    method: 'GET',
    path: '/api/v1/toolbox/categories/client/:clientSlug',
    access: { permission: P.read, scope: 'none' },
    params: z.object({ clientSlug: SlugSegment }),
    response: typed<{ data: ToolboxCategoryDto[] }>(),
  }),
  /** TBX-007: a new unit (status true, no id). */
  createUnit: defineEndpoint({
    method: 'POST',
    path: '/api/v1/toolbox/units',
    access: inClient(P.create),
    body: UnitBodySchema,
    bodyErrors: 'rule',
    response: typed<{ data: ToolboxUnitDto }>(),
  }),
  /** TBX-008 / TBX-009: change a unit (hide = status false, category null, iframed false). */
  updateUnit: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/toolbox/units/:id',
    access: inClient(P.update),
    params: IdParams,
    body: UnitPatchSchema,
    bodyErrors: 'rule',
    response: typed<{ data: ToolboxUnitDto }>(),
  }),
  /** TBX-009 */
  deleteUnit: defineEndpoint({ method: 'DELETE', path: '/api/v1/toolbox/units/:id', access: inClient(P.destroy), params: IdParams }),
  /** TBX-010 */
  createCategory: defineEndpoint({
    method: 'POST',
    path: '/api/v1/toolbox/categories',
    access: inClient(P.create),
    body: CategoryBodySchema,
    bodyErrors: 'rule',
    response: typed<{ data: ToolboxCategoryDto }>(),
  }),
  /** TBX-011: {id} = the client's id (DESIGN), body the bare list [ { id, priority } ] (SRV-056). */
  bulkPriorities: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/toolbox/categories/:id/bulk',
    access: inClient(P.update),
    params: IdParams,
    body: BulkPrioritySchema,
    bodyErrors: 'rule',
    response: typed<{ data: ToolboxCategoryDto[] }>(),
  }),
  updateCategory: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/toolbox/categories/:id',
    access: inClient(P.update),
    params: IdParams,
    body: CategoryPatchSchema,
    bodyErrors: 'rule',
    response: typed<{ data: ToolboxCategoryDto }>(),
  }),
  deleteCategory: defineEndpoint({ method: 'DELETE', path: '/api/v1/toolbox/categories/:id', access: inClient(P.destroy), params: IdParams }),
};
