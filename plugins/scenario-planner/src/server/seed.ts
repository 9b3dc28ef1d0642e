import type { ServerCore } from '@discovery/server';

/**
 * Demo data: two past imports on Acme's Fizz Zero (one complete, one refused by the planning
 * system), and a set of uploaded curves on Fizz Classic so its table and plot have something to show.
 */
export async function seedScenarioPlanner(core: ServerCore): Promise<void> {
  const products = await core.query<{ id: number; slug: string }>(
    `select p.id, p.slug from products p join brands b on b.id = p.brand_id join clients c on c.id = b.client_id
      where c.slug = 'acme' and b.slug = 'fizz-cola' and p.slug in ('fizz-zero', 'fizz-classic')`,
  );
  const id = (slug: string) => products.find((p) => p.slug === slug)?.id;
  const zero = id('fizz-zero');
  const classic = id('fizz-classic');
  await core.transaction(async (tx) => {
    if (zero) {
      await tx.query(
        `insert into scenario_planner_imports (product_id, scenario_planner_id, import_success, message, plan, created_at) values
           ($1, 'SP-0950', true, 'Imported ''Spring Refresh 2026'' (3 media lines)', $2::jsonb, now() - interval '9 days'),
           ($1, 'SP-0404', false, 'Project SP-0404 was not found in the planning system.', null, now() - interval '2 days')`,
        [
          zero,
          JSON.stringify({
            project_id: 'SP-0950',
            name: 'Spring Refresh 2026',
            currency: 'USD',
            budget: 800_000,
            media_lines: [
              { media_type: 'Linear TV', spend: 400_000 },
              { media_type: 'Social', spend: 250_000 },
              { media_type: 'Display', spend: 150_000 },
            ],
          }),
        ],
      );
    }
    if (classic) {
      await tx.query(
        `insert into scenario_planner_curves (product_id, media_type, curve_type_name, is_generic, is_trp, base, slope, acceleration, asymptote, asymmetry, cpp_or_cpm, cpp) values
           ($1, 'Addressable TV', 'TRP', false, true, 0, 0.025, 120, 70, 1.1, 0, 3),
           ($1, 'Paid Social', 'Diminishing Returns', false, false, 2, 0.035, 60, 48, 0.7, 1, null),
           ($1, 'Programmatic Display', 'S-Curve', false, false, 0, 0.05, 40, 30, 1.4, 1, null)`,
        [classic],
      );
    }
  });
}
