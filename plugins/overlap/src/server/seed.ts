import { segmentId } from '@discovery/counts';
import type { ServerCore } from '@discovery/server';
import { ordered } from './repository';

/** Demo taxonomy segments that are never expired or deleted: the age bands and media habits. */
const AGES = ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'].map((name) => ({ short_id: segmentId(`Age > ${name}`), name: `Age ${name}` }));
const MEDIA = ['Heavy TV viewers', 'Light TV viewers', 'Live sports viewers', 'News viewers', 'Video streaming', 'Music streaming'].map((name) => ({
  short_id: segmentId(name),
  name,
}));

/**
 * One comparison per demo product (issue 17): media habits by age, an index chart on every other
 * product. Media habits lean on age in the population (news and heavy TV older, streaming and
 * light TV younger, live sports younger and male), so each row's '% of X in Y' differs and the
 * indexes span well under 50 to over 200 (issue 27).
 */
export async function seedOverlap(core: ServerCore): Promise<void> {
  const products = await core.query<{ id: number }>('select id from products order by id');
  const [planner] = await core.query<{ id: number }>("select id from users where email = 'planner@example.com'");
  await core.transaction(async (tx) => {
    for (const [i, p] of products.entries()) {
      await tx.query(
        `insert into overlap_comparisons (product_id, name, mode, is_people_count, x_axis_name, y_axis_name, x_segments, y_segments, created_by)
         values ($1, $2, $3, false, 'Age', 'Media habits', $4, $5, $6)`,
        [p.id, 'Media habits by age', i % 2 ? 'index' : 'matched', JSON.stringify(ordered(AGES)), JSON.stringify(ordered(MEDIA)), planner?.id ?? null],
      );
    }
  });
}
