import { formatCount, MISSING_COUNT } from '@discovery/platform';

/**
 * The numbers behind a chart, as a table: what 'View as table' shows and what the .csv and .xlsx
 * exports hold. Values are rounded once, here (`cellValue`), so the table on screen and the files
 * carry the same numbers.
 */
export type CellKind = 'text' | 'count' | 'percent' | 'index' | 'number';
export type Cell = string | number | null;

export interface TableColumn {
  label: string;
  kind: CellKind;
}

export interface ChartTable {
  /** The table's caption: the chart's accessible name. */
  caption: string;
  columns: TableColumn[];
  rows: Cell[][];
}

/** The value a cell holds: counts whole, percents to one decimal, indexes whole (OVL-017, OUT-025). */
export function cellValue(value: Cell, kind: CellKind): Cell {
  if (value === null || typeof value === 'string' || kind === 'text') return value;
  if (!Number.isFinite(value)) return null;
  if (kind === 'count' || kind === 'index') return Math.round(value);
  if (kind === 'percent') return Math.round(value * 10) / 10;
  return value;
}

/** A cell as the table shows it. */
export function formatCell(value: Cell, kind: CellKind): string {
  const v = cellValue(value, kind);
  if (v === null) return kind === 'text' ? '' : MISSING_COUNT;
  if (typeof v === 'string') return v;
  if (kind === 'count') return formatCount(v);
  if (kind === 'percent') return `${v.toFixed(1)}%`;
  if (kind === 'index') return String(v);
  return v.toLocaleString('en-US');
}

/** Rounded values of every row, ready for a file. */
export function exportRows(table: ChartTable): Cell[][] {
  return table.rows.map((r) => r.map((v, i) => cellValue(v, table.columns[i]?.kind ?? 'text')));
}

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) gets a leading
 * apostrophe: audience and market names are user input (OWASP 'CSV injection').
 */
export function neutraliseFormula(s: string): string {
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

function csvField(v: Cell): string {
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  const s = neutraliseFormula(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** RFC 4180 CSV: a header row of column labels, then the rows; CRLF line ends. */
export function toCsv(table: ChartTable): string {
  const lines = [table.columns.map((c) => csvField(c.label)), ...exportRows(table).map((r) => r.map(csvField))];
  return lines.map((l) => l.join(',')).join('\r\n') + '\r\n';
}

/** An .xlsx workbook of the table (numbers as numbers); the library loads only when asked. */
export async function toXlsx(table: ChartTable): Promise<Blob> {
  const XLSX = await import('@e965/xlsx');
  // Strings stay text cells (SheetJS never writes them as formulas); the apostrophe rule keeps the
  // csv and the workbook showing the same thing.
  const rows = exportRows(table).map((r) => r.map((v) => (typeof v === 'string' ? neutraliseFormula(v) : v)));
  const sheet = XLSX.utils.aoa_to_sheet([table.columns.map((c) => c.label), ...rows]);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, sheet, sheetName(table.caption));
  const bytes = XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  return new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetName(caption: string): string {
  return (
    caption
      .replace(/[:\\/?*[\]]/g, ' ')
      .trim()
      .slice(0, 31) || 'Chart'
  );
}

/** A file name from the chart's name: letters, digits and dashes. */
export function fileBaseName(caption: string): string {
  return (
    caption
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'chart'
  );
}
