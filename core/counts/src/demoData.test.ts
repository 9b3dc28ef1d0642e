import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CountsEngine } from './engine';
import { DEMO_REGIONS, PopulationModel } from './generate';
import { MANIFEST_FILE, type Manifest } from './manifest';
import type { Rule } from './ops';
import type { RoaringBitmap32 } from './roaring';
import { searchSegments } from './search';
import { SegmentFileReader } from './storage';
import { cachedGeneratedPopulation } from './testing/population';
import {
  brandBuyersName,
  buildTaxonomy,
  declaredExclusions,
  declaredSubsets,
  DEMO_BRANDS,
  DEMOGRAPHIC_KEYS,
  FUNNEL_STAGES,
  marginalWeights,
  PARTITIONS,
  segmentId,
  type SegmentDef,
} from './taxonomy';

/**
 * Issues 14 ('Demo data that adds up') and 27 ('Demo data that tells a story'): the demo
 * population (seed 42, what `npm start` generates; 400,000 people here, to keep the suite quick)
 * keeps every declared subset and exclusion, holds the sizes and the leanings the model computes
 * exactly, and shows the story a planner looks for: media habits and purchases that differ by
 * age, gender and income, the category, brand and department segments of the demo brands, and
 * brand funnels that narrow.
 */
const PEOPLE = 400_000;
const SEED = 42;

const taxonomy = buildTaxonomy(SEED);
const model = new PopulationModel(taxonomy, SEED);
const byName = (name: string) => taxonomy.find((d) => d.short_id === segmentId(name))!;
const shareOf = (d: SegmentDef) => (d.membership.kind === 'share' ? d.membership : null);
/** The short_ids of a partition's bands. */
const bandsOf = (key: string) => taxonomy.filter((d) => d.membership.kind === 'partition' && d.membership.partition === key).map((d) => d.short_id);
const include = (...groups: string[][]): Rule => ({ include: { and: groups.map((or) => ({ or })) } });
/** Observed against expected people: within five standard deviations of chance and 3%. */
const near = (observed: number, expected: number) => Math.abs(observed - expected) <= 5 * Math.sqrt(expected) + 0.03 * expected;

