import type { ServerCore } from '@discovery/server';
import { replaceClusters } from './repository';

/** Demo discussions per client: three with clusters and one still waiting for its upload (the dropdowns leave it out). */
const NODES: { name: string; description: string; clusters: [string, number][] }[] = [
  {
    name: 'Coffee lovers forum',
    description: 'Threads from a coffee enthusiasts forum, clustered by topic.',
    clusters: [
      ['Espresso purists', 34],
      ['Cold brew converts', 22],
      ['Home baristas', 18],
      ['Decaf curious', 9],
    ],
  },
  {
    name: 'Weekend runners community',
    description: 'Posts from a running club board: training, races and gear.',
    clusters: [
      ['Marathon training', 27],
      ['Trail running', 15],
      ['Hydration and nutrition', 12],
    ],
  },
  {
    name: 'Sustainable living threads',
    description: 'Conversations about low-waste shopping and packaging.',
    clusters: [
      ['Refill and reuse', 21],
      ['Plastic-free packaging', 17],
    ],
  },
  { name: 'Product launch reactions', description: 'Social reactions to the spring launch; the template is not uploaded yet.', clusters: [] },
];

export async function seedDiscussions(core: ServerCore): Promise<void> {
  const clients = await core.query<{ id: number }>('select id from clients order by id');
  await core.transaction(async (tx) => {
    for (const c of clients) {
      for (const n of NODES) {
        const [row] = await tx.query<{ id: number }>('insert into discussions_cluster_nodes (client_id, name, description) values ($1, $2, $3) returning id', [
          c.id,
          n.name,
          n.description,
        ]);
        await replaceClusters(
          tx,
          Number(row.id),
          n.clusters.map(([name, size]) => ({ name, size })),
        );
      }
    }
  });
}
