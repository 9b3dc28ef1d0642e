import type { CountBase } from '@discovery/insights-kit/common';
import type { ComparisonMode } from './schema';

export interface AxisEntryDto {
  short_id: string;
  name: string;
  order: number;
}

/** 002 §3: a comparison (overlap chart) of the product in X-Context. */
export interface ComparisonDto {
  id: number;
  name: string;
  mode: ComparisonMode;
  /** This user's default chart in the product (SRV-107). */
  default: boolean;
  is_people_count: boolean;
  x_axis_name: string;
  y_axis_name: string;
  x_segments: AxisEntryDto[];
  y_segments: AxisEntryDto[];
  /** Segment ids the provider no longer has (OVL-053). */
  invalid_identifiers: string[];
  created_at: string;
  updated_at: string;
}

export interface ComparisonListDto {
  data: ComparisonDto[];
  /** SRV-107 / OVL-006: 0 = no default. */
  default_id: number;
}

/** SRV-105: one cell (002 §3 'cell display data'). */
export interface ComparisonCellDto {
  x: string;
  y: string;
  count: number;
  /** |X∩Y| / |X| × 100. */
  percent_value: number;
  index_value: number;
}

export interface ComparisonCountsDto {
  cells: ComparisonCellDto[];
  population: number;
  /** Per segment, in the region of X-Context (the cells' base). */
  segment_counts: Record<string, number>;
  /** Per segment, over the whole population (labels when is_people_count is off, OVL-025). */
  global_counts: Record<string, number>;
  /** Ours: a cell whose |X∩Y| is under this is flagged as a small base. */
  min_base: number;
  /** The people the cells and `segment_counts` are taken over (counting by chart id names it). */
  base?: CountBase;
}
