import { createRouteRef, defineEndpoint, definePermission, typed } from '@discovery/plugin-api';
import { IdParams } from '@discovery/plugin-api/zod';
import type { ComparisonCountsDto, ComparisonDto, ComparisonListDto } from './dto';
import { ComparisonBody, ComparisonCountsSchema, CountsBody } from './schema';
import { ChartCountsBody } from '@discovery/insights-kit/common';

/** OVL-001: insights/overlap and insights/overlap/{comparisonId}. */
export const overlapRoute = createRouteRef({ id: 'overlap.page', scope: 'product', path: 'insights/overlap' });
export const overlapChartRoute = createRouteRef({ id: 'overlap.chart', scope: 'product', path: 'insights/overlap/:comparisonId' });

/** 002 §6: comparisons read, create, update (edit and copy, A-35), destroy. */
export const comparisonPermissions = {
  read: definePermission('comparisons', 'read'),
  create: definePermission('comparisons', 'create'),
  update: definePermission('comparisons', 'update'),
  destroy: definePermission('comparisons', 'destroy'),
};

const BASE = '/api/v1/overlap/comparisons';
const access = (p: keyof typeof comparisonPermissions) => ({ permission: comparisonPermissions[p], scope: 'product' }) as const;

/** SRV-104..106: the comparisons of the product in X-Context ({insights}/comparisons in the spec, here the plugin's prefix). */
export const overlapEndpoints = {
  list: defineEndpoint({ method: 'GET', path: BASE, access: access('read'), response: typed<ComparisonListDto>() }),
  get: defineEndpoint({ method: 'GET', path: `${BASE}/:id`, access: access('read'), params: IdParams, response: typed<{ data: ComparisonDto }>() }),
  create: defineEndpoint({
    method: 'POST',
    path: BASE,
    access: access('create'),
    body: ComparisonBody,
    bodyErrors: 'rule',
    response: typed<{ data: ComparisonDto; default_id: number }>(),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    access: access('update'),
    params: IdParams,
    body: ComparisonBody,
    bodyErrors: 'rule',
    response: typed<{ data: ComparisonDto; default_id: number }>(),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    access: access('destroy'),
    params: IdParams,
    response: typed<{ data: { message: string } }>(),
  }),
  duplicate: defineEndpoint({
    method: 'POST',
    path: `${BASE}/:id/duplicate`,
    access: access('update'),
    params: IdParams,
    response: typed<{ data: ComparisonDto }>(),
  }),
  removeInvalid: defineEndpoint({
    method: 'POST',
    path: `${BASE}/:id/remove_invalid_identifiers`,
    access: access('update'),
    params: IdParams,
    response: typed<{ data: ComparisonDto; message: string }>(),
  }),
  /** SRV-105 (DESIGN: POST comparisons/counts). */
  counts: defineEndpoint({
    method: 'POST',
    path: `${BASE}/counts`,
    access: access('read'),
    body: CountsBody,
    bodyErrors: 'rule',
    response: typed<ComparisonCountsDto>(),
  }),
  /**
   * Counting by chart id (issue 24): the comparison's cells and label counts within the filter
   * bar's filters, in the base the answer names (the region of X-Context, matched or tier 3's
   * Sum of Weights). What the screen calls; `counts` stays for SRV-105.
   */
  chartCounts: defineEndpoint({
    method: 'POST',
    path: `${BASE}/:id/counts`,
    access: access('read'),
    params: IdParams,
    body: ChartCountsBody,
    response: ComparisonCountsSchema,
  }),
  /** SRV-106: the chart as .xlsx. */
  exportXlsx: defineEndpoint({ method: 'GET', path: `${BASE}/:id/export`, access: access('read'), params: IdParams, raw: true }),
};
