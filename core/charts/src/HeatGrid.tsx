import { Classes } from '@blueprintjs/core';
import { useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartFrame } from './ChartFrame';
import { canvasToPng, type PngSource } from './export';
import { FONT_FAMILY } from './layout';
import { cellKey, heatTable, type HeatAxisItem, type HeatCell } from './heatLayout';
import { heatColour, heatTextColour, SMALL_BASE_COLOUR, SMALL_BASE_MARK } from './palette';
import type { CellKind } from './table';

export interface HeatGridProps {
  title: string;
  x: readonly HeatAxisItem[];
  y: readonly HeatAxisItem[];
  /** cells[y][x] */
  cells: readonly (readonly HeatCell[])[] | null;
  /** What the values are, for the table and files ('percent', 'index', 'count'). */
  valueKind: CellKind;
  /** The table's first column header (the y axis' name). */
  cornerLabel: string;
  /** The small-base threshold the cells' `warning` was computed with: the table and files name each row's small-base cells (issue 27 §2). */
  smallBase?: number;
  loading?: boolean;
  /** Focused cells by `cellKey(x, y)` (OVL-011: focused cells drive the insights). */
  focused?: ReadonlySet<string>;
  onToggle?: (x: string, y: string) => void;
  /** Extra content of an axis label (e.g. the zero-count warning, OVL-018). */
  renderLabel?: (item: HeatAxisItem, axis: 'x' | 'y') => ReactNode;
  /** A click on a row or column label (OVL-027: focus the whole line); labels become buttons. */
  onLabelClick?: (item: HeatAxisItem, axis: 'x' | 'y') => void;
  cellSize?: { width: number; height: number };
  /** The screen's own workbook for the Export menu's .xlsx (see ChartFrame). */
  exportXlsx?: () => Promise<void>;
  testId?: string;
}

const LABEL_WIDTH = 160;
/** A dimmed cell: #404854 on #f6f7f9 is 9.4:1; the dashed outline keeps it a cell. */
const DIMMED_BACKGROUND = '#f6f7f9';
const DIMMED_TEXT = '#404854';
const DIMMED_BORDER = '#8f99a8';
/** One empty list for every render without data (a new [] would recompute the memos each time). */
const NO_CELLS: readonly (readonly HeatCell[])[] = [];

/**
 * X × Y cells coloured by value on one hue (OVL-014/015), with row and column labels and focus.
 * An HTML grid: every cell is a button (focusable, Enter/Space toggle, aria-pressed), which a
 * Plotly heatmap cannot give, and the heatmap trace would cost ~100 KB gzipped more.
 */
export function HeatGrid(props: HeatGridProps) {
  const png = useRef<PngSource | null>(null);
  const cells = props.cells ?? NO_CELLS;
  const size = props.cellSize ?? { width: 96, height: 48 };
  const { t } = useTranslation();
  const smallBaseLabel = props.smallBase === undefined ? undefined : t('charts.smallBase.column', { count: props.smallBase });
  const table = useMemo(
    () => heatTable(props.title, props.x, props.y, cells, props.valueKind, props.cornerLabel, smallBaseLabel),
    [props.title, props.x, props.y, cells, props.valueKind, props.cornerLabel, smallBaseLabel],
  );
  png.current = () => drawHeatGrid(props.x, props.y, cells, size);

  return (
    <ChartFrame
      title={props.title}
      table={table}
      png={png}
      drawingRole="group"
      exportXlsx={props.exportXlsx}
      loading={props.loading || props.cells === null}
      empty={props.x.length === 0 || props.y.length === 0}
      testId={props.testId}
    >
      <div style={{ overflowX: 'auto' }}>
        <div style={{ display: 'grid', gridTemplateColumns: `${LABEL_WIDTH}px repeat(${props.x.length}, ${size.width}px)`, gap: 2, alignItems: 'stretch' }}>
          <span />
          {props.x.map((c) => (
            <div key={c.key} style={{ padding: 4, fontSize: 12, textAlign: 'center', overflowWrap: 'anywhere' }} data-testid={`heat-x-${c.key}`}>
              <AxisLabel item={c} axis="x" onClick={props.onLabelClick} />
              {props.renderLabel?.(c, 'x')}
            </div>
          ))}
          {props.y.map((r, yi) => (
            <Row key={r.key} r={r} yi={yi} {...props} cells={cells} size={size} />
          ))}
        </div>
      </div>
    </ChartFrame>
  );
}

