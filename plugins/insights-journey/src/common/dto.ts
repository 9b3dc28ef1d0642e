import type { StageIcon } from './constants';

export interface JourneyBrandDto {
  id: number;
  name: string;
  /** JRN-044: 0..n; JRN-015: the colour follows it. */
  order: number;
}

export interface JourneyStageDto {
  id: number;
  name: string;
  /** JRN-044: 0..n, left to right. */
  priority: number;
  icon: StageIcon;
}

/** 001 §3: one cell per brand × stage. */
export interface JourneySubMarketDto {
  id: number;
  journey_brand_id: number;
  journey_stage_id: number;
  population: number;
  matched_id: string | null;
  modeled_id: string | null;
  discussion_cluster_node_id: number | null;
}

/** SRV-084: one journey of the product's list; `default` is the product's pointer (SRV-088). */
export interface JourneySummaryDto {
  id: number;
  name: string;
  default: boolean;
  has_transition_data: boolean;
  /** JRN-024 / JRN-026: it maps segments the provider no longer has (it cannot be selected or copied). */
  invalid: boolean;
}

/** SRV-084: a journey with its brands (by order), stages (by priority) and cells. */
export interface JourneyDto extends Omit<JourneySummaryDto, 'invalid'> {
  brands: JourneyBrandDto[];
  stages: JourneyStageDto[];
  sub_markets: JourneySubMarketDto[];
  /** JRN-024: the cells' segment ids the provider no longer has (empty when it is valid). */
  invalid_identifiers: string[];
  updated_at: string;
}

/** SRV-085 / SRV-086: a save's and a duplicate's answer (001 §7: read for journey.id). */
export interface JourneySavedDto {
  journey: { id: number };
}

/** A cell's people, within the filter and the X-Context's region; `*_deduped` are JRN-017's (none in a later stage of the brand). */
export interface JourneyCellCountsDto {
  journey_brand_id: number;
  journey_stage_id: number;
  matched: number;
  modeled: number;
  matched_deduped: number;
  modeled_deduped: number;
}

/** A brand's people in any of its stages (the sum of its deduplicated stages; JRN-018's total). */
export interface JourneyBrandCountsDto {
  journey_brand_id: number;
  matched: number;
  modeled: number;
}

export interface JourneyCountsDto {
  cells: JourneyCellCountsDto[];
  brands: JourneyBrandCountsDto[];
  /** The population region counted ('client/region'), or null for the whole population. */
  region: string | null;
}
