import { audiencesEndpoints } from '@discovery/plugin-audiences/common';
import { ownerEndpointsByKind } from '@discovery/plugin-insights/common';
import { growEndpoints } from '@discovery/plugin-insights-grow/common';
import { journeyEndpoints } from '@discovery/plugin-insights-journey/common';
import { overlapEndpoints } from '@discovery/plugin-overlap/common';
import { INSIGHTS_OWNER_KINDS, type InsightsOwnerKind } from '@discovery/insights-kit/common';
import { endpointUrl, type EndpointSpec } from '@discovery/plugin-api';
import { createTestServer, type TestServer, type TestSession } from '@discovery/test-utils/server';
import { loadBuildServerPlugins } from './buildPlugins';

/**
 * Issue 24 §5: whatever a plugin keeps for an owner (the insights plugin's custom tabs and widgets,
 * registered with the kit's owners registry) goes when the owner is deleted, for every owner kind, through the
 * owner plugin's own delete route. A new owner kind fails this test's type until it is listed here.
 */
const OWNER_ROUTES: Record<InsightsOwnerKind, { list: EndpointSpec; remove: EndpointSpec; copy?: EndpointSpec } | null> = {
  mekkos: { list: growEndpoints.list, remove: growEndpoints.remove, copy: growEndpoints.copy },
  comparisons: { list: overlapEndpoints.list, remove: overlapEndpoints.remove, copy: overlapEndpoints.duplicate },
  journeys: { list: journeyEndpoints.list, remove: journeyEndpoints.remove, copy: journeyEndpoints.duplicate },
  audiences: { list: audiencesEndpoints.list, remove: audiencesEndpoints.remove },
  // Explore's personas: no plugin owns them yet; its delete joins this table when it comes.
  personas: null,
};

const CONTEXT = 'acme/us/fizz-cola/fizz-zero';

describe('owner cleanup (core.owners) for every owner kind of the full build', () => {
  let t: TestServer;
  let admin: TestSession;
  beforeAll(async () => {
    t = await createTestServer({ plugins: await loadBuildServerPlugins('full'), population: { people: 3000 } });
    admin = await t.login('admin@example.com');
  }, 120_000);
  afterAll(() => t?.close());

  const call = async (endpoint: EndpointSpec, params?: Record<string, unknown>, body?: unknown) => {
    const res = await fetch(`${t.url}${endpointUrl(endpoint, params)}`, {
      method: endpoint.method,
      headers: admin.headers({ 'X-Context': CONTEXT, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { data: unknown } };
  };
  /** The names of the custom tabs the insights plugin keeps for an owner id (its API answers for an id whose owner is gone too). */
  const tabsOf = async (kind: InsightsOwnerKind, ownerId: number) => {
    const r = await call(ownerEndpointsByKind[kind].tabs, { ownerId });
    expect(r.status).toBe(200);
    return (r.body.data as { name: string }[]).map((x) => x.name);
  };

  it('lists every owner kind', () => {
    expect(Object.keys(OWNER_ROUTES).sort()).toEqual([...INSIGHTS_OWNER_KINDS].sort());
  });

  it.each(INSIGHTS_OWNER_KINDS.filter((k) => OWNER_ROUTES[k]))(
    "deleting an owner of kind '%s' deletes its custom tabs and widgets, and only its own",
    async (kind) => {
      const routes = OWNER_ROUTES[kind]!;
      const list = await call(routes.list);
      expect(list.status).toBe(200);
      const owners = (list.body.data as { id: number }[]).map((o) => o.id);
      // Two owners of the kind in the product (a copy of the seed's where it has one): the second's tab must stay.
      if (owners.length === 1 && routes.copy) {
        const copy = await call(routes.copy, { id: owners[0] });
        expect(copy.status).toBeLessThan(300);
        // Journeys answer { journey: { id } } (SRV-086), the others { data: { id } }.
        const made = copy.body as { data?: { id: number }; journey?: { id: number } };
        owners.push((made.data ?? made.journey)!.id);
      }
      expect(owners.length).toBeGreaterThanOrEqual(2);
      const [gone, kept] = owners;
      const O = ownerEndpointsByKind[kind];
      const widget = (tab: string) => ({
        insight_widget: { level: 'market', tab_name: tab, name: 'Commute', demographic_category: 'Travel', attributes: [{ name: 'By car', percent: 40 }] },
      });
      expect((await call(O.createWidget, { ownerId: gone }, widget(`Cleanup ${kind}`))).status).toBe(201);
      expect((await call(O.createWidget, { ownerId: kept }, widget(`Stays ${kind}`))).status).toBe(201);
      expect(await tabsOf(kind, gone)).toContain(`Cleanup ${kind}`);

      const removed = await call(routes.remove, { id: gone });
      expect(removed.status).toBe(200);
      expect(await tabsOf(kind, gone)).not.toContain(`Cleanup ${kind}`);
      expect(await tabsOf(kind, kept)).toContain(`Stays ${kind}`);
    },
  );
});
