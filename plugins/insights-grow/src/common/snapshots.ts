import { FiltersSchema, type Filter } from '@discovery/insights-kit/common';
import { CONTROL_MESSAGE, defineEndpoint, hasControlCharacters, typed } from '@discovery/plugin-api';
import { Id, IdParam, IdParams } from '@discovery/plugin-api/zod';
import * as z from 'zod';
import { mekkosPermissions } from './endpoints';
import { NAME_MAX } from './schema';

/**
 * Snapshots of a Grow chart (002 §3, §7; EXP-038..044, SRV-082/083; A-42: snapshots are Grow's
 * prediction models). A snapshot keeps every audience's figures at the time it was taken, within
 * the filters it was taken with; each audience's row (`snapshots_sub_markets`) also holds the
 * planner's current confidence in it.
 */
export const SNAPSHOT_MESSAGES = {
  nameRequired: 'Snapshot name is required.',
  nameTooLong: `Snapshot name must be ${NAME_MAX} characters or fewer.`,
  nameControl: `Snapshot name ${CONTROL_MESSAGE}.`,
  notFound: 'This snapshot does not exist.',
  subMarketNotInChart: "The audience is not one of the snapshot's chart.",
  confidence: 'Confidence is a number from 0 to 100.',
} as const;

/** DESIGN: confidence is a percentage, 0 to 100. */
export const CONFIDENCE_MAX = 100;

const SnapshotName = z
  .string({ error: SNAPSHOT_MESSAGES.nameRequired })
  .trim()
  .min(1, SNAPSHOT_MESSAGES.nameRequired)
  .max(NAME_MAX, SNAPSHOT_MESSAGES.nameTooLong)
  .refine((v) => !hasControlCharacters(v), SNAPSHOT_MESSAGES.nameControl);

/** SRV-082: POST snapshots `{ snapshot: { mekko_id, name, ... } }`; `filters` are the chart's filter bar (the kit's meaning). */
export const SnapshotBody = z.object({
  snapshot: z.object({ mekko_id: Id, name: SnapshotName, filters: FiltersSchema.default([]) }),
});
export type SnapshotInput = z.input<typeof SnapshotBody>['snapshot'];

/** SRV-083: the confidence record of one audience of a snapshot (upserted). */
export const ConfidenceBody = z.object({
  snapshots_sub_market: z.object({
    snapshot_id: Id,
    sub_market_id: Id,
    current_confidence: z
      .number({ error: SNAPSHOT_MESSAGES.confidence })
      .min(0, SNAPSHOT_MESSAGES.confidence)
      .max(CONFIDENCE_MAX, SNAPSHOT_MESSAGES.confidence)
      .nullable(),
  }),
});

export const SnapshotsQuery = z.object({ mekko_id: IdParam });

/** One snapshot in the chart's list (EXP-038). */
export interface SnapshotSummaryDto {
  id: number;
  mekko_id: number;
  name: string;
  created_at: string;
  created_by: string | null;
}

/** One audience's row of a snapshot: its figures then, and the confidence set since. */
export interface SnapshotSubMarketDto {
  snapshot_id: number;
  sub_market_id: number;
  market_name: string;
  name: string;
  population: number | null;
  matched: number | null;
  modeled: number | null;
  current_confidence: number | null;
}

export interface SnapshotDto extends SnapshotSummaryDto {
  filters: Filter[];
  total: { matched: number; modeled: number };
  snapshots_sub_markets: SnapshotSubMarketDto[];
}

const BASE = '/api/v1/insights-grow';
const on = (permission: (typeof mekkosPermissions)[keyof typeof mekkosPermissions]) => ({ permission, scope: 'product' }) as const;

/**
 * SRV-082/083 (DESIGN base {insights}: Grow owns the charts, so its prefix). Reading needs
 * `mekkos.read`; taking, deleting and setting confidence change the chart's models: `mekkos.update`.
 * Every call is in the product of X-Context: a snapshot of another product's chart is not found.
 */
export const snapshotEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: `${BASE}/snapshots`,
    access: on(mekkosPermissions.read),
    query: SnapshotsQuery,
    response: typed<{ data: SnapshotSummaryDto[] }>(),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${BASE}/snapshots/:id`,
    access: on(mekkosPermissions.read),
    params: IdParams,
    response: typed<{ data: SnapshotDto }>(),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${BASE}/snapshots`,
    access: on(mekkosPermissions.update),
    counts: true,
    body: SnapshotBody,
    bodyErrors: 'rule',
    response: typed<{ data: SnapshotDto }>(),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${BASE}/snapshots/:id`,
    access: on(mekkosPermissions.update),
    params: IdParams,
    response: typed<{ data: { message: string } }>(),
  }),
  updateConfidence: defineEndpoint({
    method: 'POST',
    path: `${BASE}/snapshots/update_current_confidence`,
    access: on(mekkosPermissions.update),
    body: ConfidenceBody,
    bodyErrors: 'rule',
    response: typed<{ data: SnapshotSubMarketDto }>(),
  }),
};

/** The figure of one tab (Total: the audience's population). */
export function snapshotFigure(row: Pick<SnapshotSubMarketDto, 'population' | 'matched' | 'modeled'>, tab: 'total' | 'matched' | 'modeled'): number | null {
  return tab === 'total' ? row.population : row[tab];
}

/** Change from the snapshot to now, and its share of the snapshot's figure (null: nothing to compare). */
export function snapshotChange(then: number | null, now: number): { change: number | null; share: number | null } {
  if (then === null) return { change: null, share: null };
  return { change: now - then, share: then > 0 ? (now - then) / then : null };
}

/** Whether the snapshot was taken within the same filters as the chart's now (order does not matter). */
export function sameFilters(a: readonly Filter[], b: readonly Filter[]): boolean {
  const key = (fs: readonly Filter[]) =>
    fs
      .map((f) => `${f.group}\u0000${f.short_id}`)
      .sort()
      .join('\u0001');
  return key(a) === key(b);
}

/** One row of the Predictions view: an audience of the chart now beside its snapshot row. */
export interface PredictionRow {
  sub_market_id: number;
  market: string;
  name: string;
  then: number | null;
  now: number;
  change: number | null;
  share: number | null;
  confidence: number | null;
}

/**
 * EXP-044: the Predictions view compares the chart on screen with the loaded snapshot, audience by
 * audience in the chart's order, on the active tab's figure (`now`). An audience added since has
 * no figure then; one deleted since has left the snapshot with it.
 */
export function predictionRows(
  markets: readonly { name: string; sub_markets: readonly { id: number; name: string }[] }[],
  snapshot: Pick<SnapshotDto, 'snapshots_sub_markets'>,
  tab: 'total' | 'matched' | 'modeled',
  now: (subMarketId: number) => number,
): PredictionRow[] {
  const rows = new Map(snapshot.snapshots_sub_markets.map((r) => [r.sub_market_id, r]));
  return markets.flatMap((k) =>
    k.sub_markets.map((s) => {
      const r = rows.get(s.id);
      const then = r ? snapshotFigure(r, tab) : null;
      const current = now(s.id);
      return {
        sub_market_id: s.id,
        market: k.name,
        name: s.name,
        then,
        now: current,
        ...snapshotChange(then, current),
        confidence: r?.current_confidence ?? null,
      };
    }),
  );
}
