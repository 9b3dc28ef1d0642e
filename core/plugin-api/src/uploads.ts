import { definePermission } from './permissions';
import { tooLargeMessage } from './endpoint';

/**
 * What every bulk upload shares (002 §5, §8; UPL-003, UPL-010, UPL-031/035): the .xls rule, the
 * row error shape, the messages a refused file gets, and the `upload` resource every upload screen
 * needs beside its type's (UPL-002). Client and server read them from here, so both say the same.
 */

/** UPL-002: every upload screen needs the `upload` resource beside its type's resource. */
export const uploadPermissions = {
  create: definePermission('upload', 'create'),
  read: definePermission('upload', 'read'),
  update: definePermission('upload', 'update'),
  destroy: definePermission('upload', 'destroy'),
};

/** UPL-010 / UPL-035 / SRV-110: a row's error, by the template's column letter and the sheet's row number (the header is row 1). */
export interface UploadErrorDto {
  column: string;
  row: number;
  message: string;
}

export const UPLOAD_MESSAGES = {
  /** UPL-003 (DESIGN): the chooser and the server (415) refuse any other file. */
  xlsOnly: 'Please select an .xls file.',
  /** A renamed binary, an .xlsx or a zip (bomb) named .xls, or a damaged file. */
  unreadable: 'The file could not be read as an .xls workbook.',
  noRows: 'The file has no rows under the header: nothing was uploaded.',
  severalSheets: 'The file has more than one sheet: keep only the template’s sheet and upload again. Nothing was uploaded.',
  merged: 'The file has merged cells: unmerge them and upload again. Nothing was uploaded.',
  /** UPL-006 / A-46. */
  uploadComplete: 'Upload Complete',
} as const;

/** The answer to a file past the row cap (configurable per server). */
export const tooManyRowsMessage = (max: number) =>
  `The file has more than ${max.toLocaleString('en-US')} rows, the most one upload takes: nothing was uploaded.`;

/** UPL-003: the chooser takes .xls only. */
export const isXlsName = (name: string) => /\.xls$/i.test(name.trim());

/**
 * UPL-003 and the size limit, checked in the browser before anything is sent: the message the
 * page shows, or null for a file that may go up. The server answers the same texts (415, 413).
 */
export function chosenFileError(file: { name: string; size: number }, maxBytes: number): string | null {
  if (!isXlsName(file.name)) return UPLOAD_MESSAGES.xlsOnly;
  if (file.size > maxBytes) return tooLargeMessage(maxBytes);
  return null;
}

/** The template's column letter of a 0-based index (A..Z, AA..). */
export function columnLetter(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/**
 * Cells a spreadsheet program would run as a formula (= + - @, and a tab or carriage return before
 * them): stored as the text they are, and written back as text cells, never as formulas.
 */
export const looksLikeFormula = (v: string) => /^[\t\r]?[=+\-@]/.test(v);
