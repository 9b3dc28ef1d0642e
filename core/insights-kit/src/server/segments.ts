import { kernelStatus, searchSegments, weightsOf, type CountsEngine, type Population, type Rule, type SegmentEntry } from '@discovery/counts';
import { countsEngine, handle, type ServerCore } from '@discovery/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { segmentsEndpoints as E, type SegmentDto, type SegmentHierarchyVendorDto } from '../common';

/** Every segment may seed a single-segment audience unless it has no members. */
function dataPermissions(s: SegmentEntry): string[] {
  return s.expired ? [] : ['create_audience_single'];
}

/** The population slice of the request's region ('client/region' of X-Context), if the population has one. */
export function regionOf(req: FastifyRequest, engine: CountsEngine): string | undefined {
  const ctx = req.discovery.context;
  if (!ctx?.region) return undefined;
  const key = `${ctx.client.slug}/${ctx.region.slug}`;
  return engine.manifest.regions.some((r) => r.key === key) ? key : undefined;
}

export function registerSegmentRoutes(app: FastifyInstance, core: ServerCore, population: Population | null) {
  const engine = () => countsEngine(population);

  /**
   * Matched and modeled people of these segments in the request's region (issue 14 §9: the picker
   * shows the scope of the page that hosts it, as the builder does), or null without one.
   */
  const regionalCounts = async (region: string | undefined, e: CountsEngine, ids: string[]) => {
    if (!region || !ids.length) return null;
    const [matched, modeled] = await Promise.all([e.counts(ids, { region }), e.counts(ids, { region, kind: 'modeled' })]);
    return (id: string) => ({ matched: matched[id] ?? 0, modeled: modeled[id] ?? 0 });
  };

  const toDto = async (req: FastifyRequest, e: CountsEngine, ids: string[]): Promise<SegmentDto[]> => {
    const known = ids.filter((id) => e.segment(id));
    const region = regionOf(req, e);
    const regional = await regionalCounts(region, e, known);
    return ids.map((id) => {
      const s = e.segment(id);
      if (!s) return { identifier: id, name: '', path: '', count: { people: { global: 0 }, matched: 0, modeled: 0 }, data_permissions: [], available: false };
      const people: Record<string, number> = { global: s.matched };
      const inRegion = regional?.(id);
      if (region && inRegion) people[region.split('/')[1]] = inRegion.matched;
      return {
        identifier: id,
        name: s.name,
        path: s.path.join(' > '),
        count: { people, matched: s.matched, modeled: s.modeled, ...(inRegion ? { regional: inRegion } : {}) },
        data_permissions: dataPermissions(s),
        available: true,
      };
    });
  };

  // SRV-061: unknown or deleted identifiers come back with available false.
  handle(app, E.byIdentifiers, async ({ body }, req) => {
    return { data: await toDto(req, await engine(), body.identifiers) };
  });

  handle(app, E.invalidIdentifiers, async ({ body }) => {
    return { data: (await engine()).invalid(body.identifiers) };
  });

  // SRV-063
  handle(app, E.vendors, async () => ({ data: (await engine()).manifest.vendors }));

  // SRV-062 / the picker: vendors > categories > segments, addressable ones only when asked.
  handle(app, E.segmentHierarchy, async ({ query }, req) => {
    const e = await engine();
    const addressable = query.is_addressable === 'true';
    const listed = e.manifest.segments.filter((s) => !s.deleted && !(addressable && s.expired));
    const region = regionOf(req, e) ?? null;
    const regional = await regionalCounts(
      region ?? undefined,
      e,
      listed.map((s) => s.short_id),
    );
    const tree = e.manifest.vendors.map((v) => {
      const categories = new Map<string, SegmentHierarchyVendorDto['hierarchies'][number]>();
      for (const s of listed) {
        if (s.vendor !== v.vendor_name) continue;
        const name = s.path.slice(1).join(' > ');
        const c = categories.get(name) ?? { name, segments: [] };
        c.segments.push({
          identifier: s.short_id,
          name: s.name,
          matched: s.matched,
          modeled: s.modeled,
          ...(regional ? { regional: regional(s.short_id) } : {}),
        });
        categories.set(name, c);
      }
      return { ...v, hierarchies: [...categories.values()] };
    });
    return { data: tree, region: regional ? region : null };
  });

  handle(app, E.search, async ({ query: { q, limit } }, req) => {
    const e = await engine();
    // By name, path ('Beverages > Soft drinks') and keywords ('soda'), name matches first.
    const hits = searchSegments(e.manifest.segments, q);
    const data = await toDto(
      req,
      e,
      hits.slice(0, limit).map((s) => s.short_id),
    );
    return { data, total: hits.length, region: regionOf(req, e) ?? null };
  });

  // SRV-103: per market counts; zeros when no ids. In tier 3 a modeled id is the matched id with
  // the weights suffix: its figure is the Sum of Weights.
  handle(app, E.counts, async ({ body }, req, reply) => {
    const started = process.hrtime.bigint();
    const e = await engine();
    const suffix = core.config.tier3_weights_suffix;
    const isWeights = (id: string) => suffix.length > 0 && id.endsWith(suffix);
    const base = (id: string) => (isWeights(id) ? id.slice(0, -suffix.length) : id);
    const marketIds = [...new Set([...Object.keys(body.matched_short_ids), ...Object.keys(body.modeled_short_ids)])];
    const markets = marketIds.map((id) => ({ id, matched: body.matched_short_ids[id] ?? [], modeled: (body.modeled_short_ids[id] ?? []).map(base) }));
    const region = regionOf(req, e);
    const r = await e.mekko(markets, region);
    // Markets whose modeled ids carry the suffix: the matched union of the same ids, for the weights.
    const weighted = marketIds.filter((id) => (body.modeled_short_ids[id] ?? []).some(isWeights));
    const w = weighted.length
      ? await e.mekko(
          weighted.map((id) => ({ id, matched: (body.modeled_short_ids[id] ?? []).map(base), modeled: [] })),
          region,
        )
      : null;
    const segmentCounts: Record<string, number> = { ...r.modeled_segment_counts, ...r.segment_counts };
    const modeledIds = marketIds.flatMap((id) => body.modeled_short_ids[id] ?? []).filter(isWeights);
    if (modeledIds.length) {
      const sums = await e.sumOfWeights([...new Set(modeledIds.map(base))], { region });
      for (const id of modeledIds) segmentCounts[id] = sums[base(id)];
    }
    const modeledMarkets = { ...r.market_counts.modeled };
    for (const id of weighted) modeledMarkets[id] = weightsOf(w!.market_counts.matched[id], r.market_counts.modeled[id]);
    let totalModeled = r.total_modeled_count;
    if (weighted.length) {
      // The total's weights over everyone in any modeled list: both unions at once.
      const all = [...new Set(marketIds.flatMap((id) => (body.modeled_short_ids[id] ?? []).map(base)))];
      const t = await e.mekko([{ id: 'all', matched: all, modeled: all }], region);
      totalModeled = weightsOf(t.total_matched_count, t.total_modeled_count);
    }
    // The server's own time for the answer (npm run bench:grow reads it).
    reply.header('Server-Timing', `counts;dur=${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(2)}`);
    return {
      segment_counts: segmentCounts,
      market_counts: { matched: r.market_counts.matched, modeled: modeledMarkets },
      total_matched_count: r.total_matched_count,
      total_modeled_count: totalModeled,
    };
  });

  // SRV-105
  handle(app, E.overlap, async ({ body }, req) => {
    const e = await engine();
    const r = await e.overlap(body.x_axis_ids, body.y_axis_ids, {
      kind: body.is_modeled ? 'modeled' : 'matched',
      region: regionOf(req, e),
      filter: body.filter as Rule | undefined,
    });
    return {
      cells: r.cells,
      population: r.population,
      segment_counts: Object.fromEntries([...r.x, ...r.y].map((s) => [s.id, s.count])),
    };
  });

  handle(app, E.rule, async ({ body }, req) => {
    const e = await engine();
    const kind = body.is_modeled ? ('modeled' as const) : ('matched' as const);
    const region = regionOf(req, e);
    const people = await e.ruleCount(body.rules as Rule, { kind, region });
    return { data: { people, kind, region: region ?? 'global' } };
  });

  // SRV-064: non-empty data means the vendors have data for these use cases.
  handle(app, E.vendorAvailability, async ({ body }) => {
    const e = await engine();
    const known = new Set(e.manifest.vendors.map((v) => `${v.vendor_name}/${v.vendor_type}`));
    const data = body.vendors
      .filter((v) => known.has(`${v.vendor_name}/${v.vendor_type}`))
      .filter((v) => e.manifest.segments.some((s) => s.vendor === v.vendor_name && !s.deleted && !s.expired && s.matched > 0))
      .map((v) => ({ ...v, parent_id: body.parent_id, use_cases: body.use_cases }));
    return { data };
  });

  // The population's state with its reason when failed, and how overlaps and mekkos run
  // ('native (AVX-512)', 'native (portable C: ...)' or 'roaring (why)').
  handle(app, E.status, async () => {
    const s = population?.status() ?? { state: 'missing' as const, error: null, restarts: 0 };
    const engine = population?.current();
    return {
      data: {
        state: s.state,
        error: s.error,
        progress: population?.progress ?? [0, 0],
        people: engine?.people ?? null,
        kernel: engine?.kernel.status ?? kernelStatus(),
        kernel_mode: engine?.kernel.mode ?? null,
        backend: engine?.backend ?? null,
        worker_restarts: s.restarts,
      },
    };
  });
}
