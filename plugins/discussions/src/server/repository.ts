import type { ServerCore } from '@discovery/server';
import { DISCUSSION_MESSAGES as M, type DiscussionClusterInput, type DiscussionClusterNodeDto } from '../common';
import { referencesOf } from './references';

type Db = Pick<ServerCore, 'query'>;

interface NodeRow {
  id: number;
  name: string;
  description: string;
}
interface ClusterRow {
  id: number;
  node_id: number;
  name: string;
  size: number;
}

/** The client's nodes (one id, or all of them by name), with their clusters and references. */
export async function nodesOf(db: Db, clientId: number, id?: number): Promise<DiscussionClusterNodeDto[]> {
  const nodes = await db.query<NodeRow>(
    `select id, name, description from discussions_cluster_nodes where client_id = $1 ${id === undefined ? '' : 'and id = $2'} order by lower(name), id`,
    id === undefined ? [clientId] : [clientId, id],
  );
  const ids = nodes.map((n) => Number(n.id));
  if (!ids.length) return [];
  const clusters = await db.query<ClusterRow>('select id, node_id, name, size from discussions_clusters where node_id = any($1::int[]) order by "order", id', [
    ids,
  ]);
  const refs = await referencesOf(db, ids);
  return nodes.map((n) => ({
    id: Number(n.id),
    name: n.name,
    description: n.description,
    discussion_clusters: clusters.filter((c) => Number(c.node_id) === Number(n.id)).map((c) => ({ id: Number(c.id), name: c.name, size: Number(c.size) })),
    ...refs.get(Number(n.id))!,
  }));
}

export async function nodeOf(core: ServerCore, db: Db, clientId: number, id: number): Promise<DiscussionClusterNodeDto> {
  const [node] = await nodesOf(db, clientId, id);
  if (!node) throw core.errors.notFound(M.notFound);
  return node;
}

/** UPL-031: the template's rows replace the node's clusters. */
export async function replaceClusters(tx: Db, nodeId: number, clusters: DiscussionClusterInput[]): Promise<void> {
  await tx.query('delete from discussions_clusters where node_id = $1', [nodeId]);
  if (!clusters.length) return;
  await tx.query(
    `insert into discussions_clusters (node_id, name, size, "order")
     select $1, c.name, c.size, c.ord - 1 from unnest($2::text[], $3::int[]) with ordinality as c(name, size, ord)`,
    [nodeId, clusters.map((c) => c.name), clusters.map((c) => c.size)],
  );
}
