import { DEMO_POPULATION, demoAudiencePopulation, segmentId } from '@discovery/counts';
import type { ServerCore } from '@discovery/server';
import { VERTICALS, type SubMarketTag } from '../common';

/** An audience of a demo chart: its name, and its segment named by its path's end (core/counts `segmentId`). */
type Audience = [name: string, segment: string];
interface DemoMarket {
  name: string;
  audiences: Audience[];
}
interface DemoChart {
  name: string;
  measurement_label?: string;
  markets: DemoMarket[];
  /** The tag of each audience for the product's brand. */
  tag: (audience: string) => SubMarketTag;
}

/** Reach by age, media and customers, on every product; owned: the product's own customers and the people it reaches best. */
const REACH: DemoChart = {
  name: 'Audience Reach',
  measurement_label: 'Reach',
  markets: [
    {
      name: 'Age',
      audiences: [
        ['Adults 18-24', 'Age > 18-24'],
        ['Adults 25-34', 'Age > 25-34'],
        ['Adults 35-44', 'Age > 35-44'],
        ['Adults 45-54', 'Age > 45-54'],
        ['Adults 55-64', 'Age > 55-64'],
      ],
    },
    {
      name: 'Media',
      audiences: [
        ['Heavy TV viewers', 'Heavy TV viewers'],
        ['Video streamers', 'Video streaming'],
        ['Cord cutters', 'Cord cutters'],
        ['Music streamers', 'Music streaming'],
      ],
    },
    {
      name: 'Customers',
      audiences: [
        ['Loyalty members', 'Loyalty members'],
        ['Repeat buyers', 'Repeat buyers'],
        ['Lapsed customers', 'Lapsed customers'],
        ['Discount seekers', 'Discount seekers'],
      ],
    },
  ],
  tag: (a) =>
    ['Adults 25-34', 'Adults 35-44', 'Video streamers', 'Loyalty members', 'Repeat buyers'].includes(a)
      ? 'owned'
      : ['Adults 55-64', 'Heavy TV viewers', 'Discount seekers'].includes(a)
        ? 'none'
        : 'opportunity',
};

/**
 * The brands of each category market a client's planners compare: the product's own brand is
 * Owned, its competitors in the same market (and the market's other buyers) Opportunity, the
 * rest None.
 */
const CATEGORY_MARKETS: Record<string, { name: string; brands: string[]; others: Audience[] }[]> = {
  beverages: [
    { name: 'Soft Drinks', brands: ['Fizz Cola', 'Royal Cola', 'Sparkle Soda'], others: [['Diet drinks buyers', 'Diet drink buyers']] },
    { name: 'Water', brands: ['Peak Water', 'Crystal Springs', 'Alpine Fresh'], others: [['Sparkling water buyers', 'Sparkling water buyers']] },
    { name: 'Coffee', brands: ['Morning Brew', 'Bean Street', 'Chill Brew'], others: [['Cold coffee buyers', 'Cold coffee buyers']] },
  ],
  home_retail: [
    { name: 'Home', brands: ['Globex Home', 'HomeMax', 'Casa Living'], others: [['Home décor shoppers', 'Home décor shoppers']] },
    { name: 'Fashion', brands: ['Globex Fashion', 'Trendline', 'Urban Thread'], others: [['Womenswear shoppers', 'Womenswear shoppers']] },
    {
      name: 'Family & Outdoor',
      brands: [],
      others: [
        ['Kidswear shoppers', 'Kidswear shoppers'],
        ['Garden & outdoor shoppers', 'Garden & outdoor shoppers'],
        ['Sportswear shoppers', 'Sportswear shoppers'],
      ],
    },
  ],
};