function Row({
  r,
  yi,
  x,
  cells,
  size,
  focused,
  onToggle,
  renderLabel,
  onLabelClick,
}: HeatGridProps & { r: HeatAxisItem; yi: number; cells: readonly (readonly HeatCell[])[]; size: { width: number; height: number } }) {
  return (
    <>
      <div style={{ padding: 4, fontSize: 12, display: 'flex', flexDirection: 'column', justifyContent: 'center' }} data-testid={`heat-y-${r.key}`}>
        <AxisLabel item={r} axis="y" onClick={onLabelClick} />
        {renderLabel?.(r, 'y')}
      </div>
      {x.map((c, xi) => {
        const cell = cells[yi]?.[xi] ?? { value: null, intensity: 0, text: '' };
        const key = cellKey(c.key, r.key);
        const on = focused?.has(key) ?? false;
        const dimmed = !!focused && focused.size > 0 && !on;
        return (
          <button
            key={key}
            type="button"
            aria-pressed={on}
            aria-label={`${r.label} × ${c.label}: ${cell.text}${cell.hint ? `. ${cell.hint}` : ''}`}
            title={cell.hint}
            onClick={() => onToggle?.(c.key, r.key)}
            data-testid={`heat-cell-${key}`}
            style={{
              height: size.height,
              border: on ? '2px solid #1c2127' : '2px solid transparent',
              borderRadius: 2,
              // Issue 27 §5: a dimmed cell (another is focused) is pale with dark text, never a faded one (contrast).
              background: dimmed ? DIMMED_BACKGROUND : heatColour(cell.intensity),
              color: dimmed ? DIMMED_TEXT : heatTextColour(cell.intensity),
              outline: dimmed ? `1px dashed ${DIMMED_BORDER}` : undefined,
              outlineOffset: -3,
              font: `12px ${FONT_FAMILY}`,
              cursor: onToggle ? 'pointer' : 'default',
              padding: 2,
              boxShadow: cell.warning ? `inset 6px 6px 0 -3px ${SMALL_BASE_COLOUR}` : undefined,
            }}
          >
            {cell.text}
            {cell.warning && (
              <span aria-hidden="true" data-testid="small-base-mark">
                {SMALL_BASE_MARK}
              </span>
            )}
          </button>
        );
      })}
    </>
  );
}

/** A row or column label: name and detail; a button when the chart focuses whole lines. */
function AxisLabel({ item, axis, onClick }: { item: HeatAxisItem; axis: 'x' | 'y'; onClick?: (item: HeatAxisItem, axis: 'x' | 'y') => void }) {
  const body = (
    <>
      <div style={{ fontWeight: 600 }}>{item.label}</div>
      {item.detail && <div className={Classes.TEXT_MUTED}>{item.detail}</div>}
    </>
  );
  if (!onClick) return body;
  return (
    <button
      type="button"
      onClick={() => onClick(item, axis)}
      data-testid={`heat-label-${axis}-${item.key}`}
      style={{
        background: 'none',
        border: 0,
        padding: 0,
        font: 'inherit',
        color: 'inherit',
        width: '100%',
        cursor: 'pointer',
        display: 'block',
        textAlign: axis === 'x' ? 'center' : 'left',
      }}
    >
      {body}
    </button>
  );
}

/** The grid drawn on a canvas from its data (an HTML grid has no picture of its own). */
function drawHeatGrid(
  x: readonly HeatAxisItem[],
  y: readonly HeatAxisItem[],
  cells: readonly (readonly HeatCell[])[],
  size: { width: number; height: number },
): Promise<Blob> {
  const w = LABEL_WIDTH + x.length * (size.width + 2) + 8;
  const h = 40 + y.length * (size.height + 2) + 8;
  return canvasToPng(w, h, (ctx) => {
    ctx.font = `600 12px ${FONT_FAMILY}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    x.forEach((c, i) => {
      ctx.fillStyle = '#1c2127';
      ctx.fillText(c.label, LABEL_WIDTH + i * (size.width + 2) + size.width / 2, 20, size.width);
    });
    y.forEach((r, yi) => {
      const top = 40 + yi * (size.height + 2);
      ctx.textAlign = 'left';
      ctx.fillStyle = '#1c2127';
      ctx.font = `600 12px ${FONT_FAMILY}`;
      ctx.fillText(r.label, 4, top + size.height / 2, LABEL_WIDTH - 8);
      ctx.textAlign = 'center';
      ctx.font = `12px ${FONT_FAMILY}`;
      x.forEach((_, xi) => {
        const cell = cells[yi]?.[xi] ?? { value: null, intensity: 0, text: '' };
        const left = LABEL_WIDTH + xi * (size.width + 2);
        ctx.fillStyle = heatColour(cell.intensity);
        ctx.fillRect(left, top, size.width, size.height);
        ctx.fillStyle = heatTextColour(cell.intensity);
        ctx.fillText(cell.warning ? `${cell.text}${SMALL_BASE_MARK}` : cell.text, left + size.width / 2, top + size.height / 2, size.width - 4);
      });
    });
  });
}
