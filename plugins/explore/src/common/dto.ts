import type { Rules } from '@discovery/insights-kit/common';

/** A persona's segment as kept with it: the name and category at save time (a deleted segment keeps its name). */
export interface PersonaSegmentDto {
  short_id: string;
  name: string;
  /** The taxonomy category: segments of one category are alternatives (the kit's filter meaning). */
  group: string;
}

/** EXP-008 / 002 §3: a persona of the product in X-Context. */
export interface PersonaDto {
  id: number;
  name: string;
  identifiers: string[];
  segments: PersonaSegmentDto[];
  /** The rule the persona stands for (include: one OR group per category). Empty for the all-data persona. */
  rules: Rules;
  is_all_data: boolean;
  /** The product's default persona (the all-data one when no other is marked). */
  default: boolean;
  /** Whether the product has a default persona marked. */
  hasDefault: boolean;
  /** Identifiers the provider no longer has (EXP-020). */
  deletedSegmentIds: string[];
  /** The server checked deletedSegmentIds with the count engine. */
  deletedSegmentsChecked: boolean;
  created_at: string;
  updated_at: string;
}

export interface PersonaListDto {
  data: PersonaDto[];
  default_id: number;
}

/** What other plugins keep for the persona with unavailable segments (EXP-021: custom widgets). */
export interface PersonaInvalidDto {
  deletedSegmentIds: string[];
  tabs: string[];
  widgets: string[];
}

/** EXP-028 / EXP-029: the job's status as the list shows it. */
export type MotivationJobStatus = 'pending' | 'processing' | 'completed' | 'failed';

/** SRV-096: a motivation audience in the overview list (JSON:API-like `attributes`). */
export interface MotivationDto {
  id: number;
  type: 'motivation_audience';
  attributes: {
    name: string;
    persona_id: number | null;
    persona_name: string | null;
    use_cases: string[];
    job_status: MotivationJobStatus;
    /** null while pending or processing (EXP-028). */
    count: { people: number | null };
    /** The server's message when failed (EXP-029). */
    message: string | null;
    created_at: string;
  };
}
