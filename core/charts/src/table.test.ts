import { cellValue, exportRows, fileBaseName, formatCell, sheetName, toCsv, toXlsx, type ChartTable } from './table';

const table: ChartTable = {
  caption: 'Age: Fizz fans',
  columns: [
    { label: 'Attribute', kind: 'text' },
    { label: 'Share (%)', kind: 'percent' },
    { label: 'Index', kind: 'index' },
    { label: 'People', kind: 'count' },
  ],
  rows: [
    ['18-24', 12.345, 118.6, 1234.4],
    ['Say "hi", then', null, 99.4, null],
    ['=HYPERLINK("http://evil")', 3.05, 80, 7],
  ],
};

/** jsdom's Blob has no arrayBuffer(); FileReader reads it. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(new Uint8Array(r.result as ArrayBuffer));
    r.onerror = () => reject(r.error);
    r.readAsArrayBuffer(blob);
  });
}

describe('the table alternative and the exports', () => {
  it('rounds once: percents to one decimal, indexes and counts whole', () => {
    expect(cellValue(12.345, 'percent')).toBe(12.3);
    expect(cellValue(118.6, 'index')).toBe(119);
    expect(cellValue(1234.4, 'count')).toBe(1234);
    expect(cellValue(Number.NaN, 'count')).toBeNull();
    expect(formatCell(12.345, 'percent')).toBe('12.3%');
    expect(formatCell(1234.4, 'count')).toBe('1,234');
    expect(formatCell(null, 'count')).toBe('N/A');
    expect(formatCell(null, 'text')).toBe('');
  });

  it('the csv holds the numbers the table shows (same rounding), quoted where needed, CRLF', () => {
    const csv = toCsv(table);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Attribute,Share (%),Index,People');
    expect(lines[1]).toBe('18-24,12.3,119,1234');
    expect(lines[2]).toBe('"Say ""hi"", then",,99,');
    expect(csv.endsWith('\r\n')).toBe(true);
    // Each number in the file is the one on screen, without formatting.
    for (const row of exportRows(table)) {
      row.forEach((v, i) => {
        if (typeof v === 'number') expect(formatCell(v, table.columns[i].kind).replace(/[,%]/g, '')).toBe(String(v));
      });
    }
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
  });

  it('a cell that a spreadsheet would run as a formula is written as text', () => {
    expect(toCsv(table).split('\r\n')[3]).toBe(`"'=HYPERLINK(""http://evil"")",3.1,80,7`);
  });

  it('the workbook has the header and the same numbers, as numbers', async () => {
    const XLSX = await import('@e965/xlsx');
    const blob = await toXlsx(table);
    const wb = XLSX.read(await bytesOf(blob), { type: 'array' });
    expect(wb.SheetNames).toEqual(['Age  Fizz fans']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1, defval: null });
    expect(rows).toEqual([
      ['Attribute', 'Share (%)', 'Index', 'People'],
      ['18-24', 12.3, 119, 1234],
      ['Say "hi", then', null, 99, null],
      [`'=HYPERLINK("http://evil")`, 3.1, 80, 7],
    ]);
  });

  it('names files and sheets safely', () => {
    expect(fileBaseName('Age: Fizz fans / 2026')).toBe('age-fizz-fans-2026');
    expect(fileBaseName('***')).toBe('chart');
    expect(sheetName('a'.repeat(40))).toHaveLength(31);
    expect(sheetName('[x]:y')).toBe('x  y');
  });
});
