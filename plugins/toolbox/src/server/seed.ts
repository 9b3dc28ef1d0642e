import type { ServerCore } from '@discovery/server';
import { demoLinkUrl } from './demoApp';

/**
 * Demo toolbox of Acme Beverages: the demo embedded application (iframed, every region), a
 * product-level planner (use_client_hierarchy), a UK-only portal (hidden in the US), an external
 * calculator link under Plans, and a hidden unit. Globex gets one external link.
 */
export async function seedToolbox(core: ServerCore, demoUrl: string | null): Promise<void> {
  const clients = await core.query<{ id: number; slug: string }>("select id, slug from clients where slug in ('acme', 'globex')");
  const regions = await core.query<{ id: number; client_id: number; slug: string }>('select id, client_id, slug from regions');
  const clientId = new Map(clients.map((c) => [c.slug, Number(c.id)]));
  const regionId = (client: string, slug: string) => regions.find((r) => Number(r.client_id) === clientId.get(client) && r.slug === slug)?.id;
  await core.transaction(async (tx) => {
    const acme = clientId.get('acme');
    if (acme) {
      const cats = await tx.query<{ id: number; name: string }>(
        `insert into toolbox_categories (client_id, name, priority, status) values ($1, 'Applications', 0, true), ($1, 'Partner Tools', 1, true) returning id, name`,
        [acme],
      );
      const cat = (name: string) => cats.find((c) => c.name === name)?.id ?? null;
      const uk = regionId('acme', 'uk');
      const units: [string, boolean, unknown[], boolean, string, boolean, string, number | null][] = [];
      // Every unit points at a page the demo application serves (issue 14 §5: never a host that
      // does not resolve); without the demo application there are no demo units.
      if (demoUrl) {
        // The demo application checks that a token was made for it: its unit name rides in its url.
        units.push(['Demo App', true, ['all'], false, 'toolbox', true, `${demoUrl}?unit=Demo%20App`, cat('Applications')]);
        units.push(['Product Planner', true, ['all'], true, 'plans', true, `${demoUrl}?app=planner&unit=Product%20Planner`, cat('Applications')]);
        units.push(['Media Calculator', true, ['all'], false, 'plans', false, demoLinkUrl(demoUrl, 'Media Calculator'), cat('Partner Tools')]);
        if (uk) units.push(['UK Retail Portal', true, [uk], false, 'toolbox', false, demoLinkUrl(demoUrl, 'UK Retail Portal'), cat('Partner Tools')]);
        units.push(['Retired Dashboard', false, ['all'], false, 'toolbox', false, demoLinkUrl(demoUrl, 'Retired Dashboard'), null]);
      }
      for (const u of units) {
        await tx.query(
          `insert into toolbox_units (client_id, name, status, region_ids, use_client_hierarchy, feature_module_category, iframed, url, category_id)
           values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9)`,
          [acme, u[0], u[1], JSON.stringify(u[2]), u[3], u[4], u[5], u[6], u[7]],
        );
      }
    }
    const globex = clientId.get('globex');
    if (globex && demoUrl) {
      await tx.query(
        `insert into toolbox_units (client_id, name, status, region_ids, use_client_hierarchy, feature_module_category, iframed, url)
         values ($1, 'Store Locator', true, '["all"]'::jsonb, false, 'toolbox', false, $2)`,
        [globex, demoLinkUrl(demoUrl, 'Store Locator')],
      );
    }
  });
}
