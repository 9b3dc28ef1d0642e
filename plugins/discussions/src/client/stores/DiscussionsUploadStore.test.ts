import { ApiError, type ApiClient } from '@discovery/platform';
import { DiscussionsUploadStore } from './DiscussionsUploadStore';

const node = { id: 1, name: 'Coffee', description: '', discussion_clusters: [], sub_markets: [], journey_sub_markets: [], in_use: false };

function store(call: (endpoint: { method: string }) => Promise<unknown>) {
  const toast = { show: jest.fn() };
  const s = new DiscussionsUploadStore({ api: { call } as unknown as ApiClient, toast });
  return { s, toast };
}

describe('DiscussionsUploadStore', () => {
  it("UPL-029 'Save Complete' lasts 4 s; UPL-030 'Discussion Cluster could not be saved. Please try again.' 6 s", async () => {
    const ok = store(async (e) => (e.method === 'POST' ? { data: node } : { data: [] }));
    ok.s.open();
    ok.s.setName('Coffee');
    expect(await ok.s.save()).toBe(true);
    expect(ok.toast.show).toHaveBeenCalledWith('success', 'Save Complete', { timeout: 4000 });
    expect(ok.s.draft).toBeNull();

    const bad = store(async () =>
      Promise.reject(new ApiError(422, 'taken', { 'discussion_cluster_node.name': 'A discussion with this name already exists in this client.' })),
    );
    bad.s.open();
    bad.s.setName('Coffee');
    expect(await bad.s.save()).toBe(false);
    expect(bad.toast.show).toHaveBeenCalledWith('error', 'Discussion Cluster could not be saved. Please try again.', { timeout: 6000 });
    // The drawer stays, with the server's word at the name.
    expect(bad.s.nameError).toBe('A discussion with this name already exists in this client.');
  });

  it('UPL-023 / UPL-027 Save needs a name; a discussion in use cannot be deleted', async () => {
    const { s } = store(async () => ({ data: [{ ...node, in_use: true }] }));
    await s.load('acme');
    s.open();
    expect([s.canSave, s.nameError]).toEqual([false, 'Cluster name is required.']);
    s.open(s.nodes[0]);
    expect([s.canSave, s.deleteBlocked]).toEqual([true, true]);
    expect(await s.remove()).toBe(false);
  });

  it("issue 24 §3: a failed library is the page's error state; another client's late list never lands", async () => {
    const failing = store(async () => Promise.reject(new ApiError(500, 'Internal server error', undefined, undefined, 'internal')));
    await failing.s.load('acme');
    expect([failing.s.loaded, failing.s.loadFailed]).toEqual([true, true]);

    let answerAcme: () => void = () => undefined;
    const answers = [
      () => new Promise((resolve) => (answerAcme = () => resolve({ data: [node] }))),
      async () => ({ data: [{ ...node, id: 2, name: 'Globex tea' }] }),
    ];
    const { s } = store(() => answers.shift()!());
    const acme = s.load('acme');
    await s.load('globex');
    answerAcme();
    await acme;
    expect(s.nodes.map((n) => n.name)).toEqual(['Globex tea']);
  });
});
