import { segmentId } from '@discovery/counts';
import type { ServerCore } from '@discovery/server';
import type { DisplayState } from '../common';

type Groups = string[][];
interface DemoAudience {
  name: string;
  description: string;
  include: Groups;
  exclude?: Groups;
  audience_type?: 'pve';
  source_identifier?: string;
  daysAgo: number;
}

const s = segmentId;

/** Segments of the demo taxonomy that are never expired or deleted (demographics, media, first party, ShopperLens), by name. */
const DEMO: Record<string, DemoAudience[]> = {
  'acme/us/fizz-cola/fizz-zero': [
    {
      name: 'Young cola buyers',
      description: 'Cola buyers aged 18-34, the heart of the category',
      include: [[s('Cola buyers')], [s('Age > 18-24'), s('Age > 25-34')]],
      daysAgo: 1,
    },
    {
      name: 'Health-conscious young women',
      description: 'Women 25-44 who stream video',
      include: [[s('Age > 25-34'), s('Age > 35-44')], [s('Gender > Female')], [s('Video streaming')]],
      daysAgo: 2,
    },
    {
      name: 'Affluent radio listeners',
      description: 'Household income $100k+ who listen to the radio',
      include: [[s('$100k-$150k'), s('$150k+')], [s('Radio listeners')]],
      daysAgo: 5,
    },
    {
      name: 'Recent site visitors, not customers',
      description: 'Visited in the last 7 days, excluding customers',
      include: [[s('Visited in 7 days')]],
      exclude: [[s('Site Visitation > Customers > Customers')]],
      daysAgo: 9,
    },
    {
      name: 'Optimized: top-tier graduates',
      description: 'Optimized Audience for the product category',
      include: [
        [s('Tier 1 (top 5%)'), s('Tier 2')],
        [s("Bachelor's degree"), s('Graduate degree')],
      ],
      audience_type: 'pve',
      daysAgo: 14,
    },
    {
      name: 'Shared: Globex loyalty overlap',
      description: 'Shared from another client',
      include: [[s('Loyalty members')]],
      source_identifier: 'globex-shared-17',
      daysAgo: 21,
    },
  ],
  'acme/us/fizz-cola/fizz-classic': [
    { name: 'Classic fans 45+', description: 'Ages 45 and over', include: [[s('Age > 45-54'), s('Age > 55-64'), s('Age > 65+')]], daysAgo: 3 },
  ],
  'globex/de/globex-home/home-essentials': [
    {
      name: 'Home décor shoppers 35-54',
      description: 'Home décor shoppers in their prime home-making years',
      include: [[s('Home décor shoppers')], [s('Age > 35-44'), s('Age > 45-54')]],
      daysAgo: 2,
    },
    {
      name: 'Home movers with families',
      description: 'Parents who visited the site',
      include: [[s('Demographics > Parents > Parents'), s('Parents of young children')], [s('Visited in 90 days')]],
      daysAgo: 4,
    },
  ],
};

const LOOKALIKES: { context: string; seed: string; name: string; used_in_insights: boolean; daysAgo: number }[] = [
  {
    context: 'acme/us/fizz-cola/fizz-zero',
    seed: 'Health-conscious young women',
    name: 'Health-conscious young women Lookalike',
    used_in_insights: false,
    daysAgo: 1,
  },
  { context: 'acme/us/fizz-cola/fizz-zero', seed: 'Affluent radio listeners', name: 'Affluent radio listeners Lookalike', used_in_insights: true, daysAgo: 4 },
];

const DAY = 86_400_000;
const ACTIVATIONS: { name: string; state: DisplayState; sent: number; end: number | 0 }[] = [
  { name: 'Health-conscious young women', state: 'Complete', sent: 2, end: -28 },
  { name: 'Affluent radio listeners', state: 'In Progress', sent: 4, end: 0 },
  { name: 'Recent site visitors, not customers', state: 'Draft', sent: 6, end: -10 },
  { name: 'Optimized: top-tier graduates', state: 'On Hold', sent: 8, end: 0 },
  { name: 'Health-conscious young women', state: 'Finalizing', sent: 10, end: -5 },
  { name: 'Affluent radio listeners', state: 'Canceled', sent: 12, end: 3 },
  { name: 'Recent site visitors, not customers', state: 'Error', sent: 15, end: 0 },
];

