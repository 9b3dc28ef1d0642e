import { Cell, Column, Table2 } from '@blueprintjs/table';

/** The errors and results tables (UPL-035 / UPL-036) on @blueprintjs/table: columns by name, rows of text. */
export function SheetTable({ columns, rows, testId }: { columns: string[]; rows: (string | number)[][]; testId: string }) {
  return (
    <div style={{ height: Math.min(360, 30 + rows.length * 22), width: '100%' }} data-testid={testId} data-rows={rows.length}>
      <Table2 numRows={rows.length} enableRowHeader={false} columnWidths={columns.map((c) => (c === 'Error' ? 520 : 160))}>
        {columns.map((c, ci) => (
          <Column key={c} name={c} cellRenderer={(r) => <Cell>{String(rows[r]?.[ci] ?? '')}</Cell>} />
        ))}
      </Table2>
    </div>
  );
}
