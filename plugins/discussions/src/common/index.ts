import { createRouteRef, defineEndpoint, definePermission, typed, UPLOAD_MESSAGES, type UploadErrorDto } from '@discovery/plugin-api';
import { IdParam, IdParams, text } from '@discovery/plugin-api/zod';
// A namespace import: esbuild then bundles only the parts of zod in use (npm run size).
import * as z from 'zod';

/** UPL-001 / 002 §2.1: {clientSlug}/{regionSlug}/upload/discussions_upload/admin. */
export const discussionsUploadRoute = createRouteRef({ id: 'discussions.upload', scope: 'region', path: 'upload/discussions_upload/admin' });

// What every upload shares (the `upload` resource, the row error, the .xls rule) is plugin-api's.
export { isXlsName, tooManyRowsMessage, uploadPermissions, type UploadErrorDto } from '@discovery/plugin-api';

/** The spec's texts (002 §2.5, §5, §8 and the DESIGN lines), once for the server, the page and the tests. */
export const DISCUSSION_MESSAGES = {
  nameRequired: 'Cluster name is required.',
  nameTooLong: 'Cluster name must be 100 characters or fewer.',
  nameTaken: 'A discussion with this name already exists in this client.',
  notFound: 'Discussion not found.',
  inUse: 'This discussion is used by audiences or journeys and cannot be deleted.',
  deleted: 'Discussion deleted.',
  unknownNode: 'The discussion does not exist in this client.',
  saveComplete: 'Save Complete',
  uploadComplete: 'Upload complete',
  saveFailed: 'Discussion Cluster could not be saved. Please try again.',
  xlsOnly: UPLOAD_MESSAGES.xlsOnly,
  unreadable: UPLOAD_MESSAGES.unreadable,
  noRows: UPLOAD_MESSAGES.noRows,
} as const;

/** Clusters one node may have: what the JSON API takes and the upload's default row cap (DISCOVERY_DISCUSSIONS_MAX_ROWS). */
export const MAX_CLUSTERS = 1000;
/** An .xls template is small; a bigger body is refused before it is read (413, and the page checks first). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** The upload's answer when rows have errors: how many rows failed; nothing was changed. */
export const rowsFailedMessage = (rows: number) => `${rows} ${rows === 1 ? 'row has' : 'rows have'} errors: nothing was uploaded. Fix them and upload again.`;
/** UPL-030's notice for an upload whose rows failed: how many, and that nothing was uploaded. */
export const uploadFailedNotice = (rows: number) =>
  `${DISCUSSION_MESSAGES.saveFailed} ${rows} ${rows === 1 ? 'row' : 'rows'} of the file failed: nothing was uploaded.`;

/** UPL-025 / UPL-031: the template's columns, A to D, and its file name. */
export const TEMPLATE_COLUMNS = ['Discussion ID', 'Discussion Name', 'Cluster Name', 'Size'] as const;
export const TEMPLATE_FILE = 'Discussion_Template.xls';

/** UPL-029 / UPL-030: how long the notices stay. */
export const NOTICE_MS = { success: 4000, failure: 6000 } as const;

/** UPL-031: the rules card's text, in the order 002 §5 gives them. */
export const DISCUSSION_RULES = [
  'The template affects only the current client.',
  'Every row needs a value in every column except column C.',
  'Name (column C) values are used to calculate reachable people and cannot exceed 100 characters.',
  'Size (column D) is a whole number between 1 and 100.',
  'Errors show the row and the column they were found in.',
  'Once uploaded, the discussion gets an ID you can use in the Grow uploader.',
] as const;

// ---------------------------------------------------------------------------------------------
// The contract Grow and Journeys build on (SRV-090..092, UPL-032). These names and shapes stay.

/** 002 §6: the upload_discussions resource guards writes; reading the list needs only a client grant. */
export const discussionNodePermissions = {
  read: definePermission('upload_discussions', 'read'),
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
  /** SRV-091 / UPL-027: some row of any plugin references the node, so it cannot be deleted. */
  in_use: boolean;
}

/** UPL-031: a cluster row of the template: Name (column C) may be empty, at most 100 characters; Size 1..100. */
export const DiscussionClusterInput = z.object({
  name: text({ min: 0, max: 100, tooLong: 'Cluster name (column C) cannot exceed 100 characters.' }).default(''),
  size: z
    .number({ error: 'Size must be a whole number between 1 and 100.' })
    .int('Size must be a whole number between 1 and 100.')
    .min(1, 'Size must be a whole number between 1 and 100.')
    .max(100, 'Size must be a whole number between 1 and 100.'),
});
export type DiscussionClusterInput = z.infer<typeof DiscussionClusterInput>;