/** The client's landscape chart, named after its industry vertical: the category markets by brand, with the product's brand Owned. */
function landscape(client: string, brand: string): DemoChart {
  const v = VERTICALS.find((x) => x.vertical_type === (client === 'globex' ? 'home_retail' : 'beverages'))!;
  const markets = CATEGORY_MARKETS[v.vertical_type];
  const buyers = (b: string) => `${b} ${client === 'globex' ? 'shoppers' : 'buyers'}`;
  const mine = markets.find((m) => m.brands.includes(brand));
  return {
    name: `${v.display_name} Landscape`,
    markets: markets.map((m) => ({ name: m.name, audiences: [...m.brands.map((b): Audience => [buyers(b), buyers(b)]), ...m.others] })),
    tag: (a) => (a === buyers(brand) ? 'owned' : mine?.brands.some((b) => a === buyers(b)) || mine?.others.some(([o]) => o === a) ? 'opportunity' : 'none'),
  };
}

/** SRV-080 demo settings: a TV panel in the US and UK (GROW-028/029). */
const TV: Record<string, [minimum: number, maximum: number, n_pids: number, constant: number]> = {
  'acme/us': [50, 20_000_000, 40_000, 12],
  'acme/uk': [50, 8_000_000, 15_000, 9],
};

/**
 * Two charts per demo product (the first is its default), TV settings, and one prediction model
 * (GROW-073). An audience's population is what its data provider matches of it at a match rate
 * of 35-50% (core/counts `demoAudiencePopulation`, from the server's population plan), so
 * Matched is a believable share of Total Population.
 */
export async function seedGrow(core: ServerCore): Promise<void> {
  const products = await core.query<{ id: number; client: string; brand: string; regions: string[] }>(
    `select p.id, c.slug as client, b.name as brand,
            array(select c.slug || '/' || r.slug from product_regions pr join regions r on r.id = pr.region_id where pr.product_id = p.id order by r.id) as regions
       from products p join brands b on b.id = p.brand_id join clients c on c.id = b.client_id order by p.id`,
  );
  const regions = await core.query<{ id: number; key: string }>(
    "select r.id, c.slug || '/' || r.slug as key from regions r join clients c on c.id = r.client_id",
  );
  const plan = core.populationPlan ?? DEMO_POPULATION;
  await core.transaction(async (tx) => {
    for (const p of products) {
      for (const [ci, chart] of [landscape(p.client, p.brand), REACH].entries()) {
        const [m] = await tx.query<{ id: number }>(
          'insert into insights_grow_mekkos (product_id, name, measurement_label) values ($1, $2, $3) on conflict do nothing returning id',
          [p.id, chart.name, chart.measurement_label ?? 'Penetration'],
        );
        if (!m) continue;
        if (ci === 0) await tx.query('insert into insights_grow_default_mekkos (product_id, mekko_id) values ($1, $2) on conflict do nothing', [p.id, m.id]);
        for (const [i, market] of chart.markets.entries()) {
          const [k] = await tx.query<{ id: number }>('insert into insights_grow_markets (mekko_id, name, "order") values ($1, $2, $3) returning id', [
            m.id,
            market.name,
            i,
          ]);
          for (const [j, [name, segment]] of market.audiences.entries()) {
            const id = segmentId(segment);
            const [s] = await tx.query<{ id: number }>(
              'insert into insights_grow_sub_markets (market_id, name, tag, population, matched_short_id, modeled_short_id, "order") values ($1, $2, $3, $4, $5, $5, $6) returning id',
              [k.id, name, chart.tag(name), demoAudiencePopulation(plan, id, p.regions, name), id, j],
            );
            if (ci === 1 && name === 'Loyalty members')
              await tx.query('insert into insights_grow_prediction_models (sub_market_id, name) values ($1, $2)', [s.id, 'Loyalty propensity']);
          }
        }
      }
    }
    for (const [key, [minimum, maximum, nPids, constant]] of Object.entries(TV)) {
      const r = regions.find((x) => x.key === key);
      if (r)
        await tx.query(
          'insert into insights_grow_tv_settings (region_id, minimum, maximum, n_pids, constant) values ($1, $2, $3, $4, $5) on conflict do nothing',
          [r.id, minimum, maximum, nPids, constant],
        );
    }
  });
}
