import { createTestServer, serverPluginsWithDependencies, type TestServer, type TestSession } from '@discovery/test-utils/server';
import type { SharedHierarchyDto, SharedItemDto } from '../common';

const ACME = 'acme/us/fizz-cola/fizz-zero';
const GLOBEX = 'globex/de/globex-home/home-essentials';

describe('Inter-client sharing (SRV-067)', () => {
  let s: TestServer;
  let planner: TestSession;
  let viewer: TestSession;
  let ids: { acme: number; globex: number };

  beforeAll(async () => {
    // Explore keeps motivations and tells the sharing routes how to read them.
    s = await createTestServer({ plugins: await serverPluginsWithDependencies('audiences', 'explore'), population: { people: 20_000, seed: 42 } });
    planner = await s.login('planner@example.com');
    viewer = await s.login('viewer@example.com');
    const clients = await s.core.query<{ id: number; slug: string }>("select id, slug from clients where slug in ('acme', 'globex')");
    ids = { acme: clients.find((c) => c.slug === 'acme')!.id, globex: clients.find((c) => c.slug === 'globex')!.id };
  }, 120_000);
  afterAll(() => s.close());

  const call = async (who: TestSession, path: string, context = ACME) => {
    const res = await fetch(`${s.url}/api/v1/audiences${path}`, { headers: who.headers({ 'x-context': context }) });
    return { status: res.status, body: (await res.json()) as any };
  };
  const share = (type: string, itemId: number, from: number, to: number) =>
    s.core.query('insert into audiences_shares (item_type, item_id, source_client_id, target_client_id) values ($1, $2, $3, $4) returning id', [
      type,
      itemId,
      from,
      to,
    ]);

  it("SRV-067 / EXP-052 the seeded share: a user granted Acme only sees Globex's shared audience, never its unshared one", async () => {
    const res = await call(viewer, '/sharing/audiences');
    expect(res.status).toBe(200);
    const items = res.body.data as SharedItemDto[];
    expect(items.map((i) => i.name)).toEqual(['Home décor shoppers 35-54']);
    expect(items[0]).toMatchObject({
      type: 'audience',
      source: { client: 'Globex Retail', region: 'Germany', brand: 'Globex Home', product: 'Home Essentials' },
    });
    // Counted on first read, in the audience's own region.
    expect(items[0].people).toBeGreaterThan(0);
    expect(JSON.stringify(res.body)).not.toContain('Home movers with families');
    // Sharing is not a grant: the audience itself stays another client's.
    expect((await call(viewer, `/${items[0].id}`)).status).toBe(403);
    expect((await call(viewer, '/sharing/audiences', GLOBEX)).status).toBe(403);
  });

  it('SRV-067 clients, context by client id, hierarchy and entities (always empty)', async () => {
    expect((await call(viewer, '/sharing/clients')).body.data).toEqual([{ id: ids.globex, name: 'Globex Retail', slug: 'globex' }]);
    const ctx = await call(viewer, `/sharing/context/${ids.globex}`);
    expect(ctx.body.data).toEqual({ client: { id: ids.globex, name: 'Globex Retail', slug: 'globex' }, counts: { audience: 1, motivation: 0, lookalike: 0 } });
    // A client that shares nothing with this one is not found (no map of other clients).
    expect((await call(viewer, `/sharing/context/${ids.acme}`)).status).toBe(404);
    expect((await call(viewer, '/sharing/hierarchy')).body.data as SharedHierarchyDto[]).toEqual([
      { client: 'Globex Retail', client_id: ids.globex, regions: [{ name: 'Germany', brands: [{ name: 'Globex Home', products: ['Home Essentials'] }] }] },
    ]);
    expect((await call(viewer, '/sharing/entities')).body).toEqual({ data: [] });
    // Nothing is shared with Globex.
    expect((await call(planner, '/sharing/audiences', GLOBEX)).body.data).toEqual([]);
    expect((await call(planner, '/sharing/clients', GLOBEX)).body.data).toEqual([]);
  });

  it('SRV-067 / EXP-052 motivations and lookalikes are shared the same way; a share naming another client’s item shows nothing', async () => {
    const [product] = await s.core.query<{ id: number }>(
      "select p.id from products p join brands b on b.id = p.brand_id join clients c on c.id = b.client_id where c.slug = 'globex' and p.slug = 'home-essentials'",
    );
    const [motivation] = await s.core.query<{ id: number }>(
      `insert into explore_motivations (product_id, name, rules, job_status, people) values ($1, 'Globex movers motivation', '{"include":{"and":[]}}'::jsonb, 'completed', 1234) returning id`,
      [product.id],
    );
    await share('motivation', motivation.id, ids.globex, ids.acme);
    const [acmeLookalike] = await s.core.query<{ id: number }>('select id from lookalikes order by id limit 1');
    // Claims Globex shared Acme's own lookalike: not Globex's to share, so not listed.
    await share('lookalike', acmeLookalike.id, ids.globex, ids.acme);
    const motivations = (await call(viewer, '/sharing/motivations')).body.data as SharedItemDto[];
    expect(motivations).toEqual([expect.objectContaining({ type: 'motivation', name: 'Globex movers motivation', people: 1234 })]);
    expect(motivations[0].source).toMatchObject({ client: 'Globex Retail', product: 'Home Essentials' });
    expect((await call(viewer, '/sharing/lookalikes')).body.data).toEqual([]);
    expect((await call(viewer, `/sharing/context/${ids.globex}`)).body.data.counts).toEqual({ audience: 1, motivation: 1, lookalike: 0 });
    // A deleted item stops being listed.
    await s.core.query('delete from explore_motivations where id = $1', [motivation.id]);
    expect((await call(viewer, '/sharing/motivations')).body.data).toEqual([]);
  });
});