/**
 * SRV-092: 'Cluster name is required.' `discussion_clusters`, when given, replaces the node's
 * clusters (what an uploaded template does); left out, a save keeps them.
 */
export const DiscussionClusterNodeInput = z.object({
  name: text({ min: 1, max: 100, required: DISCUSSION_MESSAGES.nameRequired, tooLong: DISCUSSION_MESSAGES.nameTooLong }),
  description: z.string().max(1000, 'Description must be 1000 characters or fewer.').default(''),
  discussion_clusters: z.array(DiscussionClusterInput).max(MAX_CLUSTERS, `At most ${MAX_CLUSTERS} clusters per discussion.`).optional(),
});
export type DiscussionClusterNodeInput = z.infer<typeof DiscussionClusterNodeInput>;

/** SRV-090: the body of POST and PUT. */
export const DiscussionClusterNodeBody = z.object({ discussion_cluster_node: DiscussionClusterNodeInput });

/*
 * DESIGN base {insights}/api/v1/discussion_cluster_nodes: a plugin's routes live under its own
 * prefix (core/server's handle() refuses others), so the path is /api/v1/discussions/... . Callers
 * use the endpoint objects, never the string.
 */
const NODES = '/api/v1/discussions/discussion_cluster_nodes';
const client = 'client' as const;

/** SRV-090: the client's nodes (X-Context at client level or deeper). */
export const discussionNodeEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: NODES,
    access: { permission: 'signed-in', scope: client },
    response: typed<{ data: DiscussionClusterNodeDto[] }>(),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${NODES}/:id`,
    access: { permission: 'signed-in', scope: client },
    params: IdParams,
    response: typed<{ data: DiscussionClusterNodeDto }>(),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: NODES,
    access: { permission: discussionNodePermissions.create, scope: client },
    body: DiscussionClusterNodeBody,
    bodyErrors: 'rule',
    response: typed<{ data: DiscussionClusterNodeDto }>(),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${NODES}/:id`,
    access: { permission: discussionNodePermissions.update, scope: client },
    params: IdParams,
    body: DiscussionClusterNodeBody,
    bodyErrors: 'rule',
    response: typed<{ data: DiscussionClusterNodeDto }>(),
  }),
  /** UPL-025: the template, with the node's id and clusters when `id` is given, blank without. */
  template: defineEndpoint({
    method: 'GET',
    path: `${NODES}/template`,
    access: { permission: discussionNodePermissions.read, scope: client },
    query: z.object({ id: IdParam.optional() }),
    raw: true,
  }),
  /**
   * UPL-028 / SRV-112: multipart/form-data, the .xls in the part `template` and, optionally, the
   * node's `name` and `description` parts; all of its rows replace the node's clusters, with the
   * name and description, in one transaction. Any row with an error changes nothing: 422 with
   * every row's errors (`errors`, `failed_rows`).
   */
  upload: defineEndpoint({
    method: 'POST',
    path: `${NODES}/:id/upload`,
    access: { permission: discussionNodePermissions.update, scope: client },
    params: IdParams,
    upload: { field: 'template', maxBytes: UPLOAD_MAX_BYTES },
    response: typed<{ data: { updated: DiscussionClusterNodeDto }; errors: UploadErrorDto[] }>(),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${NODES}/:id`,
    access: { permission: discussionNodePermissions.destroy, scope: client },
    params: IdParams,
    response: typed<{ data: { message: string } }>(),
  }),
};

/** JRN-054 / GROW-069: only nodes that have clusters, sorted by name case-insensitively. */
export function selectableNodes(nodes: readonly DiscussionClusterNodeDto[]): DiscussionClusterNodeDto[] {
  return nodes.filter((n) => n.discussion_clusters.length > 0).sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

/**
 * For plugins whose rows reference a node (Grow's audiences, Journeys' cells): the table their
 * foreign key names, and the one check their save runs so a node of another client (or none)
 * is refused with 422 before the row is written. `$1` the node id, `$2` the client id.
 */
export const DISCUSSION_NODES_TABLE = 'discussions_cluster_nodes';
export const NODE_IN_CLIENT_SQL = `select id from ${DISCUSSION_NODES_TABLE} where id = $1 and client_id = $2`;
/** The same check for many nodes at once (a journey's cells): `$1` the node ids (int[]), `$2` the client id; the ids found. */
export const NODES_IN_CLIENT_SQL = `select id from ${DISCUSSION_NODES_TABLE} where id = any($1::int[]) and client_id = $2`;
