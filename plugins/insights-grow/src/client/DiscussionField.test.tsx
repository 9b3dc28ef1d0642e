import { segmentsEndpoints } from '@discovery/insights-kit';
import { definePlugin, hasPermission } from '@discovery/plugin-api';
import { discussionNodeEndpoints, discussionsUploadRoute, type DiscussionClusterNodeDto } from '@discovery/plugin-discussions/common';
import { insightsEndpoints } from '@discovery/plugin-insights/common';
import { FakeServer, renderInShell } from '@discovery/test-utils';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { growEndpoints as E, type MekkoDto } from '../common';
import grow from './index';
import { countsFor } from './testing';

const P = '/acme/us/fizz-cola/fizz-zero';
const node = (id: number, name: string, clusters: number): DiscussionClusterNodeDto => ({
  id,
  name,
  description: '',
  discussion_clusters: Array.from({ length: clusters }, (_, i) => ({ id: id * 10 + i, name: `c${i}`, size: 5 })),
  sub_markets: [],
  journey_sub_markets: [],
  in_use: false,
});
const chart: MekkoDto = {
  id: 7,
  name: 'Beverages Landscape',
  default: true,
  count_type: 'people_count',
  vertical_type: null,
  measurement_label: 'Penetration',
  markets: [
    {
      id: 10,
      mekko_id: 7,
      name: 'Soft Drinks',
      order: 0,
      sub_markets: [
        {
          id: 1,
          market_id: 10,
          name: 'Coffee fans',
          tag: 'owned',
          population: 1000,
          matched_short_id: 'is-0001',
          modeled_short_id: 'is-0001',
          webo_cluster_id: null,
          discussion_cluster_node_id: 3,
          order: 0,
          in_prediction_model: false,
        },
      ],
    },
  ],
};

/** The Discussions upload page as the build has it (its route needs upload permissions), without the plugin's page. */
const uploads = definePlugin({
  id: 'discussions',
  titleKey: 'x',
  routes: [{ ref: discussionsUploadRoute, requires: hasPermission('upload', 'read'), load: async () => ({ default: () => <h1>Upload</h1> }) }],
});

function server(nodes: DiscussionClusterNodeDto[], upload = true) {
  const s = new FakeServer()
    .signedIn({
      permissions: { mekkos: { read: true, create: true, update: true, destroy: true }, ...(upload ? { upload: { read: true } } : {}) },
      modules: ['grow'],
    })
    .on(E.list, {
      data: [{ id: 7, name: 'Beverages Landscape', default: true, count_type: 'people_count', vertical_type: null, measurement_label: 'Penetration' }],
    })
    .on(E.get, { data: chart, invalid: { identifiers: [], tabs: [], widgets: [] } })
    .on(E.tvSettings, () => ({ status: 404, body: { error: { message: 'none', status: 404 } } }))
    .on(insightsEndpoints.tabsConfig, [])
    .on(segmentsEndpoints.byIdentifiers, { data: [] })
    .on(E.counts, countsFor(chart, { 'is-0001': 1234 }, { 10: [1500, 1600] }))
    .on(discussionNodeEndpoints.list, { data: nodes });
  s.install();
  return s;
}

/** Opens the page in edit mode and the audience form, new or on the audience. */
async function openAudienceForm(existing: boolean) {
  await renderInShell([grow, uploads], `${P}/insights/grow`);
  fireEvent.click(await screen.findByTestId('grow-mode-edit'));
  fireEvent.click(await screen.findByTestId(existing ? 'grow-audience-edit' : 'grow-add-audience'));
  return screen.findByTestId('grow-audience-form');
}

describe('Grow audience form: the discussion', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('GROW-071 the node list is fetched when an audience is under edit, not before', async () => {
    const s = server([node(3, 'Coffee lovers forum', 2)]);
    await renderInShell([grow], `${P}/insights/grow`);
    await screen.findByTestId('grow-audience-1');
    expect(s.callsTo(discussionNodeEndpoints.list)).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('grow-mode-edit'));
    fireEvent.click(await screen.findByTestId('grow-audience-edit'));
    await waitFor(() => expect(s.callsTo(discussionNodeEndpoints.list)).toHaveLength(1));
  });

  it('GROW-069 the dropdown lists only nodes with clusters, by name case-insensitively; the saved one is chosen and saved', async () => {
    const s = server([node(3, 'coffee lovers forum', 2), node(4, 'Apple fans', 1), node(5, 'Empty upload', 0), node(6, 'Birders', 3)]);
    s.on(E.updateSubMarket, ({ body }) => ({ body: { data: { ...chart.markets[0].sub_markets[0], ...(body as any).sub_market }, model_deleted: false } }));
    const form = await openAudienceForm(true);
    const select = (await within(form).findByTestId('grow-audience-discussion')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['None', 'Apple fans', 'Birders', 'coffee lovers forum']);
    expect(select.value).toBe('3');
    fireEvent.change(select, { target: { value: '6' } });
    fireEvent.click(within(form).getByTestId('grow-audience-save'));
    await waitFor(() => expect(s.callsTo(E.updateSubMarket)).toHaveLength(1));
    expect((s.callsTo(E.updateSubMarket)[0].body as any).sub_market.discussion_cluster_node_id).toBe(6);
  });

  it('GROW-069 / GROW-070 without a node that has clusters: the hint and the link to Discussions Upload', async () => {
    server([node(5, 'Empty upload', 0)]);
    const form = await openAudienceForm(false);
    const hint = await within(form).findByTestId('grow-no-discussion');
    expect(hint.textContent).toContain('No discussion has been uploaded yet. Upload one in Discussions Upload.');
    expect(within(form).queryByTestId('grow-audience-discussion')).toBeNull();
    expect(within(hint).getByRole('link').getAttribute('href')).toBe('/acme/us/upload/discussions_upload/admin');
  });

  it('GROW-070 (issue 27 §6) a user who cannot open Discussions Upload gets no link there, and no sentence sending them to it', async () => {
    server([node(5, 'Empty upload', 0)], false);
    const form = await openAudienceForm(false);
    const hint = await within(form).findByTestId('grow-no-discussion');
    expect(hint.textContent!.trim()).toBe('No discussion has been uploaded yet. Someone who can upload discussions for this client can add one.');
    expect(within(hint).queryByRole('link')).toBeNull();
  });
});
