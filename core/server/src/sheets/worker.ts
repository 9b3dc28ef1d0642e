/**
 * The spreadsheet thread (core.sheets): reads and writes workbooks with SheetJS off the server's
 * event loop. A 1,000-row .xls took ~90 ms to write and a 5 MB one ~200 ms to read on the main
 * thread, every other request waiting meanwhile.
 */
import * as XLSX from '@e965/xlsx';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { SheetRequest, SheetResponse } from './SheetService';

// Below the event loop (Linux: per thread; elsewhere it would be the whole process's).
if (process.platform === 'linux') {
  try {
    setPriority(10);
  } catch {
    // not allowed here: run at the process's priority
  }
}

function answer(msg: SheetRequest): SheetResponse {
  if (msg.op === 'write') {
    const wb = XLSX.utils.book_new();
    for (const s of msg.sheets) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(s.rows), s.name);
    const out = XLSX.write(wb, { type: 'buffer', bookType: msg.bookType }) as Buffer;
    return { id: msg.id, data: new Uint8Array(out.buffer, out.byteOffset, out.byteLength) };
  }
  let rows: unknown[][];
  let sheets: number;
  let merges: number;
  try {
    // sheetRows stops the reader one row past the limit: a huge sheet is never turned into cells.
    // cellDates: a date cell arrives as a Date, so a column of numbers can tell one from a number.
    const wb = XLSX.read(Buffer.from(msg.data.buffer, msg.data.byteOffset, msg.data.byteLength), {
      type: 'buffer',
      dense: true,
      cellDates: true,
      sheetRows: msg.maxRows + 1,
    });
    sheets = wb.SheetNames.length;
    const sheet = wb.Sheets[wb.SheetNames[0]];
    if (!sheet) return { id: msg.id, rows: null, truncated: false };
    merges = sheet['!merges']?.length ?? 0;
    // A formula is kept as the text it is ('=SUM(A1:A3)'), never its cached result: uploads store it as text.
    for (const row of sheet['!data'] ?? [])
      for (const cell of row ?? [])
        if (cell?.f) {
          cell.t = 's';
          cell.v = `=${cell.f}`;
          delete cell.w;
        }
    rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false, defval: null, raw: true });
  } catch {
    return { id: msg.id, rows: null, truncated: false };
  }
  return { id: msg.id, rows: rows.slice(0, msg.maxRows), truncated: rows.length > msg.maxRows, sheets, merges };
}

parentPort!.on('message', (msg: SheetRequest) => {
  try {
    parentPort!.postMessage(answer(msg));
  } catch (e) {
    parentPort!.postMessage({ id: msg.id, error: (e as Error).message } satisfies SheetResponse);
  }
});
