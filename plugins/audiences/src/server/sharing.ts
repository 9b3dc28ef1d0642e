import type { Rules } from '@discovery/insights-kit/common';
import { handle, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import {
  SHARED_KIND_READERS,
  SHARED_TYPES,
  sharingEndpoints as E,
  type SharedHierarchyDto,
  type SharedItemDto,
  type SharedKindReaders,
  type SharedRow,
  type SharedType,
} from '../common';
import { refreshStale } from './audiences';

/** The registry of shared kinds' readers (audiences and lookalikes here; the explore plugin adds motivations). */
export function sharedKindReaders(core: Pick<ServerCore, 'shared'>): SharedKindReaders {
  return core.shared<SharedKindReaders>(SHARED_KIND_READERS, () => new Map());
}

type Row = Record<string, unknown>;

/** Where each product / region is, by name, with its client (a shared item's source). */
const SOURCE_SQL = `select p.id as product_id, r.id as region_id, c.id as client_id, c.name as client, c.slug as client_slug, r.name as region, r.slug as region_slug,
  b.name as brand, p.name as product
  from products p join brands b on b.id = p.brand_id join clients c on c.id = b.client_id join regions r on r.client_id = c.id
  where p.id = any($1::int[]) order by r.is_default desc, r.id`;

/**
 * SRV-067: what other clients shared with the client of X-Context, and only that. Every list is
 * read from the share rows of that client (the request's scope, which core checked against the
 * user's grants); an item whose product is not of the client that shared it is left out.
 */
export function registerSharingRoutes(router: FastifyInstance, core: ServerCore): void {
  const readers = sharedKindReaders(core);
  readers.set('audience', async (ids) => {
    const rows = await core.query<Row>(
      `select a.id, a.name, a.product_id, a.region_id, a.rules, a.counted_population, a.people_global, a.people_region, a.matched, a.modeled,
              c.slug as client_slug, r.slug as region_slug
         from audiences a join regions r on r.id = a.region_id join clients c on c.id = r.client_id where a.id = any($1::int[])`,
      [ids],
    );
    // Counts are taken on first read, in the audience's own region (as its own client sees them).
    for (const r of rows) {
      await refreshStale(core, 'audiences', [r as Row & { id: number; rules: Rules; counted_population: string | null }], {
        productId: Number(r.product_id),
        regionId: Number(r.region_id),
        client: String(r.client_slug),
        region: String(r.region_slug),
        slug: '',
      });
    }
    return rows.map(toShared);
  });
  readers.set('lookalike', async (ids) =>
    (await core.query<Row>('select id, name, product_id, region_id, people_global, people_region from lookalikes where id = any($1::int[])', [ids])).map(
      toShared,
    ),
  );

  /** The shared items of one kind for the client `target`, newest share first (the client merges and sorts). */
  const itemsOf = async (target: number, type: SharedType): Promise<SharedItemDto[]> => {
    const shares = await core.query<Row>(
      'select id, item_id, source_client_id, created_at from audiences_shares where target_client_id = $1 and item_type = $2 order by created_at desc, id desc',
      [target, type],
    );
    const reader = readers.get(type);
    if (!shares.length || !reader) return [];
    const rows = new Map((await reader(shares.map((s) => Number(s.item_id)))).map((r) => [r.id, r]));
    const found = [...rows.values()];
    const sources = await core.query<Row>(SOURCE_SQL, [found.map((r) => r.product_id)]);
    const out: SharedItemDto[] = [];
    for (const s of shares) {
      const item = rows.get(Number(s.item_id));
      // A kind kept per product only (motivations) is shown in its client's default region.
      const src = item && sources.find((x) => Number(x.product_id) === item.product_id && (item.region_id === null || Number(x.region_id) === item.region_id));
      // Only what the sharing client owns: a row of another client's product is not this share's.
      if (!item || !src || Number(src.client_id) !== Number(s.source_client_id)) continue;
      out.push({
        share_id: Number(s.id),
        type,
        id: item.id,
        name: item.name,
        people: item.people,
        source: {
          client: String(src.client),
          client_id: Number(src.client_id),
          region: String(src.region),
          brand: String(src.brand),
          product: String(src.product),
        },
        shared_at: new Date(s.created_at as string).toISOString(),
      });
    }
    return out;
  };
  const all = async (target: number) => (await Promise.all(SHARED_TYPES.map((t) => itemsOf(target, t)))).flat();

  handle(router, E.audiences, async ({ context }) => ({ data: await itemsOf(context!.client.id, 'audience') }));
  handle(router, E.motivations, async ({ context }) => ({ data: await itemsOf(context!.client.id, 'motivation') }));
  handle(router, E.lookalikes, async ({ context }) => ({ data: await itemsOf(context!.client.id, 'lookalike') }));
  // The spec's: always empty.
  handle(router, E.entities, async () => ({ data: [] }));

  handle(router, E.clients, async ({ context }) => {
    const items = await all(context!.client.id);
    const ids = [...new Set(items.map((i) => i.source.client_id))];
    const rows = await core.query<Row>('select id, name, slug from clients where id = any($1::int[]) order by lower(name), id', [ids]);
    return { data: rows.map((r) => ({ id: Number(r.id), name: String(r.name), slug: String(r.slug) })) };
  });

  // A client that shares nothing with this one is not found: no map of other clients.
  handle(router, E.context, async ({ params: { id }, context }) => {
    const items = (await all(context!.client.id)).filter((i) => i.source.client_id === id);
    if (!items.length) throw core.errors.notFound('This client shares nothing with you.');
    const [c] = await core.query<Row>('select id, name, slug from clients where id = $1', [id]);
    const counts = Object.fromEntries(SHARED_TYPES.map((t) => [t, items.filter((i) => i.type === t).length])) as Record<SharedType, number>;
    return { data: { client: { id: Number(c.id), name: String(c.name), slug: String(c.slug) }, counts } };
  });

  handle(router, E.hierarchy, async ({ context }) => {
    const tree = new Map<number, SharedHierarchyDto>();
    for (const i of await all(context!.client.id)) {
      const c = tree.get(i.source.client_id) ?? { client: i.source.client, client_id: i.source.client_id, regions: [] };
      tree.set(c.client_id, c);
      let r = c.regions.find((x) => x.name === i.source.region);
      if (!r) c.regions.push((r = { name: i.source.region, brands: [] }));
      let b = r.brands.find((x) => x.name === i.source.brand);
      if (!b) r.brands.push((b = { name: i.source.brand, products: [] }));
      if (!b.products.includes(i.source.product)) b.products.push(i.source.product);
    }
    return { data: [...tree.values()].sort((a, b) => a.client.localeCompare(b.client)) };
  });
}

function toShared(r: Row): SharedRow {
  const people = r.people_region ?? r.people_global;
  return {
    id: Number(r.id),
    name: String(r.name),
    people: people === null || people === undefined ? null : Number(people),
    product_id: Number(r.product_id),
    region_id: r.region_id === null || r.region_id === undefined ? null : Number(r.region_id),
  };
}