describe(`demo data that adds up and tells a story (${PEOPLE.toLocaleString()} people, seed ${SEED})`, () => {
  let dir: string;
  let manifest: Manifest;
  let engine: CountsEngine;
  const count = (id: string) => manifest.segments.find((s) => s.short_id === id)!.matched;

  beforeAll(async () => {
    // Made by the data:generate CLI on two threads, as `npm start` does, once per generator source
    // (a changed generator makes it again); read in place.
    dir = cachedGeneratedPopulation(PEOPLE, SEED, { threads: 2 });
    manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
    engine = await CountsEngine.open({ dir, workers: 0 });
  }, 180_000);
  afterAll(async () => {
    await engine?.close();
  });

  const bitmaps = (kind: 'matched' | 'modeled', id: string): RoaringBitmap32[] => {
    const r = new SegmentFileReader(join(dir, kind, `${id}.bin`));
    const out = Array.from({ length: r.shardCount }, (_, s) => r.read(s));
    r.close();
    return out;
  };

  it('declares the nestings the world has: 7 days ⊂ 30 days ⊂ 90 days, parents of young children ⊂ parents, the shop funnel, brands in their category, funnel stages', () => {
    const pairs = declaredSubsets(taxonomy).map(
      ([c, p]) => `${taxonomy.find((d) => d.short_id === c)!.name} ⊂ ${taxonomy.find((d) => d.short_id === p)!.name}`,
    );
    expect(pairs).toEqual(
      expect.arrayContaining([
        'Visited in 7 days ⊂ Visited in 30 days',
        'Visited in 30 days ⊂ Visited in 90 days',
        'Parents of young children ⊂ Parents',
        'Parents of teens ⊂ Parents',
        'Checkout starters ⊂ Added to cart',
        'Added to cart ⊂ Product page viewers',
        'Dog owners ⊂ Pet owners',
        'Cola buyers ⊂ Soft drink buyers',
        'Diet cola buyers ⊂ Cola buyers',
        'Fizz Cola buyers ⊂ Cola buyers',
        'Considering Fizz Cola ⊂ Aware of Fizz Cola',
        'Loyal to Fizz Cola ⊂ Bought Fizz Cola',
      ]),
    );
  });

  it('every declared subset holds person by person, matched and modeled, and is smaller than its parent', () => {
    const pairs = declaredSubsets(taxonomy);
    expect(pairs.length).toBeGreaterThanOrEqual(15);
    for (const [child, parent] of pairs) {
      for (const kind of ['matched', 'modeled'] as const) {
        const c = bitmaps(kind, child);
        const p = bitmaps(kind, parent);
        c.forEach((b, s) => expect({ child, parent, kind, shard: s, subset: b.isSubset(p[s]) }).toEqual({ child, parent, kind, shard: s, subset: true }));
      }
      if (!taxonomy.find((d) => d.short_id === child)!.expired) {
        expect(count(child)).toBeGreaterThan(0);
        expect(count(child)).toBeLessThan(count(parent));
      }
    }
    expect(count(byName('Visited in 7 days').short_id)).toBeLessThan(count(byName('Visited in 30 days').short_id));
    expect(count(byName('Parents of young children').short_id)).toBeLessThan(count(byName('Parents').short_id));
  });

  it('declared exclusions hold: lapsed customers are not customers, light TV viewers not heavy ones', () => {
    const pairs = declaredExclusions(taxonomy);
    expect(pairs.map(([a, b]) => `${taxonomy.find((d) => d.short_id === a)!.name} / ${taxonomy.find((d) => d.short_id === b)!.name}`)).toEqual([
      'Light TV viewers / Heavy TV viewers',
      'Lapsed customers / Customers',
    ]);
    for (const [a, b] of pairs) {
      const x = bitmaps('matched', a);
      const y = bitmaps('matched', b);
      expect(x.reduce((n, bm, s) => n + bm.andCardinality(y[s]), 0)).toBe(0);
      expect(count(a)).toBeGreaterThan(0);
    }
  });

  it('sizes: partitions cover everyone once; every segment holds the people the model expects (its declared share, of its parent for a nested one); none of a handful', () => {
    for (const p of PARTITIONS) {
      const ids = bandsOf(p.key);
      expect(ids.reduce((n, id) => n + count(id), 0)).toBe(PEOPLE);
      marginalWeights(p.key).forEach((w, b) => expect(Math.abs(count(ids[b]) / PEOPLE - w)).toBeLessThan(0.005));
    }
    const wrong: string[] = [];
    for (const d of taxonomy) {
      const m = shareOf(d);
      if (!m || d.expired) continue;
      const expected = model.expectedShare(d.short_id) * PEOPLE;
      if (!near(count(d.short_id), expected)) wrong.push(`${d.short_id} ${d.name}: ${count(d.short_id)} people, expected ${expected.toFixed(0)}`);
      // Interest and intent segments from 0.1%.
      if (count(d.short_id) < 0.001 * PEOPLE) wrong.push(`${d.short_id} ${d.name}: only ${count(d.short_id)} people`);
      // A segment that is nobody's subset has its declared size (calibrated over the latent traits).
      if (!m.within && !m.outside && Math.abs(expected / PEOPLE / m.share - 1) > 0.01)
        wrong.push(`${d.short_id} ${d.name}: expected share ${expected / PEOPLE}, declared ${m.share}`);
      if (m.within) {
        const parent = model.expectedShare(m.within);
        if (Math.abs(expected / PEOPLE / parent / m.share - 1) > 0.01)
          wrong.push(`${d.short_id} ${d.name}: ${expected / PEOPLE / parent} of its parent, declared ${m.share}`);
      }
    }
    expect(wrong).toEqual([]);
    const young = count(byName('Parents of young children').short_id) / count(byName('Parents').short_id);
    expect(young).toBeGreaterThan(0.3);
    expect(young).toBeLessThan(0.6);
  });

  it('partitions that depend on another show the declared table as indexes: income by age, education by income, gender by age', async () => {
    let checked = 0;
    const wrong: string[] = [];
    for (const p of PARTITIONS) {
      if (Array.isArray(p.weights)) continue;
      const given = bandsOf(p.weights.given);
      const own = bandsOf(p.key);
      const marginal = marginalWeights(p.key);
      const o = await engine.overlap(given, own);
      p.weights.rows.forEach((row, i) => {
        const total = row.reduce((a, b) => a + b, 0);
        row.forEach((w, j) => {
          const expected = (w / total / marginal[j]) * 100;
          const cell = o.cells.find((c) => c.x === given[i] && c.y === own[j])!;
          if (cell.count < 1000) return; // too few people for a stable index (non-binary at 65+)
          if (Math.abs(cell.index_value - expected) >= 6)
            wrong.push(`${p.key} ${own[j]} within ${given[i]}: declared ${expected.toFixed(0)}, index ${cell.index_value.toFixed(0)}`);
          checked++;
        });
      });
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });

  it('every segment leans as the model says in every band of age, gender, income and education (skews and latent traits), and most lean a lot', async () => {
    let checked = 0;
    let strong = 0;
    const wrong: string[] = [];
    for (const key of DEMOGRAPHIC_KEYS) {
      const bands = bandsOf(key);
      const ids = taxonomy.filter((d) => shareOf(d) && !d.expired && !d.deleted).map((d) => d.short_id);
      // The kernel takes 24 segments an axis.
      const cells = (
        await Promise.all(Array.from({ length: Math.ceil(ids.length / 24) }, (_, i) => engine.overlap(bands, ids.slice(i * 24, i * 24 + 24))))
      ).flatMap((o) => o.cells);
      const people = await engine.counts(bands);
      for (const id of ids) {
        const all = model.expectedShare(id);
        bands.forEach((band, b) => {
          const expected = people[band] * model.expectedShare(id, { by: key, band: b });
          if (expected < 200) return;
          const cell = cells.find((c) => c.x === band && c.y === id)!;
          if (!near(cell.count, expected)) wrong.push(`${id} in ${key} band ${b}: ${cell.count} people, expected ${expected.toFixed(0)}`);
          const index = model.expectedShare(id, { by: key, band: b }) / all;
          if (index >= 1.5 || index <= 0.67) strong++;
          checked++;
        });
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(3000);
    // Not 99-101 everywhere: a fifth of all segment-by-band cells index above 150 or below 67.
    expect(strong / checked).toBeGreaterThan(0.2);
  });

  it('issue 27: media habits by age (the seeded Overlap chart) differ along every row, indexes from under 50 to over 200; live sports and news viewers lean by age', async () => {
    const ages = bandsOf('Age');
    const media = ['Heavy TV viewers', 'Light TV viewers', 'Live sports viewers', 'News viewers', 'Video streaming', 'Music streaming'].map(
      (n) => byName(n).short_id,
    );
    for (const region of [undefined, ...DEMO_REGIONS]) {
      const o = await engine.overlap(ages, media, { region });
      const indexes = o.cells.map((c) => c.index_value);
      expect(Math.min(...indexes)).toBeLessThan(50);
      expect(Math.max(...indexes)).toBeGreaterThan(200);
      for (const y of media) {
        const row = o.cells.filter((c) => c.y === y);
        const percents = row.map((c) => c.percent_value);
        // '% of X in Y' differs across the row: the most and least likely age twice apart at least.
        expect({ region, y, ratio: Math.max(...percents) / Math.min(...percents) > 2 }).toEqual({ region, y, ratio: true });
      }
      const cell = (age: string, y: string) => o.cells.find((c) => c.x === byName(`Age > ${age}`).short_id && c.y === byName(y).short_id)!.index_value;
      expect(cell('65+', 'News viewers')).toBeGreaterThan(150);
      expect(cell('18-24', 'News viewers')).toBeLessThan(50);
      expect(cell('25-34', 'Live sports viewers')).toBeGreaterThan(115);
      expect(cell('65+', 'Live sports viewers')).toBeLessThan(70);
    }
  });

  it('issue 27: gender and income tell too: live sports and energy drinks lean male, womenswear and diet drinks female, sparkling water and luxury travel affluent, soft drinks not', async () => {
    const o = await engine.overlap(
      [...bandsOf('Gender').slice(0, 2), byName('Under $25k').short_id, byName('$150k+').short_id],
      [
        'Live sports viewers',
        'Energy drink buyers',
        'Womenswear shoppers',
        'Diet drink buyers',
        'Sparkling water buyers',
        'Luxury travel',
        'Soft drink buyers',
      ].map((n) => byName(n).short_id),
    );
    const index = (x: string, y: string) => o.cells.find((c) => c.x === byName(x).short_id && c.y === byName(y).short_id)!.index_value;
    expect(index('Male', 'Live sports viewers')).toBeGreaterThan(140);
    expect(index('Female', 'Live sports viewers')).toBeLessThan(60);
    expect(index('Male', 'Energy drink buyers')).toBeGreaterThan(150);
    expect(index('Female', 'Womenswear shoppers')).toBeGreaterThan(170);
    expect(index('Female', 'Diet drink buyers')).toBeGreaterThan(120);
    expect(index('$150k+', 'Sparkling water buyers')).toBeGreaterThan(180);
    expect(index('Under $25k', 'Sparkling water buyers')).toBeLessThan(50);
    expect(index('$150k+', 'Luxury travel')).toBeGreaterThan(180);
    expect(index('$150k+', 'Soft drink buyers')).toBeLessThan(80);
  });

  it("an audience of ages 45+ shows real insight, not 99-101 everywhere (issue 14's example)", async () => {
    const demographic = manifest.segments.filter((s) => s.demographic).map((s) => s.short_id);
    const audience = include(['45-54', '55-64', '65+'].map((n) => byName(n).short_id));
    const p = await engine.profile(audience, demographic);
    const index = (name: string) => p.rows.find((r) => r.id === byName(name).short_id)!.index;
    expect(index('$150k+')).toBeGreaterThan(110);
    expect(index('Graduate degree')).toBeGreaterThan(102);
    expect(index('Grandparents')).toBeGreaterThan(150);
    expect(index('Parents of young children')).toBeLessThan(50);
    expect(index('Female')).toBeGreaterThan(100);
    const g = await engine.overlap([byName('18-24').short_id, byName('65+').short_id], [byName('Console gamers').short_id, byName('Opera').short_id]);
    const cell = (x: string, y: string) => g.cells.find((c) => c.x === byName(x).short_id && c.y === byName(y).short_id)!.index_value;
    expect(cell('18-24', 'Console gamers')).toBeGreaterThan(150);
    expect(cell('65+', 'Console gamers')).toBeLessThan(50);
    expect(cell('65+', 'Opera')).toBeGreaterThan(120);
  });

  it("issue 27: each demo brand has its category's buyers and its own (a real share, in every region), found by name and by path", () => {
    const names = (q: string) => searchSegments(manifest.segments, q).map((s) => s.name);
    for (const b of DEMO_BRANDS) {
      const buyers = byName(brandBuyersName(b));
      expect({ brand: b.name, share: count(buyers.short_id) / PEOPLE >= 0.03 }).toEqual({ brand: b.name, share: true });
      expect(names(b.name)).toContain(brandBuyersName(b));
    }
    // What a cola brand's planners type.
    expect(names('cola')).toEqual(expect.arrayContaining(['Cola buyers', 'Diet cola buyers', 'Fizz Cola buyers', 'Royal Cola buyers', 'Aware of Fizz Cola']));
    expect(names('cola')[0]).toBe('Cola buyers');
    expect(names('soda')).toEqual(expect.arrayContaining(['Soda buyers', 'Sparkle Soda buyers', 'Soft drink buyers', 'Soft drinks']));
    expect(names('diet')).toEqual(expect.arrayContaining(['Diet cola buyers', 'Diet drink buyers']));
    expect(names('energy drinks')).toEqual(expect.arrayContaining(['Energy drink buyers', 'Energy drinks']));
    expect(names('Beverages > Soft drinks')).toEqual(expect.arrayContaining(['Soft drink buyers', 'Cola buyers', 'Soda buyers', 'Soft drinks']));
    // Globex Retail's shoppers by department.
    expect(names('shoppers')).toEqual(
      expect.arrayContaining([
        'Furniture shoppers',
        'Home décor shoppers',
        'Kitchen & dining shoppers',
        'Womenswear shoppers',
        'Menswear shoppers',
        'Kidswear shoppers',
      ]),
    );
    expect(names('Retail > Home departments')).toHaveLength(6);
    // Cola is most of soft drinks; Fizz Cola a good part of cola.
    const share = (child: string, parent: string) => count(byName(child).short_id) / count(byName(parent).short_id);
    expect(share('Cola buyers', 'Soft drink buyers')).toBeGreaterThan(0.55);
    expect(share('Fizz Cola buyers', 'Cola buyers')).toBeGreaterThan(0.35);
  });

  it('issue 27: every brand funnel narrows stage by stage, raw and deduplicated, matched and modeled, in every region', async () => {
    const rows = DEMO_BRANDS.map((b) => {
      const ids = FUNNEL_STAGES.map((s) => segmentId(`Brand Funnels > ${b.name} > ${s.name(b.name)}`));
      return { matched: ids, modeled: ids };
    });
    const wrong: string[] = [];
    for (const region of DEMO_REGIONS) {
      const got = await engine.funnels(rows, { region });
      got.forEach((f, i) => {
        for (const kind of ['matched', 'modeled'] as const)
          for (const form of ['raw', 'deduped'] as const) {
            const n = f[kind][form];
            if (!n.every((x, s) => x > 0 && (s === 0 || x < n[s - 1]))) wrong.push(`${DEMO_BRANDS[i].name} in ${region}, ${kind} ${form}: ${n.join(' > ')}`);
          }
      });
    }
    expect(wrong).toEqual([]);
  });
});
