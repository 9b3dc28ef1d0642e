import { isXlsName, tooManyRowsMessage, UPLOAD_MESSAGES as M } from '@discovery/plugin-api';
import { HttpError } from './errors';
import type { UploadedFile } from './multipart';
import type { SheetService } from './sheets/SheetService';

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** A legacy .xls is an OLE compound file; anything else (a renamed .xlsx or zip, text, an image) is not read as one. */
export const isOleFile = (data: Buffer) => data.subarray(0, 8).equals(OLE_MAGIC);

/** A whole number >= 1 from the environment, or the default; a bad value stops the server at start, naming the variable. */
export function positiveIntFromEnv(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const v = env[name]?.trim();
  if (!v) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1 (got '${v}')`);
  return n;
}

const refuse = (message: string) => new HttpError(422, message, { template: message });

/**
 * The rows of an uploaded template, or the refusal every upload gives a hostile or odd file, before
 * any row is looked at (so nothing is applied): no file or another name (415), a file that is no
 * .xls workbook (a renamed binary, an .xlsx or zip named .xls: never unpacked), one the reader gives
 * up on (its thread has a time and memory ceiling), several sheets, merged cells, more rows than
 * `maxRows` under the header, or none. Formula cells arrive as their text ('=SUM(A1)').
 * The header row is rows[0]; the sheet's row n is rows[n - 1] (blank rows are left out, so row
 * numbers are counted as read).
 */
export async function readUploadedSheet(sheets: SheetService, file: UploadedFile | null, opts: { maxRows: number }): Promise<unknown[][]> {
  if (!file || !isXlsName(file.filename)) throw new HttpError(415, M.xlsOnly, { template: M.xlsOnly });
  if (!isOleFile(file.data)) throw refuse(M.unreadable);
  const sheet = await sheets.read(file.data, { maxRows: opts.maxRows + 1 }).catch(() => null);
  if (!sheet) throw refuse(M.unreadable);
  if (sheet.sheets > 1) throw refuse(M.severalSheets);
  if (sheet.merges > 0) throw refuse(M.merged);
  if (sheet.truncated) throw refuse(tooManyRowsMessage(opts.maxRows));
  if (sheet.rows.length < 2) throw refuse(M.noRows);
  return sheet.rows;
}
