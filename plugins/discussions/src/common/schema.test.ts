import { DiscussionClusterNodeInput, selectableNodes, type DiscussionClusterNodeDto } from './index';

const node = (id: number, name: string, clusters: number): DiscussionClusterNodeDto => ({
  id,
  name,
  description: '',
  discussion_clusters: Array.from({ length: clusters }, (_, i) => ({ id: id * 100 + i, name: `c${i}`, size: 10 })),
  sub_markets: [],
  journey_sub_markets: [],
  in_use: false,
});

describe('discussion cluster node rules', () => {
  it("SRV-092 / UPL-023 a name is required: 'Cluster name is required.'; it is trimmed", () => {
    const r = DiscussionClusterNodeInput.safeParse({ name: '   ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('Cluster name is required.');
    expect(DiscussionClusterNodeInput.parse({ name: ' Coffee ' })).toEqual({ name: 'Coffee', description: '' });
  });

  it('UPL-031 a cluster size is a whole number from 1 to 100; its name at most 100 characters', () => {
    const ok = (c: unknown) => DiscussionClusterNodeInput.safeParse({ name: 'N', discussion_clusters: [c] }).success;
    expect([ok({ name: 'a', size: 1 }), ok({ name: 'a', size: 100 }), ok({ size: 50 })]).toEqual([true, true, true]);
    expect([ok({ name: 'a', size: 0 }), ok({ name: 'a', size: 101 }), ok({ name: 'a', size: 2.5 }), ok({ name: 'x'.repeat(101), size: 5 })]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('GROW-069 / JRN-054 selectable nodes: only those with clusters, by name case-insensitively', () => {
    const list = [node(1, 'zebra talk', 2), node(2, 'Apple fans', 1), node(3, 'empty', 0), node(4, 'banana', 3)];
    expect(selectableNodes(list).map((n) => n.name)).toEqual(['Apple fans', 'banana', 'zebra talk']);
  });
});
