import { fullSlugOf, landingSelection } from '@discovery/plugin-api';
import { visibleHierarchy, type ServerCore } from '@discovery/server';
import { randomUUID } from 'node:crypto';
import { createIndexReportTask } from './report';

/** The product the e2e suites and the README walk through, besides where each user lands. */
const DEMO_CONTEXT = 'acme/us/fizz-cola/fizz-zero';
const DAY = 86_400_000;
const rules = (...groups: string[][]) => ({ include: { and: groups.map((or) => ({ or })) }, exclude: { and: [] } });

/** Where a user lands after signing in (the shell's landing rule over the tree the user's grants show), and the demo product. */
async function contextsOf(core: ServerCore, userId: number): Promise<{ slug: string; product: string }[]> {
  const grants = (await core.query<{ slug: string }>('select slug from user_hierarchy_slugs where user_id = $1', [userId])).map((r) => r.slug);
  const tree = visibleHierarchy(await core.hierarchy(), grants);
  const landing = landingSelection(tree);
  const slugs = new Set([DEMO_CONTEXT, ...(landing?.product ? [fullSlugOf(landing)] : [])]);
  const productName = (slug: string) => {
    const [c, r, b, p] = slug.split('/');
    return (
      tree
        .find((x) => x.slug === c)
        ?.regions.find((x) => x.slug === r)
        ?.brands.find((x) => x.slug === b)
        ?.products.find((x) => x.slug === p)?.name ?? p
    );
  };
  return [...slugs].map((slug) => ({ slug, product: productName(slug) }));
}

/**
 * Demo notifications for the planner and the admin in the product each lands on and in Acme >
 * United States > Fizz Cola > Fizz Zero: three index reports waiting for the job service (they
 * become downloadable within seconds of start), one that failed, outcome notifications read and
 * unread, and past downloads.
 */
export async function seedNotifications(core: ServerCore): Promise<void> {
  const users = await core.query<{ id: number; email: string }>("select id, email from users where email in ('planner@example.com', 'admin@example.com')");
  const now = Date.now();
  const where = new Map<number, { slug: string; product: string }[]>();
  for (const u of users) where.set(u.id, await contextsOf(core, u.id));
  await core.transaction(async (tx) => {
    for (const u of users)
      for (const { slug: CONTEXT, product } of where.get(u.id)!) {
        const tasks: [string, string, ReturnType<typeof rules>, number][] = [
          ['Women 25-44 index', 'Women 25-44: demographic index', rules(['dmx-0002', 'dmx-0003'], ['dmx-0007']), 1],
          ['Affluent radio index', 'Affluent radio listeners: demographic index', rules(['dmx-0014', 'dmx-0015'], ['mp-0010']), 2],
          ['Lapsed customers index', 'Lapsed customers: demographic index', rules(['fp-0015']), 3],
        ];
        for (const [name, ui, r, days] of tasks) {
          await createIndexReportTask(core, tx, { userId: u.id, productSlug: CONTEXT, rules: r, name, uiName: ui, createdAt: new Date(now - days * DAY) });
        }
        // failed before this database existed: a status with no job behind it
        await tx.query(
          "insert into index_report_tasks (user_id, request_id, product_slug, rules, name, ui_name, status, error, created_at, completed_at) values ($1, $2, $3, $4, $5, $6, 'failed', $7, $8, $8)",
          [
            u.id,
            randomUUID(),
            CONTEXT,
            JSON.stringify(rules(['ig-0099'])),
            'Old interest index',
            'Old interest: demographic index',
            'Unknown or no longer available segment identifiers: ig-0099',
            new Date(now - 4 * DAY),
          ],
        );
        const outcomes: [string, number, boolean][] = [
          [`Outcomes for ${product} Q3 are ready`, 0.5, false],
          [`Outcomes for ${product} August are ready`, 6, false],
          [`Outcomes for ${product} July are ready`, 9, true],
        ];
        for (const [name, days, read] of outcomes) {
          const at = new Date(now - days * DAY);
          await tx.query('insert into outcome_notifications (user_id, product_slug, name, read_at, created_at) values ($1, $2, $3, $4, $5)', [
            u.id,
            CONTEXT,
            name,
            read ? at : null,
            at,
          ]);
        }
        for (const [i, asset] of ['Women 25-44: demographic index', 'Affluent radio listeners: demographic index'].entries()) {
          await tx.query(
            "insert into download_records (user_id, created_by, product_slug, name, ui_name, resource_type, created_at) values ($1, $2, $3, $4, $5, 'index_report', $6)",
            [u.id, u.email, CONTEXT, asset.split(':')[0], asset, new Date(now - (10 + i) * DAY)],
          );
        }
      }
  });
}
