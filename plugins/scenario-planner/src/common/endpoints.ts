import { defineEndpoint, typed } from '@discovery/plugin-api';
import { IdParam } from '@discovery/plugin-api/zod';
import * as z from 'zod';
import { curvePermissions as C, planPermissions as P } from './refs';
import { CreateCurvesBodySchema, ImportBodySchema, type CreateCurvesResponse, type CurveDto, type CurveTypesDto, type PlanImportDto } from './schema';

/** The plugin's prefix is the spec's {plans base} (ARCHITECTURE: a named service base is the owning plugin's prefix). */
export const PLANS_BASE = '/api/v1/scenario-planner';
/** SRV-117 DESIGN: curves live under {plans}/products/{productId}. */
const PRODUCT = `${PLANS_BASE}/products/:productId`;
const ProductParams = z.object({ productId: IdParam });

const inProduct = <T extends (typeof C)[keyof typeof C] | (typeof P)[keyof typeof P]>(permission: T) => ({ permission, scope: 'product' }) as const;

export const scenarioPlannerEndpoints = {
  /** SRV-114 / SCN-006: the product's imports. */
  statusImport: defineEndpoint({
    method: 'GET',
    path: `${PLANS_BASE}/status_import`,
    access: inProduct(P.read),
    response: typed<{ data: PlanImportDto[] }>(),
  }),
  /** SRV-116 / SCN-005: start an import (a core job); the record comes back submitted. */
  importScenario: defineEndpoint({
    method: 'POST',
    path: `${PLANS_BASE}/import_scenario`,
    access: inProduct(P.create),
    body: ImportBodySchema,
    bodyErrors: 'rule',
    response: typed<{ data: PlanImportDto }>(),
  }),
  /** SRV-115 / SCN-010 */
  deleteImport: defineEndpoint({
    method: 'DELETE',
    path: `${PLANS_BASE}/:importId`,
    access: inProduct(P.destroy),
    params: z.object({ importId: IdParam }),
    response: typed<{ data: { id: number } }>(),
  }),
  /** SRV-117: the generic curves a product may pick from (the shared catalogue). */
  genericCurves: defineEndpoint({
    method: 'GET',
    path: `${PRODUCT}/generic_curves`,
    access: inProduct(C.read),
    params: ProductParams,
    response: typed<{ data: CurveDto[] }>(),
  }),
  /** SRV-117: the product's saved curves, generic picks and uploaded ones. */
  curves: defineEndpoint({
    method: 'GET',
    path: `${PRODUCT}/curves`,
    access: inProduct(C.read),
    params: ProductParams,
    response: typed<{ data: CurveDto[] }>(),
  }),
  /** SRV-117 / SCN-017: an object keyed by type name. */
  curveTypes: defineEndpoint({
    method: 'GET',
    path: `${PRODUCT}/curve_types`,
    access: inProduct(C.read),
    params: ProductParams,
    response: typed<CurveTypesDto>(),
  }),
  /** SRV-117 / SCN-019 */
  deleteCurve: defineEndpoint({
    method: 'DELETE',
    path: `${PRODUCT}/curves/:id`,
    access: inProduct(C.destroy),
    params: ProductParams.extend({ id: IdParam }),
    response: typed<{ data: { id: number } }>(),
  }),
  /** SRV-117 / SCN-027: save one set; valid curves are saved, the rest answer in error_messages. */
  createCurves: defineEndpoint({
    method: 'POST',
    path: `${PRODUCT}/create_curves`,
    access: inProduct(C.create),
    params: ProductParams,
    body: CreateCurvesBodySchema,
    bodyErrors: 'rule',
    response: typed<CreateCurvesResponse>(),
  }),
};
