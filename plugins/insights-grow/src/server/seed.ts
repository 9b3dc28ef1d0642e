import type { ServerCore } from '@discovery/server';
import { VERTICALS, type SubMarketTag } from '../common';

type Audience = [name: string, tag: SubMarketTag, matched: string, population: number];
interface DemoChart {
  name: string;
  measurement_label?: string;
  markets: { name: string; audiences: Audience[] }[];
}

/** Populations in people (Total Population tab); segment ids of the demo taxonomy that are never expired or deleted. */
const REACH: DemoChart = {
  name: 'Audience Reach',
  measurement_label: 'Reach',
  markets: [
    {
      name: 'Age',
      audiences: [
        ['Adults 18-24', 'opportunity', 'dmx-0001', 3_100_000],
        ['Adults 25-34', 'owned', 'dmx-0002', 4_600_000],
        ['Adults 35-44', 'owned', 'dmx-0003', 4_400_000],
        ['Adults 45-54', 'opportunity', 'dmx-0004', 4_100_000],
        ['Adults 55+', 'none', 'dmx-0005', 5_200_000],
      ],
    },
    {
      name: 'Media',
      audiences: [
        ['Heavy TV viewers', 'none', 'mp-0001', 5_600_000],
        ['Video streamers', 'owned', 'mp-0005', 9_800_000],
        ['Cord cutters', 'opportunity', 'mp-0007', 2_900_000],
        ['Music streamers', 'opportunity', 'mp-0006', 1_700_000],
      ],
    },
    {
      name: 'Customers',
      audiences: [
        ['Loyalty members', 'owned', 'fp-0016', 700_000],
        ['Repeat buyers', 'owned', 'fp-0017', 950_000],
        ['Lapsed customers', 'opportunity', 'fp-0015', 1_100_000],
        ['Discount seekers', 'none', 'fp-0019', 2_600_000],
      ],
    },
  ],
};

const POPULATIONS = [2_400_000, 1_800_000, 950_000, 3_100_000];

/** The client's landscape chart: its industry vertical's markets, with populations. */
function landscape(client: string): DemoChart {
  const v = VERTICALS.find((x) => x.vertical_type === (client === 'globex' ? 'home_retail' : 'beverages'))!;
  return {
    name: `${v.display_name} Landscape`,
    markets: v.markets.map((m, i) => ({
      name: m.name,
      audiences: m.sub_markets.map((s, j): Audience => [s.name, s.tag, s.matched, POPULATIONS[(i + j) % POPULATIONS.length]]),
    })),
  };
}

/** SRV-080 demo settings: a TV panel in the US and UK (GROW-028/029). */
const TV: Record<string, [minimum: number, maximum: number, n_pids: number, constant: number]> = {
  'acme/us': [50, 20_000_000, 40_000, 12],
  'acme/uk': [50, 8_000_000, 15_000, 9],
};

/** Two charts per demo product (the first is its default), TV settings, and one prediction model (GROW-073). */
export async function seedGrow(core: ServerCore): Promise<void> {
  const products = await core.query<{ id: number; client: string }>(
    'select p.id, c.slug as client from products p join brands b on b.id = p.brand_id join clients c on c.id = b.client_id order by p.id',
  );
  const regions = await core.query<{ id: number; key: string }>(
    "select r.id, c.slug || '/' || r.slug as key from regions r join clients c on c.id = r.client_id",
  );
  await core.transaction(async (tx) => {
    for (const p of products) {
      for (const [ci, chart] of [landscape(p.client), REACH].entries()) {
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
          for (const [j, [name, tag, id, population]] of market.audiences.entries()) {
            const [s] = await tx.query<{ id: number }>(
              'insert into insights_grow_sub_markets (market_id, name, tag, population, matched_short_id, modeled_short_id, "order") values ($1, $2, $3, $4, $5, $5, $6) returning id',
              [k.id, name, tag, population, id, j],
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
