import type { ServerCore } from '@discovery/server';

interface SurveyWidget {
  name: string;
  category: string;
  attributes: [string, number][];
}

/** Region survey answers (Market Level) until the survey uploads fill them: percents of respondents. */
const REGION_SURVEYS: Record<string, { tab: string; widgets: SurveyWidget[] }> = {
  'acme/us': {
    tab: 'Region Survey',
    widgets: [
      {
        name: 'Soft drink consumption',
        category: 'Consumption',
        attributes: [
          ['Daily', 28],
          ['Weekly', 41],
          ['Monthly', 19],
          ['Rarely or never', 12],
        ],
      },
      {
        name: 'Where they buy',
        category: 'Shopping',
        attributes: [
          ['Supermarket', 62],
          ['Convenience store', 21],
          ['Online', 11],
          ['Other', 6],
        ],
      },
      {
        name: 'Brand awareness',
        category: 'Brand',
        attributes: [
          // As BrandPulse's funnels have it (core/counts DEMO_BRANDS: aware of Fizz Cola 72%, ...).
          ['Fizz Cola', 74],
          ['Peak Water', 56],
          ['Morning Brew', 41],
        ],
      },
    ],
  },
  'acme/uk': {
    tab: 'Region Survey',
    widgets: [
      {
        name: 'Soft drink consumption',
        category: 'Consumption',
        attributes: [
          ['Daily', 22],
          ['Weekly', 44],
          ['Monthly', 21],
          ['Rarely or never', 13],
        ],
      },
    ],
  },
  'globex/de': {
    tab: 'Regionale Umfrage',
    widgets: [
      {
        name: 'Einkaufsort',
        category: 'Shopping',
        attributes: [
          ['Supermarkt', 48],
          ['Fachhandel', 27],
          ['Online', 25],
        ],
      },
    ],
  },
};

/** SRV-058 / GROW-042: Acme has a top-level person tab on Grow, except in the United Kingdom. */
const ADMIN_TABS: { client: string; tab_key: string; insights_context: string; excluded_regions: string[] }[] = [
  { client: 'acme', tab_key: 'top_level_person', insights_context: 'grow', excluded_regions: ['uk'] },
];

export async function seedInsights(core: ServerCore): Promise<void> {
  const regions = await core.query<{ id: number; key: string; client_id: number; client: string }>(
    "select r.id, c.slug || '/' || r.slug as key, c.id as client_id, c.slug as client from regions r join clients c on c.id = r.client_id",
  );
  await core.transaction(async (tx) => {
    for (const a of ADMIN_TABS) {
      const client = regions.find((r) => r.client === a.client);
      if (!client) continue;
      await tx.query(
        'insert into insights_admin_tabs (client_id, tab_key, insights_context, excluded_regions) values ($1, $2, $3, $4) on conflict do nothing',
        [client.client_id, a.tab_key, a.insights_context, a.excluded_regions],
      );
    }
    for (const [key, survey] of Object.entries(REGION_SURVEYS)) {
      const region = regions.find((r) => r.key === key);
      if (!region) continue;
      const [tab] = await tx.query<{ id: number }>(
        "insert into insights_tabs (product_id, region_id, owner_type, owner_id, name, level, \"order\") values (null, $1, 'Region', $1, $2, 'market', 0) returning id",
        [region.id, survey.tab],
      );
      for (const [i, w] of survey.widgets.entries()) {
        const [widget] = await tx.query<{ id: number }>(
          'insert into insights_widgets (insight_tab_id, name, demographic_category, position) values ($1, $2, $3, $4) returning id',
          [tab.id, w.name, w.category, i + 1],
        );
        for (const [j, [name, percent]] of w.attributes.entries()) {
          await tx.query('insert into insights_widget_attributes (insight_widget_id, name, percent, position) values ($1, $2, $3, $4)', [
            widget.id,
            name,
            percent,
            j + 1,
          ]);
        }
      }
    }
  });
}
