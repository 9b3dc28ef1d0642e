import { segmentId } from '@discovery/counts';
import type { ServerCore } from '@discovery/server';
import { ALL_DATA_NAME, type PersonaSegmentDto } from '../common';

/** A demo segment: its taxonomy path (for the id), its name and its category (the last part of its path). */
const seg = (path: string, name: string, group: string): PersonaSegmentDto => ({ short_id: segmentId(path), name, group });

/**
 * The demo personas (issue 29 §4), each with a clear skew on the Demographics widgets:
 * - 'Health-conscious parents': parents who eat healthily or run: 35-54 heavy, few under 25 or 65+;
 * - 'Young urban streamers': 18-34s who stream video and game on mobile: index well over 150 at 18-24;
 * - 'Retired gardeners': 55+ gardeners: the older bands only.
 */
export const DEMO_PERSONAS: { name: string; segments: PersonaSegmentDto[] }[] = [
  {
    name: 'Health-conscious parents',
    segments: [
      seg('Parents > Parents', 'Parents', 'Parents'),
      seg('Wellbeing > Healthy eating', 'Healthy eating', 'Wellbeing'),
      seg('Sports > Running', 'Running', 'Sports'),
    ],
  },
  {
    name: 'Young urban streamers',
    segments: [
      seg('Age > 18-24', '18-24', 'Age'),
      seg('Age > 25-34', '25-34', 'Age'),
      seg('Streaming > Video streaming', 'Video streaming', 'Streaming'),
      seg('Gaming > Mobile gamers', 'Mobile gamers', 'Gaming'),
    ],
  },
  {
    name: 'Retired gardeners',
    segments: [seg('Age > 55-64', '55-64', 'Age'), seg('Age > 65+', '65+', 'Age'), seg('Home & Garden > Gardening', 'Gardening', 'Home & Garden')],
  },
];

/** Every demo product: its all-data persona and the three demo personas, 'Health-conscious parents' the default. */
export async function seedExplore(core: ServerCore): Promise<void> {
  const products = await core.query<{ id: number }>('select id from products order by id');
  const [planner] = await core.query<{ id: number }>("select id from users where email = 'planner@example.com'");
  await core.transaction(async (tx) => {
    for (const p of products) {
      await tx.query('insert into explore_personas (product_id, name, is_all_data) values ($1, $2, true) on conflict do nothing', [p.id, ALL_DATA_NAME]);
      for (const [i, d] of DEMO_PERSONAS.entries()) {
        const [row] = await tx.query<{ id: number }>(
          `insert into explore_personas (product_id, name, segments, created_by) values ($1, $2, $3, $4)
           on conflict do nothing returning id`,
          [p.id, d.name, JSON.stringify(d.segments), planner?.id ?? null],
        );
        if (row && i === 0)
          await tx.query('insert into explore_defaults (product_id, persona_id) values ($1, $2) on conflict (product_id) do nothing', [p.id, row.id]);
      }
    }
  });
}
