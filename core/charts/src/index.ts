/**
 * @discovery/charts: every chart the product draws. Plotly loads in its own chunk on the first
 * chart a page shows (`plotly/loadPlotly.ts`); these components and the pure geometry below do
 * not import it.
 */
export { ChartFrame, ChartTableView, visuallyHidden, type ChartFrameProps } from './ChartFrame';
export { Mekko, TagLegend, type MekkoProps, type MekkoSelection } from './Mekko';
export { StackedColumns, type StackedColumnsProps } from './StackedColumns';
export { HeatGrid, type HeatGridProps } from './HeatGrid';
export { Gauge, type GaugeProps } from './Gauge';
export { IndexBars, type IndexBarsProps } from './IndexBars';
export { SmallBaseLegend } from './SmallBaseLegend';
export { LineChart, type LineChartProps } from './LineChart';
export { RENDER_MEASURE, RESIZE_DEBOUNCE_MS } from './plotly/PlotlyChart';
export { loadPlotly } from './plotly/loadPlotly';
export * from './mekkoLayout';
export * from './stackedLayout';
export * from './heatLayout';
export * from './gaugeLayout';
export * from './indexLayout';
export * from './lineLayout';
export * from './palette';
export {
  cellValue,
  exportRows,
  fileBaseName,
  formatCell,
  neutraliseFormula,
  sheetName,
  toCsv,
  toXlsx,
  type Cell,
  type CellKind,
  type ChartTable,
  type TableColumn,
} from './table';
export { exportChart, svgToPng, type ExportFormat, type PngSource } from './export';
