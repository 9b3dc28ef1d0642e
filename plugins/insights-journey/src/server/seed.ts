import type { ServerCore } from '@discovery/server';
import type { JourneyParsed, StageIcon } from '../common';
import { writeJourney } from './repository';

/** JRN-043: the demo's five stages and their icons. */
const STAGES: [name: string, icon: StageIcon][] = [
  ['Awareness', 'eye'],
  ['Consideration', 'thumbs-up'],
  ['Preference', 'heart'],
  ['Purchase', 'shopping-cart'],
  ['Loyalty', 'star'],
];

/**
 * One funnel per brand, Awareness → Loyalty, on segments of the demo taxonomy that are never
 * expired or deleted, with declared sizes that shrink along the funnel whatever the population's
 * seed: the product's own site funnel (visited 12 % ⊃ product page 7.2 % ⊃ cart 2.2 % ⊃ checkout
 * 1.2 %, high spenders 1.1 %), and two competitors reached through media (streaming 55 % ⊃ binge
 * 22 %, heavy TV 22 % ⊃ cord cutters' 16.5 %) narrowing to first-party customers.
 */
const FUNNELS: [segment: string, population: number][][] = [
  [
    ['fp-0008', 3_600_000],
    ['fp-0009', 2_100_000],
    ['fp-0010', 650_000],
    ['fp-0011', 360_000],
    ['fp-0018', 320_000],
  ],
  [
    ['mp-0005', 16_000_000],
    ['mp-0008', 6_600_000],
    ['fp-0007', 1_800_000],
    ['fp-0017', 1_100_000],
    ['fp-0016', 840_000],
  ],
  [
    ['mp-0001', 6_500_000],
    ['mp-0007', 4_900_000],
    ['fp-0013', 1_500_000],
    ['fp-0020', 720_000],
    ['fp-0021', 360_000],
  ],
];

/** Product-sensible competitors by client (the first brand is the product itself, JRN-032). */
const COMPETITORS: Record<string, [string, string]> = {
  acme: ['Sparkle Soda', 'Bubble Up'],
  globex: ['HomeMax', 'Casa Living'],
};

/** The demo journey of a product: its own brand and two competitors, 3 brands × 5 stages. */
export function demoJourney(productName: string, client: string): JourneyParsed {
  const brands = [productName, ...(COMPETITORS[client] ?? ['Competitor A', 'Competitor B'])];
  return {
    name: 'Customer Journey',
    default: true,
    has_transition_data: true,
    brands: brands.map((name, i) => ({ new_id: -i - 1, name, order: i })),
    stages: STAGES.map(([name, icon], i) => ({ new_id: -i - 1, name, priority: i, icon })),
    sub_markets: FUNNELS.flatMap((funnel, b) =>
      funnel.map(([segment, population], s) => ({
        new_journey_brand_id: -b - 1,
        new_journey_stage_id: -s - 1,
        population,
        matched_id: segment,
        modeled_id: segment,
        discussion_cluster_node_id: null,
      })),
    ),
  };
}

/** One default journey per demo product (once: a product that has journeys is left alone). */
export async function seedJourneys(core: ServerCore): Promise<void> {
  const products = await core.query<{ id: number; name: string; client: string }>(
    `select p.id, p.name, c.slug as client from products p join brands b on b.id = p.brand_id join clients c on c.id = b.client_id
      where not exists (select 1 from insights_journey_journeys j where j.product_id = p.id) order by p.id`,
  );
  await core.transaction(async (tx) => {
    for (const p of products) await writeJourney(core, tx, p.id, null, demoJourney(p.name, p.client));
  });
}
