import { createRouteRef, defineEndpoint, definePermission, typed } from '@discovery/plugin-api';
import { text } from '@discovery/plugin-api/zod';
// A namespace import: esbuild then bundles only the parts of zod in use (npm run size).
import * as z from 'zod';

export const discussionsRoute = createRouteRef({ id: 'discussions.page', scope: 'product', path: 'discussions' });

export const discussionsPermissions = {
  read: definePermission('discussions', 'read'),
  create: definePermission('discussions', 'create'),
};

/** The one validation rule for an item, run by the form and by the server. */
export const discussionsItemInput = z.object({
  name: text({ min: 1, max: 100, required: 'Name is required.', tooLong: 'Name must be 100 characters or fewer.' }),
});
export type DiscussionsItemInput = z.infer<typeof discussionsItemInput>;

export interface DiscussionsItem {
  id: number;
  name: string;
  created_at: string;
}

/**
 * The plugin's API, defined once: the server serves these with handle(), the client calls them
 * with api.call(), tests answer them with FakeServer.on(). Each declares who may call it.
 */
export const discussionsEndpoints = {
  items: defineEndpoint({
    method: 'GET',
    path: '/api/v1/discussions/items',
    access: { permission: discussionsPermissions.read, scope: 'product' },
    response: typed<{ data: DiscussionsItem[] }>(),
  }),
  addItem: defineEndpoint({
    method: 'POST',
    path: '/api/v1/discussions/items',
    access: { permission: discussionsPermissions.create, scope: 'product' },
    body: z.object({ item: discussionsItemInput }),
    bodyErrors: 'rule',
    response: typed<{ data: DiscussionsItem }>(),
  }),
};

// ---------------------------------------------------------------------------------------------
// The contract Grow and Journeys build on (SRV-090..092, UPL-032). The helper building this
// plugin replaces the scaffold's sample above; these names and shapes stay.

/** 002 §6: the upload_discussions resource guards writes; reading the list needs only a client grant. */
export const discussionNodePermissions = {
  create: definePermission('upload_discussions', 'create'),
  update: definePermission('upload_discussions', 'update'),
  destroy: definePermission('upload_discussions', 'destroy'),
};

export interface DiscussionClusterDto {
  id: number;
  name: string;
  size: number;
}

/** UPL-032 (A-34: the union of 001 §3 and 002 §3): sub_markets / journey_sub_markets are the ids that reference the node. */
export interface DiscussionClusterNodeDto {
  id: number;
  name: string;
  description: string;
  discussion_clusters: DiscussionClusterDto[];
  sub_markets: number[];
  journey_sub_markets: number[];
}

/** SRV-092: 'Cluster name is required.' */
export const DiscussionClusterNodeInput = z.object({
  name: text({ min: 1, max: 100, required: 'Cluster name is required.', tooLong: 'Cluster name must be 100 characters or fewer.' }),
  description: z.string().max(1000).default(''),
});
export type DiscussionClusterNodeInput = z.infer<typeof DiscussionClusterNodeInput>;

const NODES = '/api/v1/discussion_cluster_nodes';

/** SRV-090: the client's nodes (X-Context at client level or deeper). */
export const discussionNodeEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: NODES,
    access: { permission: 'signed-in', scope: 'client' },
    response: typed<{ data: DiscussionClusterNodeDto[] }>(),
  }),
};

/** JRN-054 / GROW-069: only nodes that have clusters, sorted by name case-insensitively. */
export function selectableNodes(nodes: readonly DiscussionClusterNodeDto[]): DiscussionClusterNodeDto[] {
  return nodes.filter((n) => n.discussion_clusters.length > 0).sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}
