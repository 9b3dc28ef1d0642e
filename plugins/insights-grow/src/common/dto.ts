import type { CountType, SubMarketTag } from './schema';

/** SRV-068: one chart of the product's list. `default` is derived from the product's pointer. */
export interface MekkoSummaryDto {
  id: number;
  name: string;
  default: boolean;
  count_type: CountType;
  vertical_type: string | null;
  measurement_label: string;
}

export interface SubMarketDto {
  id: number;
  market_id: number;
  name: string;
  tag: SubMarketTag;
  population: number;
  matched_short_id: string | null;
  modeled_short_id: string | null;
  webo_cluster_id: string | null;
  discussion_cluster_node_id: number | null;
  order: number;
  /** GROW-073 / SRV-077: a prediction model uses this audience (editing it deletes the model). */
  in_prediction_model: boolean;
}

export interface MarketDto {
  id: number;
  mekko_id: number;
  name: string;
  order: number;
  sub_markets: SubMarketDto[];
}

/** SRV-069: a chart with its markets and their audiences, each ordered by `order`. */
export interface MekkoDto extends MekkoSummaryDto {
  markets: MarketDto[];
}

/** SRV-079: the chart's references to segments the provider no longer has (the kit's shape for every saved chart). */
export type { InvalidIdentifiersDto } from '@discovery/insights-kit/common';

/** SRV-080: the region's TV-panelist settings (GROW-028/029). */
export interface TvSettingsDto {
  minimum: number;
  maximum: number;
  n_pids: number;
  constant: number;
}

export interface VerticalDto {
  vertical_type: string;
  display_name: string;
}
