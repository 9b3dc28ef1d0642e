import { fmix32 } from './hash';
import { DEMO_REGIONS, PopulationModel, regionSlices } from './generate';
import { buildTaxonomy } from './taxonomy';

/** What a population will be made of, known before it is generated (a server's configuration). */
export interface PopulationPlan {
  people: number;
  seed: number;
  /** Hierarchy regions ('client/region'), each a slice of the people. */
  regions: string[];
}

/** The demo's population: what `npm start` generates by default. */
export const DEMO_POPULATION: PopulationPlan = { people: 1_000_000, seed: 42, regions: DEMO_REGIONS };

const models = new Map<number, PopulationModel>();
const modelOf = (seed: number) => {
  let m = models.get(seed);
  if (!m) models.set(seed, (m = new PopulationModel(buildTaxonomy(seed), seed)));
  return m;
};

/**
 * The matched people a segment is expected to have in a region of a planned population (all of
 * it without a region): its exact expected share (the generator's own calibration over the
 * latent traits) times the region's people. A generated population holds this give or take
 * chance (a few percent for a segment of some thousands).
 */
export function expectedMatched(plan: PopulationPlan, id: string, region?: string): number {
  const share = modelOf(plan.seed).expectedShare(id);
  if (!region) return share * plan.people;
  const slice = regionSlices(plan.people, plan.regions, plan.seed).find((r) => r.key === region);
  if (!slice) throw new Error(`expectedMatched: the plan has no region '${region}'`);
  return share * (slice.end - slice.start);
}

/** A number rounded to three significant figures, as market sizes are quoted. */
const roundFigure = (n: number) => {
  if (n < 1000) return Math.max(1, Math.round(n));
  const unit = 10 ** (Math.floor(Math.log10(n)) - 2);
  return Math.round(n / unit) * unit;
};

/**
 * A demo audience's population (the Total Population of Grow and Journeys): what its data
 * provider matches, its expected matched people over the product's regions, is between 35% and
 * 50% of it (a match rate chosen by the audience's name, so each audience has its own and the
 * same every time).
 */
export function demoAudiencePopulation(plan: PopulationPlan, id: string, regions: string[], name: string): number {
  const inRegions = regions.filter((r) => plan.regions.includes(r));
  const matched = inRegions.length
    ? inRegions.reduce((s, r) => s + expectedMatched(plan, id, r), 0) / inRegions.length
    : expectedMatched(plan, id) / plan.regions.length;
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = fmix32(h ^ name.charCodeAt(i));
  const rate = 0.35 + 0.15 * (h / 4294967296);
  return roundFigure(matched / rate);
}
