import { type InsightsLevel, type TabConfigName } from '@discovery/insights-kit/common';

/** `insight_tabs.owner_type` values (Region: the region demographic's survey tabs). */
export type OwnerType = 'Mekko' | 'Journey' | 'Persona' | 'Comparison' | 'Audience' | 'Region';

export interface WidgetAttributeDto {
  id: number;
  name: string;
  value: number | null;
  percent: number | null;
  position: number;
  segment_identifier: string | null;
}

export interface InsightWidgetDto {
  id: number;
  insight_tab_id: number;
  name: string;
  demographic_category: string;
  position: number;
  attributes: WidgetAttributeDto[];
}

export interface InsightTabDto {
  id: number;
  owner_type: OwnerType;
  owner_id: number;
  name: string;
  level: InsightsLevel;
  order: number;
  widgets: InsightWidgetDto[];
}

/** SRV-058 row. */
export interface AdminTabDto {
  tab_key: string;
  insights_context: string;
  excluded_regions: string[];
}

/** SRV-059 row. */
export interface TabConfigDto {
  name: TabConfigName;
  visible: boolean;
}

/** One audience's figures for one attribute segment. */
export interface ProfileValueDto {
  count: number;
  /** 0–1 of the audience. */
  share: number;
  /** 100 = the population's share. */
  index: number;
}

export interface ProfileRowDto {
  name: string;
  identifier: string;
  /** The segment's share of the population (0–1), null when it is no longer available. */
  population_share: number | null;
  /** One per audience, in the order asked; empty when the segment is no longer available. */
  values: ProfileValueDto[];
  /** The segment was deleted or expired at the provider (GROW-077: the widget lists it as invalid). */
  unavailable: boolean;
}

export interface ProfileWidgetDto {
  /** null for the built-in demographic widgets. */
  id: number | null;
  key: string;
  name: string;
  category: string;
  rows: ProfileRowDto[];
}

export interface ProfileTabDto {
  /** null for the built-in 'Demographics' tab (every demographic category of the taxonomy). */
  id: number | null;
  key: string;
  name: string;
  widgets: ProfileWidgetDto[];
}

/** Person Level for the audience(s) asked, against the population of the context's region. */
export interface ProfileDto {
  population: number;
  audiences: { name: string; size: number }[];
  tabs: ProfileTabDto[];
}
