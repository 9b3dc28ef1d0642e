import { defineServerPlugin } from '@discovery/plugin-api';
import { handle, HttpError, parseBody, positiveIntFromEnv, readUploadedSheet, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import {
  DISCUSSION_MESSAGES as M,
  DiscussionClusterNodeBody,
  discussionNodeEndpoints as E,
  discussionNodePermissions,
  MAX_CLUSTERS,
  rowsFailedMessage,
  TEMPLATE_FILE,
  uploadPermissions,
} from '../common';
import init from './migrations/0001_discussions.sql';
import { nodeOf, nodesOf, replaceClusters } from './repository';
import { seedDiscussions } from './seed';
import { readClusterRows, templateRows } from './template';

const code = (e: unknown) => (e as { code?: string }).code;

export interface DiscussionsServerOptions {
  /** Rows one uploaded template may have (DISCOVERY_DISCUSSIONS_MAX_ROWS); default MAX_CLUSTERS, as the JSON API. */
  maxRows?: number;
}

/** DISCOVERY_DISCUSSIONS_MAX_ROWS, a whole number >= 1, or the default. */
export function maxRowsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return positiveIntFromEnv('DISCOVERY_DISCUSSIONS_MAX_ROWS', MAX_CLUSTERS, env);
}

/**
 * Discussion cluster nodes of the client in X-Context (SRV-090..092): list, fetch, create, update,
 * delete. Writes need upload_discussions (the route's access) and upload (UPL-002, checked in the
 * handler); every query is scoped by the client.
 */
export function discussionsServer(opts: DiscussionsServerOptions = {}) {
  const maxRows = opts.maxRows ?? maxRowsFromEnv();
  return defineServerPlugin<ServerCore, FastifyInstance>({
    id: 'discussions',
    permissions: [...Object.values(discussionNodePermissions), ...Object.values(uploadPermissions)],
    migrations: [{ id: '0001_discussions', sql: init }],
    register(router, core) {
      const nameTaken = () => core.errors.unprocessable(M.nameTaken, { 'discussion_cluster_node.name': M.nameTaken });
      // SRV-092 (DESIGN): unique per client; the index settles a race between two saves.
      const checkName = async (clientId: number, name: string, selfId: number) => {
        const [clash] = await core.query(
          'select id from discussions_cluster_nodes where client_id = $1 and lower(btrim(name)) = lower(btrim($2)) and id <> $3',
          [clientId, name, selfId],
        );
        if (clash) throw nameTaken();
      };
      const unique = <T>(p: Promise<T>) => p.catch((e) => Promise.reject(code(e) === '23505' ? nameTaken() : e));

      handle(router, E.list, async ({ context }) => ({ data: await nodesOf(core, context.client.id) }));

      handle(router, E.get, async ({ params: { id }, context }) => ({ data: await nodeOf(core, core, context.client.id, id) }));

      handle(router, E.create, async ({ body: { discussion_cluster_node: n }, context }, req, reply) => {
        core.requirePermission(req, uploadPermissions.create);
        const clientId = context.client.id;
        await checkName(clientId, n.name, 0);
        const data = await unique(
          core.transaction(async (tx) => {
            const [row] = await tx.query<{ id: number }>(
              'insert into discussions_cluster_nodes (client_id, name, description) values ($1, $2, $3) returning id',
              [clientId, n.name, n.description],
            );
            if (n.discussion_clusters) await replaceClusters(tx, Number(row.id), n.discussion_clusters);
            return nodeOf(core, tx, clientId, Number(row.id));
          }),
        );
        reply.code(201);
        return { data };
      });

      handle(router, E.update, async ({ params: { id }, body: { discussion_cluster_node: n }, context }, req) => {
        core.requirePermission(req, uploadPermissions.update);
        const clientId = context.client.id;
        await nodeOf(core, core, clientId, id);
        await checkName(clientId, n.name, id);
        const data = await unique(
          core.transaction(async (tx) => {
            await tx.query('update discussions_cluster_nodes set name = $2, description = $3, updated_at = now() where id = $1', [id, n.name, n.description]);
            if (n.discussion_clusters) await replaceClusters(tx, id, n.discussion_clusters);
            return nodeOf(core, tx, clientId, id);
          }),
        );
        return { data };
      });

      // UPL-025: the blank template, or the node's id and clusters in it (written on the spreadsheet thread).
      handle(router, E.template, async ({ query, context }, _req, reply) => {
        const node = query.id === undefined ? null : await nodeOf(core, core, context.client.id, query.id);
        const file = await core.sheets.write([{ name: 'Discussion', rows: templateRows(node) }], 'biff8');
        return reply.header('content-type', 'application/vnd.ms-excel').header('content-disposition', `attachment; filename="${TEMPLATE_FILE}"`).send(file);
      });

      // SRV-112 / UPL-028 / UPL-031: every row of the uploaded template, or none. The rows replace
      // the clusters, with the name and description sent beside the file, in one transaction; a row
      // with an error, an empty file or one past the row cap changes nothing (422).
      handle(router, E.upload, async ({ params: { id }, context, form }, req) => {
        core.requirePermission(req, uploadPermissions.update);
        const clientId = context.client.id;
        const node = await nodeOf(core, core, clientId, id);
        // The node's name and description may come with the file (UPL-028), checked by the same rule as a save.
        const named = 'name' in form.fields || 'description' in form.fields;
        const input = named
          ? parseBody(DiscussionClusterNodeBody, {
              discussion_cluster_node: { name: form.fields.name ?? node.name, description: form.fields.description ?? node.description },
            }).discussion_cluster_node
          : null;
        if (input && 'name' in form.fields) await checkName(clientId, input.name, id);
        // The file first (415 / 422 for what is no single-sheet .xls within the row cap): nothing is read or applied otherwise.
        const rows = await readUploadedSheet(core.sheets, form.file, { maxRows });
        const read = readClusterRows(rows, id);
        if (read.failedRows) {
          const fields = Object.fromEntries(read.errors.map((e) => [`${e.column}${e.row}`, e.message]));
          throw new HttpError(422, rowsFailedMessage(read.failedRows), fields, { errors: read.errors, failed_rows: read.failedRows });
        }
        if (!read.clusters.length) throw core.errors.unprocessable(M.noRows, { template: M.noRows });
        const updated = await unique(
          core.transaction(async (tx) => {
            if (input) await tx.query('update discussions_cluster_nodes set name = $2, description = $3 where id = $1', [id, input.name, input.description]);
            await replaceClusters(tx, id, read.clusters);
            await tx.query('update discussions_cluster_nodes set updated_at = now() where id = $1', [id]);
            return nodeOf(core, tx, clientId, id);
          }),
        );
        return { data: { updated }, errors: [] };
      });

      // SRV-091: a node other rows reference stays; their foreign keys refuse the delete (23503).
      handle(router, E.remove, async ({ params: { id }, context }, req) => {
        core.requirePermission(req, uploadPermissions.destroy);
        const node = await nodeOf(core, core, context.client.id, id);
        if (node.in_use) throw core.errors.conflict(M.inUse);
        await core
          .query('delete from discussions_cluster_nodes where id = $1', [id])
          .catch((e) => Promise.reject(code(e) === '23503' ? core.errors.conflict(M.inUse) : e));
        return { data: { message: M.deleted } };
      });
    },
    seed: seedDiscussions,
  });
}

export default discussionsServer();
