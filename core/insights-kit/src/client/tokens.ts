import { createToken, type SessionSnapshot } from '@discovery/plugin-api';
import type { ComponentType } from 'react';
import type { AudienceDraft, BuilderReferer, InsightsContext, InsightsLevel, InsightsOwnerKind } from '../common';
import type { ShellModalsStore } from './ShellModalsStore';

/** The zero-count and audience-details modals any chart screen opens (drawn by the kit over the shell). */
export const ShellModalsToken = createToken<ShellModalsStore>('insights-kit:ShellModals');

/** One audience the Insights panel profiles (Person Level); several side by side in compare mode (GROW-083). */
export interface InsightsAudience {
  /** Stable within the screen (a sub-market id, a cell key): React keys and colours follow it. */
  key: string;
  name: string;
  rules: AudienceDraft['rules'];
}

/** What a screen tells the Insights panel it places beside its chart. */
export interface InsightsPanelProps {
  context: InsightsContext;
  /**
   * The screen's kind, and the chart, journey, persona, comparison or audience whose custom tabs
   * the panel shows and edits (no id: the built-in tabs only, e.g. a lookalike).
   */
  owner: { kind: InsightsOwnerKind; id?: number | null };
  /** The selected audience(s); Person Level profiles them against the population. */
  audiences: readonly InsightsAudience[];
  /** The top-level tab, when the screen drives it (GROW-014, JRN-008); otherwise the panel keeps its own. */
  level?: InsightsLevel;
  onLevelChange?: (level: InsightsLevel) => void;
  /** Where the server's tab configuration (SRV-059) applies: Grow's Mekko, a Journey. */
  tabsConfig?: { resourceType: 'Mekko' | 'Journey'; resourceId: number };
  /** Matched (default) or modeled memberships for Person Level. */
  membership?: 'matched' | 'modeled';
  /** 'Convert to Audience' (EXP-013..015), where the screen allows it; the panel hides it on Market Level. */
  convert?: { referer: BuilderReferer; returnUrl: string; name: string; disabledReason?: string | null };
}

/**
 * Extension point: the insights plugin provides the one Insights panel that Grow, Journeys,
 * Overlap, Explore and the audience detail place beside their charts (as the notification center
 * is provided). Without the plugin in the build, `useOptionalService` gives null.
 */
export interface InsightsPanelProvider {
  readonly Panel: ComponentType<InsightsPanelProps>;
}
export const InsightsPanelToken = createToken<InsightsPanelProvider>('insights-kit:InsightsPanel');
/** What a screen hands over to have an index report built (SRV-045): the audience it profiles. */
export interface IndexReportRequest {
  /** The report's name; the notification center shows `uiName` when given. */
  name: string;
  uiName?: string;
  rules: { include?: { and: { or: string[] }[] }; exclude?: { and: { or: string[] }[] } };
  personaId?: number;
  /** The index report drawer's choices (EXP-024); the defaults are 'standard' and no skews. */
  layoutType?: string;
  allowDatasetSkew?: boolean;
  allowUnknownRateSkew?: boolean;
}

/**
 * Extension point: index reports, requested from any insight screen (the audience detail first)
 * and delivered through the notification center. The notifications plugin provides it; a build
 * without one offers no request.
 */
export interface IndexReports {
  /** index_report.create in this session. */
  canRequest(session: SessionSnapshot): boolean;
  /** Queues the report; the notification center lists it at once, in progress. */
  request(r: IndexReportRequest): Promise<void>;
}
export const IndexReportsToken = createToken<IndexReports>('insights-kit:IndexReports');
