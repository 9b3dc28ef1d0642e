import type { CountsEngine } from '@discovery/counts';
import { countScope, peopleIn } from '@discovery/insights-kit/server';
import { defineServerPlugin } from '@discovery/plugin-api';
import { handle, moduleAvailability, type ResolvedContext, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { AREA_IDS, AREAS, areaEndpointsById, dataAvailabilityEndpoints, vendorEndpoints, type AreaDef, type AreaSegmentsDto } from '../common';
import { areaSegments } from './areas';

/** EXP-049: an area needs its client flag as well as its read permission (the route's access checks the permission). */
function requireFlag(core: ServerCore, a: AreaDef, ctx: ResolvedContext): void {
  if (ctx.client.feature_flags[a.key] !== true) throw core.errors.forbidden(`${ctx.client.name} does not have this feature.`);
}

/** EXP-048 DESIGN: data for the client and brand = the brand's customers are in the population with members. */
export function hasData(e: CountsEngine, a: AreaDef, ctx: ResolvedContext): boolean {
  if (!ctx.brand) return false;
  const { customers, segments } = areaSegments(a.id, ctx.brand.name);
  const c = customers ? e.segment(customers) : undefined;
  return !!c && !c.expired && c.matched > 0 && segments.length > 0;
}

const segmentName = (e: CountsEngine, id: string) => e.segment(id)?.name ?? id;

/**
 * SRV-066: each area's resource and its segments, behind the area's read permission and client
 * flag, in the brand of X-Context. Every figure comes from one overlap of the brand's customers
 * with the area's segments, within the region and the filter bar, on the count workers.
 */
export default defineServerPlugin<ServerCore, FastifyInstance>({
  id: 'insight-areas',
  permissions: AREA_IDS.map((id) => AREAS[id].read),
  register(router, core) {
    // SHELL-006: best customer and customer attrition are modules of a context only where there is data.
    const checks = moduleAvailability(core);
    for (const id of AREA_IDS) {
      const a = AREAS[id];
      if (a.gatedByData) checks.set(a.key, async (ctx) => hasData(await core.counts(), a, ctx));
    }

    // EXP-046: what the vendor-availability check asks about. The parent id is the deployment's
    // (DISCOVERY_NLRR_PARENT_ID) or else the client's company id; the vendor is the deployment's,
    // by default the first-party data the demo population has.
    handle(router, dataAvailabilityEndpoints.vendorConfig, async ({ context }) => {
      const env = process.env;
      const parent = env.DISCOVERY_NLRR_PARENT_ID?.trim() || context.client.conversant_company_id || null;
      return {
        data: {
          parent_id: parent,
          vendor_name: env.DISCOVERY_NLRR_VENDOR_NAME === undefined ? 'first_party' : env.DISCOVERY_NLRR_VENDOR_NAME.trim() || null,
          vendor_type: env.DISCOVERY_NLRR_VENDOR_TYPE === undefined ? 'first_party' : env.DISCOVERY_NLRR_VENDOR_TYPE.trim() || null,
        },
      };
    });

    // SRV-065: the population's vendors as data sources, their top-level categories as groups, and
    // the identifier prefixes of their segments as source codes (live segments only).
    const live = async () => (await core.counts()).manifest.segments.filter((x) => !x.deleted);
    handle(router, vendorEndpoints.dataSources, async () => {
      const e = await core.counts();
      const segs = await live();
      return { data: e.manifest.vendors.map((v) => ({ ...v, segments: segs.filter((x) => x.vendor === v.vendor_name).length })) };
    });
    handle(router, vendorEndpoints.groups, async () => {
      const counts = new Map<string, { vendor_name: string; name: string; segments: number }>();
      for (const x of await live()) {
        const name = x.path[1] ?? x.path[0];
        const key = `${x.vendor}\n${name}`;
        const g = counts.get(key) ?? { vendor_name: x.vendor, name, segments: 0 };
        g.segments++;
        counts.set(key, g);
      }
      return { data: [...counts.values()] };
    });
    handle(router, vendorEndpoints.sourceCodes, async () => {
      const codes = new Map<string, string>();
      for (const x of await live()) codes.set(x.short_id.split('-')[0], x.vendor);
      return { data: [...codes].map(([code, vendor_name]) => ({ code, vendor_name })) };
    });

    for (const id of AREA_IDS) {
      const a = AREAS[id];
      const E = areaEndpointsById[id];

      handle(router, E.resource, async ({ context }) => {
        requireFlag(core, a, context);
        const e = await core.counts();
        const { customers, segments } = areaSegments(id, context.brand!.name);
        return {
          data: {
            area: id,
            brand: context.brand!.name,
            customers: customers ? { identifier: customers, name: segmentName(e, customers) } : null,
            segments: segments.length,
            available: hasData(e, a, context),
          },
        };
      });

      handle(router, E.segments, async ({ context, query }, _req, reply) => {
        requireFlag(core, a, context);
        const started = process.hrtime.bigint();
        const e = await core.counts();
        const scope = countScope(e, context, query.filters ?? []);
        const population = peopleIn(e, scope.region);
        const base = { region: scope.region ?? null, kind: 'matched' as const, population, filtered: population };
        const { customers, segments } = areaSegments(id, context.brand!.name);
        if (!hasData(e, a, context) || !customers) return { count: 0, data: [], base, customers: null };
        const r = await e.overlap([customers], segments, { region: scope.region, filter: scope.filter, kind: 'matched' });
        const people = r.population;
        const buyers = r.x[0].count;
        const data: AreaSegmentsDto['data'] = r.y.map((y, j) => {
          const s = e.segment(y.id)!;
          const cell = r.cells[j];
          const share = people ? y.count / people : 0;
          const customerShare = buyers ? cell.count / buyers : 0;
          return {
            identifier: y.id,
            name: s.name,
            path: s.path.join(' > '),
            count: y.count,
            share,
            customers: cell.count,
            customer_share: customerShare,
            index: share > 0 ? (customerShare / share) * 100 : null,
          };
        });
        reply.header('Server-Timing', `counts;dur=${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(2)}`);
        return {
          count: data.length,
          data,
          base: { ...base, filtered: people },
          customers: { identifier: customers, name: segmentName(e, customers), count: buyers },
        };
      });
    }
  },
});
