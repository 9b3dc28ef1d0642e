import * as XLSX from '@e965/xlsx';
import { DiscussionClusterInput, TEMPLATE_COLUMNS, type DiscussionClusterNodeDto, type UploadErrorDto } from '../common';

/** UPL-025: the template: a header row, then the node's clusters (blank for a new discussion). */
export function templateWorkbook(node: DiscussionClusterNodeDto | null): Buffer {
  const rows: (string | number)[][] = [[...TEMPLATE_COLUMNS]];
  for (const c of node?.discussion_clusters ?? []) rows.push([node!.id, node!.name, c.name, c.size]);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Discussion');
  return XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

/** The file of a multipart/form-data body's `field`, or null (one part is all an upload needs). */
export function multipartFile(body: Buffer, contentType: string, field: string): { filename: string; data: Buffer } | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length + 2; // past the delimiter's CRLF
    const next = body.indexOf(delimiter, start);
    if (next < 0) return null;
    const headEnd = body.indexOf('\r\n\r\n', start);
    if (headEnd < 0 || headEnd > next) return null;
    const head = body.subarray(start, headEnd).toString('utf8');
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    const filename = /filename="([^"]*)"/i.exec(head)?.[1];
    if (name === field && filename !== undefined) return { filename, data: body.subarray(headEnd + 4, next - 2) };
    at = next;
  }
  return null;
}

const COLUMN = ['A', 'B', 'C', 'D'] as const;
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * UPL-031: the rows of the first sheet under the header. Every column but C needs a value; the
 * row's id must be this node's (the template affects only this discussion of this client); the
 * name (C) and size (D) follow the shared cluster rule. Rows with errors are left out.
 */
export function readClusters(data: Buffer, nodeId: number): { clusters: DiscussionClusterInput[]; errors: UploadErrorDto[] } | null {
  // A legacy .xls is an OLE compound file; anything else (a renamed .xlsx, text) is not read as one.
  if (!data.subarray(0, 8).equals(OLE_MAGIC)) return null;
  let rows: unknown[][];
  try {
    const wb = XLSX.read(data, { type: 'buffer', dense: true });
    const sheet = wb.Sheets[wb.SheetNames[0]];
    if (!sheet) return null;
    rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false, defval: null });
  } catch {
    return null;
  }
  const clusters: DiscussionClusterInput[] = [];
  const errors: UploadErrorDto[] = [];
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
    errors.push(...own);
  });
  return { clusters, errors };
}