/** The demo's one inter-client share (SRV-067). */
export const SHARED_DEMO = { from: 'globex/de/globex-home/home-essentials', audience: 'Home décor shoppers 35-54', to: 'acme' } as const;

/**
 * Demo audiences, lookalikes and AMS activations. Counts are left empty: they are taken on the
 * first read (the population may still be being generated while the server seeds).
 */
export async function seedAudiences(core: ServerCore): Promise<void> {
  const contexts = await core.query<{ path: string; product_id: number; region_id: number; company: number | null }>(
    `select c.slug || '/' || r.slug || '/' || b.slug || '/' || p.slug as path, p.id as product_id, r.id as region_id,
            coalesce(p.conversant_company_id, b.conversant_company_id, c.conversant_company_id) as company
       from products p join brands b on b.id = p.brand_id join clients c on c.id = b.client_id
       join product_regions pr on pr.product_id = p.id join regions r on r.id = pr.region_id`,
  );
  const byPath = new Map(contexts.map((c) => [c.path, c]));
  const [admin] = await core.query<{ id: number }>("select id from users where email = 'planner@example.com'");
  const now = Date.now();
  await core.transaction(async (tx) => {
    const ids = new Map<string, number>();
    for (const [path, list] of Object.entries(DEMO)) {
      const ctx = byPath.get(path);
      if (!ctx) continue;
      for (const a of list) {
        const rules = { include: { and: a.include.map((or) => ({ or })) }, exclude: { and: (a.exclude ?? []).map((or) => ({ or })) } };
        const [row] = await tx.query<{ id: number }>(
          `insert into audiences (product_id, region_id, name, description, rules, audience_type, source_identifier, created_by, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) returning id`,
          [
            ctx.product_id,
            ctx.region_id,
            a.name,
            a.description,
            JSON.stringify(rules),
            a.audience_type ?? 'custom',
            a.source_identifier ?? null,
            admin?.id ?? null,
            new Date(now - a.daysAgo * DAY),
          ],
        );
        ids.set(`${path}|${a.name}`, row.id);
      }
    }
    for (const l of LOOKALIKES) {
      const ctx = byPath.get(l.context);
      const seed = ids.get(`${l.context}|${l.seed}`);
      if (!ctx || !seed) continue;
      await tx.query(
        `insert into lookalikes (product_id, region_id, seed_audience_id, name, used_in_insights, created_by, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $7)`,
        [ctx.product_id, ctx.region_id, seed, l.name, l.used_in_insights, admin?.id ?? null, new Date(now - l.daysAgo * DAY)],
      );
    }
    // SRV-067: Globex shares one audience with Acme, so Acme's 'Shared with you' shows something real;
    // its other audiences stay Globex's own.
    const shared = ids.get(`${SHARED_DEMO.from}|${SHARED_DEMO.audience}`);
    if (shared) {
      await tx.query(
        `insert into audiences_shares (item_type, item_id, source_client_id, target_client_id, shared_by, created_at)
         select 'audience', $1, s.id, t.id, $4, $5 from clients s, clients t where s.slug = $2 and t.slug = $3 on conflict do nothing`,
        [shared, SHARED_DEMO.from.split('/')[0], SHARED_DEMO.to, admin?.id ?? null, new Date(now - DAY)],
      );
    }
    const home = byPath.get('acme/us/fizz-cola/fizz-zero');
    if (home?.company) {
      for (const [i, a] of ACTIVATIONS.entries()) {
        await tx.query(
          `insert into ams_activations (activation_id, company_id, hierarchy_path, audience_id, audience_name, last_refresh, sent_date, end_date, display_state)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            `act-${1000 + i}`,
            home.company,
            home.path,
            ids.get(`${home.path}|${a.name}`) ?? null,
            a.name,
            new Date(now - Math.max(0, a.sent - 1) * DAY),
            new Date(now - a.sent * DAY),
            a.end === 0 ? new Date(0) : new Date(now - a.end * DAY),
            a.state,
          ],
        );
      }
    }
  });
}
