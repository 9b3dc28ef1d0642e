import { discussionNodeEndpoints, type DiscussionClusterNodeDto } from '@discovery/plugin-discussions/common';
import * as XLSX from '@e965/xlsx';
import { createTestServer, serverPluginsWithDependencies, type TestServer, type TestSession } from '@discovery/test-utils/server';
import type { MekkoDto } from '../common';
import growServer from './index';

const ACME = 'acme/us/fizz-cola/fizz-zero';
const GLOBEX = 'globex/de';

describe("Grow audiences and the discussions plugin's nodes", () => {
  let s: TestServer;
  let admin: TestSession;
  let planner: TestSession;

  beforeAll(async () => {
    s = await createTestServer({ plugins: [...(await serverPluginsWithDependencies('discussions')), growServer], population: { people: 5_000, seed: 42 } });
    [admin, planner] = await Promise.all([s.login('admin@example.com'), s.login('planner@example.com')]);
  }, 120_000);
  afterAll(() => s.close());

  const call = async (who: TestSession, method: string, url: string, body?: unknown, context = ACME) => {
    const res = await fetch(`${s.url}${url}`, {
      method,
      headers: who.headers({ 'x-context': context, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }),
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const grow = (who: TestSession, method: string, path: string, body?: unknown) => call(who, method, `/api/v1/insights-grow${path}`, body);
  const nodes = async (context: string) =>
    (await call(admin, 'GET', discussionNodeEndpoints.list.path, undefined, context)).body.data as DiscussionClusterNodeDto[];
  const audience = (name: string, discussion_cluster_node_id: number | null) => ({
    sub_market: { name, tag: 'owned', population: '1000', matched_short_id: 'dmx-0002', discussion_cluster_node_id },
  });

  it("GROW-069 an audience saves a node of its client; another client's node or an unknown id is refused with 422", async () => {
    const coffee = (await nodes('acme/us')).find((n) => n.name === 'Coffee lovers forum')!;
    const globexNode = (await nodes(GLOBEX))[0];
    const m = (await grow(planner, 'POST', '/mekkos', { mekko: { name: 'Discussions' } })).body.result.mekko as MekkoDto;
    const k = (await grow(planner, 'POST', `/mekkos/${m.id}/markets`, { market: { name: 'Coffee' } })).body.data;

    const ok = await grow(planner, 'POST', `/markets/${k.id}/sub_markets`, audience('Baristas', coffee.id));
    expect(ok.status).toBe(201);
    expect(ok.body.data.discussion_cluster_node_id).toBe(coffee.id);
    for (const id of [globexNode.id, 999_999]) {
      const bad = await grow(planner, 'POST', `/markets/${k.id}/sub_markets`, audience('Other', id));
      expect([bad.status, bad.body.error.fields['sub_market.discussion_cluster_node_id']]).toEqual([422, 'The discussion does not exist in this client.']);
      const put = await grow(planner, 'PUT', `/sub_markets/${ok.body.data.id}`, audience('Baristas', id));
      expect(put.status).toBe(422);
    }
    // Nothing was written by the refused saves.
    expect((await grow(planner, 'GET', `/mekkos/${m.id}`)).body.data.markets[0].sub_markets.map((x: { name: string }) => x.name)).toEqual(['Baristas']);

    // SRV-091 / UPL-032: the node lists the audience and cannot be deleted while it does.
    const node = (await call(admin, 'GET', `${discussionNodeEndpoints.list.path}/${coffee.id}`, undefined, 'acme/us')).body.data as DiscussionClusterNodeDto;
    expect([node.sub_markets, node.journey_sub_markets, node.in_use]).toEqual([[ok.body.data.id], [], true]);
    const del = await call(admin, 'DELETE', `${discussionNodeEndpoints.list.path}/${coffee.id}`, undefined, 'acme/us');
    expect([del.status, del.body.error.message]).toEqual([409, 'This discussion is used by audiences or journeys and cannot be deleted.']);

    // Clearing the audience's discussion frees the node.
    expect((await grow(planner, 'PUT', `/sub_markets/${ok.body.data.id}`, audience('Baristas', null))).status).toBe(200);
    expect((await call(admin, 'GET', `${discussionNodeEndpoints.list.path}/${coffee.id}`, undefined, 'acme/us')).body.data.in_use).toBe(false);
  });

  it('SRV-113 a successful discussion upload gives the file an ID that a Grow audience then takes', async () => {
    const created = await call(
      admin,
      'POST',
      discussionNodeEndpoints.list.path,
      { discussion_cluster_node: { name: 'Uploaded for Grow', description: '' } },
      'acme/us',
    );
    const id = (created.body.data as DiscussionClusterNodeDto).id;
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      wb,
      XLSX.utils.aoa_to_sheet([
        ['Discussion ID', 'Discussion Name', 'Cluster Name', 'Size'],
        [id, 'Uploaded for Grow', 'Espresso', 30],
      ]),
      'Template',
    );
    const form = new FormData();
    form.append('template', new Blob([new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer)]), 'Discussion_Template.xls');
    const res = await fetch(`${s.url}${discussionNodeEndpoints.list.path}/${id}/upload`, {
      method: 'POST',
      headers: admin.headers({ 'x-context': 'acme/us' }),
      body: form,
    });
    const body = (await res.json()) as { data: { updated: DiscussionClusterNodeDto }; errors: unknown[] };
    expect([res.status, body.errors, body.data.updated.id]).toEqual([200, [], id]);
    // The ID the upload answered is what the Grow audience names.
    const m = (await grow(planner, 'POST', '/mekkos', { mekko: { name: 'Uploaded discussion' } })).body.result.mekko as MekkoDto;
    const k = (await grow(planner, 'POST', `/mekkos/${m.id}/markets`, { market: { name: 'Coffee' } })).body.data;
    const a = await grow(planner, 'POST', `/markets/${k.id}/sub_markets`, audience('Espresso fans', body.data.updated.id));
    expect([a.status, a.body.data.discussion_cluster_node_id]).toEqual([201, id]);
  });
});
