import { Button, ButtonGroup, Classes, HTMLTable, Menu, MenuItem, NonIdealState, PopoverNext, Spinner } from '@blueprintjs/core';
import { useId, useState, type CSSProperties, type MutableRefObject, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { exportChart, type ExportFormat, type PngSource } from './export';
import { formatCell, type ChartTable } from './table';

/** Hidden on screen, read by screen readers (the caption repeats the figure's visible title). */
export const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

export interface ChartFrameProps {
  /** The chart's accessible name: the figure's caption and the table's. */
  title: string;
  table: ChartTable;
  loading?: boolean;
  empty?: boolean;
  emptyText?: string;
  /**
   * 'img' (Plotly drawings): the picture is one image to assistive technology, named after the
   * chart, and the numbers are in the table; 'group' for charts whose parts are controls.
   */
  drawingRole?: 'img' | 'group';
  /** Filled by the drawing when it can make a picture of itself. */
  png: MutableRefObject<PngSource | null>;
  /** Shown under the drawing (legends). */
  footer?: ReactNode;
  /** More buttons in the toolbar. */
  actions?: ReactNode;
  /**
   * The workbook a screen's server makes (Overlap's, OVL-024 / SRV-106): the Export menu's .xlsx
   * item asks for it instead of writing the table, so the chart has one Export control (issue 27 §6).
   */
  exportXlsx?: () => Promise<void>;
  /** Hide the visible title (a panel that heads the chart itself); it stays the accessible name. */
  hideTitle?: boolean;
  testId?: string;
  children: ReactNode;
}

/**
 * Every chart's frame: title, 'View as table' (a Blueprint button, so it is reached with Tab),
 * export to PNG, .xlsx and .csv, the loading and empty states. The drawing stays mounted while the
 * table shows, so the picture can still be exported.
 */
export function ChartFrame(props: ChartFrameProps) {
  const { t } = useTranslation();
  const id = useId();
  const titleId = `${id}-title`;
  const tableId = `${id}-table`;
  const [asTable, setAsTable] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const ready = !props.loading && !props.empty;

  const run = (format: ExportFormat) => {
    setExportError(null);
    const done = format === 'xlsx' && props.exportXlsx ? props.exportXlsx() : exportChart(format, props.table, props.png.current);
    done.catch((e: Error) => setExportError(t('charts.exportFailed', { message: e.message })));
  };

  return (
    <figure
      aria-labelledby={titleId}
      style={{ margin: 0, position: 'relative' }}
      data-testid={props.testId}
      data-chart-state={props.loading ? 'loading' : props.empty ? 'empty' : 'ready'}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 4 }}>
        <figcaption id={titleId} style={props.hideTitle ? visuallyHidden : { fontWeight: 600, flex: '1 1 auto', minWidth: 0 }}>
          {props.title}
        </figcaption>
        {props.hideTitle && <span style={{ flex: '1 1 auto' }} />}
        <ButtonGroup minimal>
          {props.actions}
          <Button
            small
            icon={asTable ? 'timeline-bar-chart' : 'th'}
            text={asTable ? t('charts.viewAsChart') : t('charts.viewAsTable')}
            aria-pressed={asTable}
            aria-controls={asTable ? tableId : undefined}
            disabled={!ready}
            onClick={() => setAsTable((v) => !v)}
            data-testid="chart-view-table"
          />
          <PopoverNext
            placement="bottom-end"
            disabled={!ready}
            content={
              <Menu aria-label={t('charts.export')}>
                <MenuItem icon="media" text={t('charts.exportPng')} onClick={() => run('png')} data-testid="chart-export-png" />
                <MenuItem icon="th-derived" text={t('charts.exportXlsx')} onClick={() => run('xlsx')} data-testid="chart-export-xlsx" />
                <MenuItem icon="document" text={t('charts.exportCsv')} onClick={() => run('csv')} data-testid="chart-export-csv" />
              </Menu>
            }
          >
            <Button small icon="export" text={t('charts.export')} disabled={!ready} aria-haspopup="menu" data-testid="chart-export" />
          </PopoverNext>
        </ButtonGroup>
      </div>
      {exportError && (
        <p role="alert" className={Classes.TEXT_MUTED} style={{ color: '#cd4246', margin: '4px 0' }}>
          {exportError}
        </p>
      )}
      {props.loading ? (
        <div role="status" style={{ padding: 24 }}>
          <Spinner size={24} aria-label={t('charts.loading')} />
          <span style={visuallyHidden}>{t('charts.loading')}</span>
        </div>
      ) : props.empty ? (
        <NonIdealState icon="chart" description={props.emptyText ?? t('charts.empty')} />
      ) : (
        <>
          <div
            role={props.drawingRole ?? 'img'}
            aria-label={(props.drawingRole ?? 'img') === 'img' ? t('charts.imageLabel', { title: props.title }) : undefined}
            aria-labelledby={props.drawingRole === 'group' ? titleId : undefined}
            hidden={asTable}
            data-testid="chart-drawing"
          >
            {props.children}
          </div>
          {!asTable && props.footer}
          {asTable && <ChartTableView id={tableId} table={props.table} />}
        </>
      )}
    </figure>
  );
}

/** The table alternative: a real table, named by its caption, numbers right-aligned. */
export function ChartTableView({ table, id }: { table: ChartTable; id?: string }) {
  const numeric = table.columns.map((c) => c.kind !== 'text');
  return (
    <div style={{ overflowX: 'auto', maxHeight: 480, overflowY: 'auto' }}>
      <HTMLTable compact striped id={id} style={{ width: '100%' }} data-testid="chart-table">
        <caption style={visuallyHidden}>{table.caption}</caption>
        <thead>
          <tr>
            {table.columns.map((c, i) => (
              <th key={i} scope="col" style={numeric[i] ? { textAlign: 'right' } : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((v, i) =>
                i === 0 && !numeric[0] ? (
                  <th key={i} scope="row" style={{ fontWeight: 'normal' }}>
                    {formatCell(v, table.columns[i].kind)}
                  </th>
                ) : (
                  <td key={i} style={numeric[i] ? { textAlign: 'right' } : undefined}>
                    {formatCell(v, table.columns[i].kind)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
