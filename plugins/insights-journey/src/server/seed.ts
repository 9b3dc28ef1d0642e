import { DEMO_POPULATION, FUNNEL_STAGES, demoAudiencePopulation, segmentId, type PopulationPlan } from '@discovery/counts';
import type { ServerCore } from '@discovery/server';
import type { JourneyParsed, StageIcon } from '../common';
import { writeJourney } from './repository';

/** JRN-043: the demo's five stages and their icons (the BrandPulse funnel stages of core/counts, in order). */
const STAGES: [name: string, icon: StageIcon][] = [
  ['Awareness', 'eye'],
  ['Consideration', 'thumbs-up'],
  ['Preference', 'heart'],
  ['Purchase', 'shopping-cart'],
  ['Loyalty', 'star'],
];

/** Each demo brand's two competitors in its market (the funnels of all of them are BrandPulse segments). */
const COMPETITORS: Record<string, [string, string]> = {
  'Fizz Cola': ['Royal Cola', 'Sparkle Soda'],
  'Peak Water': ['Crystal Springs', 'Alpine Fresh'],
  'Morning Brew': ['Bean Street', 'Chill Brew'],
  'Globex Home': ['HomeMax', 'Casa Living'],
  'Globex Fashion': ['Trendline', 'Urban Thread'],
};

/**
 * The demo journey of a product: its own brand's funnel (the row is named after the product,
 * JRN-032) and its two competitors', 3 brands × 5 stages. Each stage is a BrandPulse segment
 * nested in the stage before it, and keeps under half of it, so raw and deduplicated counts
 * narrow stage by stage in every region and seed; populations are what BrandPulse matches of
 * each stage at a 35-50% match rate.
 */
function demoJourney(productName: string, brand: string, regions: string[], plan: PopulationPlan): JourneyParsed {
  const funnels = [brand, ...COMPETITORS[brand]];
  return {
    name: 'Customer Journey',
    default: true,
    has_transition_data: true,
    brands: [productName, ...funnels.slice(1)].map((name, i) => ({ new_id: -i - 1, name, order: i })),
    stages: STAGES.map(([name, icon], i) => ({ new_id: -i - 1, name, priority: i, icon })),
    sub_markets: funnels.flatMap((b, i) =>
      FUNNEL_STAGES.map((stage, s) => {
        const id = segmentId(`Brand Funnels > ${b} > ${stage.name(b)}`);
        return {
          new_journey_brand_id: -i - 1,
          new_journey_stage_id: -s - 1,
          population: demoAudiencePopulation(plan, id, regions, stage.name(b)),
          matched_id: id,
          modeled_id: id,
          discussion_cluster_node_id: null,
        };
      }),
    ),
  };
}

/** One default journey per demo product (once: a product that has journeys is left alone). */
export async function seedJourneys(core: ServerCore): Promise<void> {
  const products = await core.query<{ id: number; name: string; brand: string; regions: string[] }>(
    `select p.id, p.name, b.name as brand,
            array(select c.slug || '/' || r.slug from product_regions pr join regions r on r.id = pr.region_id where pr.product_id = p.id order by r.id) as regions
       from products p join brands b on b.id = p.brand_id join clients c on c.id = b.client_id
      where not exists (select 1 from insights_journey_journeys j where j.product_id = p.id) order by p.id`,
  );
  const plan = core.populationPlan ?? DEMO_POPULATION;
  await core.transaction(async (tx) => {
    for (const p of products) {
      if (!COMPETITORS[p.brand]) continue; // a brand the demo taxonomy has no funnel for
      await writeJourney(core, tx, p.id, null, demoJourney(p.name, p.brand, p.regions, plan));
    }
  });
}
