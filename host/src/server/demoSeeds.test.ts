import type { CountsEngine } from '@discovery/counts';
import { VERTICALS, type GrowCountsDto, type MekkoDto, type MekkoSummaryDto } from '@discovery/plugin-insights-grow/common';
import type { JourneyCountsDto, JourneyDto, JourneySummaryDto } from '@discovery/plugin-insights-journey/common';
import type { ComparisonCountsDto, ComparisonDto, ComparisonListDto } from '@discovery/plugin-overlap/common';
import { createTestServer, type TestServer, type TestSession } from '@discovery/test-utils/server';
import { loadBuildServerPlugins } from './buildPlugins';

/**
 * Issue 27 §1, 'Demo data that tells a story': what a planner sees on the seeded Grow, Overlap and
 * Journeys of every demo product, in each of the product's regions, over the full build's seeds
 * and a generated population (seed 42, as `npm start`; 100,000 people to keep it quick: the seeds
 * size their populations from the server's population plan, so the rates hold at any size).
 */
describe('the demo seeds tell a story (issue 27)', () => {
  let s: TestServer;
  let planner: TestSession;
  let engine: CountsEngine;
  /** Every product in every region it is sold in: 'client/region/brand/product'. */
  let contexts: { context: string; region: string; product: string; brand: string }[];

  beforeAll(async () => {
    s = await createTestServer({ plugins: await loadBuildServerPlugins('full'), population: { people: 100_000, seed: 42 } });
    planner = await s.login('planner@example.com');
    engine = await s.core.counts();
    contexts = await s.core.query(
      `select c.slug || '/' || r.slug || '/' || b.slug || '/' || p.slug as context, c.slug || '/' || r.slug as region, p.name as product, b.name as brand
         from products p join brands b on b.id = p.brand_id join clients c on c.id = b.client_id
         join product_regions pr on pr.product_id = p.id join regions r on r.id = pr.region_id
        where c.slug in ('acme', 'globex') order by p.id, r.id`,
    );
  }, 180_000);
  afterAll(() => s?.close());

  const call = async <T>(method: string, path: string, context: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${s.url}/api/v1${path}`, {
      method,
      headers: planner.headers({ 'x-context': context, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }),
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };

  it('Grow: every seeded audience matches 20-70% of its population in each region; the brand owns a real share of its landscape', async () => {
    expect(contexts.length).toBeGreaterThanOrEqual(12);
    const rates: string[] = [];
    let audiences = 0;
    for (const { context, brand } of contexts) {
      const list = (await call<{ data: MekkoSummaryDto[] }>('GET', '/insights-grow/mekkos', context)).data;
      expect(list.map((m) => m.name)).toContain('Audience Reach');
      for (const summary of list) {
        const m = (await call<{ data: MekkoDto }>('GET', `/insights-grow/mekkos/${summary.id}`, context)).data;
        // The counts the screen asks for, by chart id: matched per audience and market, in the context's region.
        const counts = await call<GrowCountsDto>('POST', `/insights-grow/mekkos/${m.id}/counts`, context, {});
        for (const k of m.markets)
          for (const a of k.sub_markets) {
            const rate = counts.sub_markets[a.id].matched / a.population;
            audiences++;
            if (!(rate >= 0.2 && rate <= 0.7)) rates.push(`${context} ${m.name} ${a.name}: ${(rate * 100).toFixed(1)}%`);
          }
        if (!summary.default) continue;
        // The product's own brand is Owned, and no sliver: a sixth of its market, 4% of the chart at least.
        const owned = m.markets.flatMap((k) => k.sub_markets.filter((a) => a.tag === 'owned').map((a) => ({ k, a })));
        expect(owned.map(({ a }) => a.name)).toEqual([expect.stringContaining(brand)]);
        const { k, a } = owned[0];
        const height = counts.sub_markets[a.id].matched / k.sub_markets.reduce((x, y) => x + counts.sub_markets[y.id].matched, 0);
        const width = counts.markets[k.id].matched / m.markets.reduce((x, y) => x + counts.markets[y.id].matched, 0);
        expect({ context, height: height > 0.15, area: height * width > 0.04 }).toEqual({ context, height: true, area: true });
        // The cola brand: a quarter of the soft drinks bought, near a tenth of the chart.
        if (brand === 'Fizz Cola') expect({ context, height: height > 0.22, area: height * width > 0.07 }).toEqual({ context, height: true, area: true });
      }
    }
    expect(rates).toEqual([]);
    expect(audiences).toBeGreaterThan(250);
  });

  it("Grow's pre-populated Beverages chart (GROW-041) counts the ShopperLens buyers its audiences are named after", () => {
    const beverages = VERTICALS.find((v) => v.vertical_type === 'beverages')!;
    for (const a of beverages.markets.flatMap((m) => m.sub_markets)) {
      const seg = engine.segment(a.matched)!;
      // 'Soft drinks buyers' counts ShopperLens' 'Soft drink buyers'; 'Coffee lovers' is the interest.
      expect({ audience: a.name, segment: seg.name, available: !seg.expired && !seg.deleted }).toEqual({
        audience: a.name,
        segment: a.name.replace('drinks buyers', 'drink buyers'),
        available: true,
      });
    }
  });

  it("Overlap: the seeded chart's indexes run from under 50 to over 200 in each region; '% of X in Y' differs along every row; live sports and news viewers lean by age", async () => {
    for (const { context } of contexts) {
      const [first] = (await call<ComparisonListDto>('GET', '/overlap/comparisons', context)).data;
      const c = (await call<{ data: ComparisonDto }>('GET', `/overlap/comparisons/${first.id}`, context)).data;
      const counts = await call<ComparisonCountsDto>('POST', `/overlap/comparisons/${c.id}/counts`, context, {});
      const indexes = counts.cells.map((cell) => cell.index_value);
      expect({ context, min: Math.min(...indexes) < 50, max: Math.max(...indexes) > 200 }).toEqual({ context, min: true, max: true });
      for (const row of c.y_segments) {
        const percents = counts.cells.filter((cell) => cell.y === row.short_id).map((cell) => cell.percent_value);
        expect({ context, row: row.name, differs: Math.max(...percents) > 2 * Math.min(...percents) }).toEqual({ context, row: row.name, differs: true });
        const rowIndexes = counts.cells.filter((cell) => cell.y === row.short_id).map((cell) => cell.index_value);
        if (['Live sports viewers', 'News viewers'].includes(row.name))
          expect({ context, row: row.name, low: Math.min(...rowIndexes) < 75, high: Math.max(...rowIndexes) > 125 }).toEqual({
            context,
            row: row.name,
            low: true,
            high: true,
          });
      }
    }
  });

  it('Journeys: each product meets its competitors, and every funnel narrows stage by stage, raw and deduplicated, matched and modeled, in each region', async () => {
    for (const { context, product } of contexts) {
      const [summary] = (await call<{ data: JourneySummaryDto[] }>('GET', '/insights-journey/journeys', context)).data;
      const j = (await call<{ data: JourneyDto }>('GET', `/insights-journey/journeys/${summary.id}`, context)).data;
      expect(j.brands.map((b) => b.name)).toHaveLength(3);
      expect(j.brands[0].name).toBe(product);
      const counts = (await call<{ data: JourneyCountsDto }>('POST', `/insights-journey/journeys/${j.id}/counts`, context, {})).data;
      for (const b of j.brands) {
        const cells = j.stages.map((st) => counts.cells.find((c) => c.journey_brand_id === b.id && c.journey_stage_id === st.id)!);
        for (const key of ['matched', 'matched_deduped', 'modeled', 'modeled_deduped'] as const) {
          const n = cells.map((c) => c[key]);
          expect({ context, brand: b.name, key, n, narrows: n.every((v, i) => v > 0 && (i === 0 || v < n[i - 1])) }).toEqual({
            context,
            brand: b.name,
            key,
            n,
            narrows: true,
          });
        }
      }
    }
  });

  it("the segment picker's search finds a cola brand's segments by name, keyword and path, and Globex's departments", async () => {
    const names = async (q: string, context = 'acme/us/fizz-cola/fizz-zero') =>
      (await call<{ data: { name: string; path: string }[] }>('GET', `/segments/search?q=${encodeURIComponent(q)}&limit=100`, context)).data.map((d) => d.name);
    const cola = await names('cola');
    expect(cola[0]).toBe('Cola buyers');
    expect(cola).toEqual(expect.arrayContaining(['Diet cola buyers', 'Fizz Cola buyers', 'Royal Cola buyers', 'Aware of Fizz Cola', 'Loyal to Fizz Cola']));
    expect(await names('soda')).toEqual(expect.arrayContaining(['Soda buyers', 'Sparkle Soda buyers', 'Soft drink buyers']));
    expect(await names('Beverages > Soft drinks')).toEqual(
      expect.arrayContaining(['Soft drink buyers', 'Cola buyers', 'Diet drink buyers', 'Energy drink buyers']),
    );
    expect((await names('ShopperLens > Beverages > Soft drinks > Cola buyers'))[0]).toBe('Cola buyers');
    expect(await names('energy drinks')).toEqual(expect.arrayContaining(['Energy drink buyers']));
    expect(await names('department', 'globex/de/globex-home/home-essentials')).toEqual(
      expect.arrayContaining(['Furniture shoppers', 'Home décor shoppers', 'Womenswear shoppers', 'Menswear shoppers', 'Kidswear shoppers']),
    );
  });
});
