import type { SheetCell } from '@discovery/server';
import { DiscussionClusterInput, TEMPLATE_COLUMNS, type DiscussionClusterNodeDto, type UploadErrorDto } from '../common';

/**
 * UPL-025: the template's rows: the header, then the node's clusters with its Discussion ID and
 * name. A node without clusters gets one row with its ID and name to fill in, so the ID is in the
 * file the user edits; a new discussion (no node yet) gets the header alone.
 */
export function templateRows(node: DiscussionClusterNodeDto | null): SheetCell[][] {
  const rows: SheetCell[][] = [[...TEMPLATE_COLUMNS]];
  if (!node) return rows;
  for (const c of node.discussion_clusters) rows.push([node.id, node.name, c.name, c.size]);
  if (!node.discussion_clusters.length) rows.push([node.id, node.name, null, null]);
  return rows;
}

const COLUMN = ['A', 'B', 'C', 'D'] as const;

/**
 * UPL-031: the rows of the sheet under the header. Every column but C needs a value; the row's id
 * must be this node's (the template affects only this discussion of this client); the name (C) and
 * size (D) follow the shared cluster rule. Every row's errors are listed, by column and sheet row.
 */
export function readClusterRows(rows: unknown[][], nodeId: number): { clusters: DiscussionClusterInput[]; errors: UploadErrorDto[]; failedRows: number } {
  const clusters: DiscussionClusterInput[] = [];
  const errors: UploadErrorDto[] = [];
  let failedRows = 0;
  rows.slice(1).forEach((cells, i) => {
    const row = i + 2;
    const value = (c: number) => {
      const v = cells[c];
      return v === null || v === undefined ? '' : String(v).trim();
    };
    const own: UploadErrorDto[] = [];
    for (const c of [0, 1, 3]) if (!value(c)) own.push({ column: COLUMN[c], row, message: `${TEMPLATE_COLUMNS[c]} is required.` });
    if (value(0) && Number(value(0)) !== nodeId) own.push({ column: 'A', row, message: `Discussion ID must be ${nodeId}, the discussion being uploaded.` });
    if (!own.some((e) => e.column === 'D')) {
      const parsed = DiscussionClusterInput.safeParse({ name: value(2), size: Number(value(3)) });
      if (parsed.success) {
        if (!own.length) clusters.push(parsed.data);
      } else for (const issue of parsed.error.issues) own.push({ column: issue.path[0] === 'name' ? 'C' : 'D', row, message: issue.message });
    }
    if (own.length) failedRows++;
    errors.push(...own);
  });
  return { clusters, errors, failedRows };
}
