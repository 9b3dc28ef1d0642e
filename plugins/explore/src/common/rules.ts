/**
 * The Explore screen's rules as pure functions (002 §2.2, §4, §8): the persona's rule, which
 * actions the dropdown offers and why one is disabled, the invalid-persona text, the motivation
 * list's people cell.
 */
import { filterGroups, usedInInsightsRefusal, type Filter, type Rules } from '@discovery/insights-kit/common';
import type { MotivationDto, PersonaDto, PersonaSegmentDto } from './dto';

/** A persona's rule: its segments grouped by category (one OR group each, AND between them), like the filter bar. */
export function personaRules(segments: readonly PersonaSegmentDto[]): Rules {
  if (!segments.length) return {};
  return { include: { and: filterGroups(segments).map((or) => ({ or })) } };
}

/** The persona within the filter bar's filters: the persona's groups, then the filters' groups. */
export function personaWithFilters(p: Pick<PersonaDto, 'segments'>, filters: readonly Filter[]): Rules {
  const groups = [...filterGroups(p.segments), ...filterGroups(filters)];
  return groups.length ? { include: { and: groups.map((or) => ({ or })) } } : {};
}

/** What the screen knows when it decides the persona actions (EXP-009..016). */
export interface ActionFacts {
  persona: Pick<PersonaDto, 'is_all_data' | 'deletedSegmentIds'> | null;
  /** The filter bar holds a filter the provider no longer has. */
  invalidFilters: boolean;
  can: (resource: string, action: 'create' | 'read' | 'update' | 'destroy') => boolean;
  /** The client's 'lite' flag (EXP-025). */
  lite: boolean;
  isTier3: boolean;
  /** The index reports service is in the build and the user has index_report.create. */
  canIndexReport: boolean;
  /** The persona's segments may each be made into an audience (create_audience_single). */
  segmentsAllowAudience: boolean;
}

export type ActionKey = 'create' | 'edit' | 'copy' | 'delete' | 'indexReport' | 'convert' | 'motivation';
/** An action: hidden, or shown with the reason it is disabled (null = enabled). */
export type ActionState = { shown: false } | { shown: true; reason: string | null };

export const ACTION_REASONS = {
  invalid: 'invalid',
  allData: 'allData',
  permission: 'permission',
  lite: 'lite',
  nonSegments: 'nonSegments',
} as const;
export type ActionReason = (typeof ACTION_REASONS)[keyof typeof ACTION_REASONS];

/**
 * EXP-003 / EXP-009..016: per action, hidden without its permission (create, edit, copy, delete)
 * or offered with the reason it is disabled (a key the screen translates):
 * - create and edit: disabled while identifiers or filters are invalid (EXP-010); edit, copy and
 *   delete never on the all-data persona (EXP-009);
 * - copy: all-data or invalid identifiers (EXP-011);
 * - index report: all-data, invalid, lite clients, no index_report.create (EXP-012, EXP-025);
 * - convert: all-data, non-segments, no audiences.create or create_audience_single (EXP-013);
 *   not in tier 3, where 'Request Motivation Audience' stands instead (EXP-016).
 */
export function personaActions(f: ActionFacts): Record<ActionKey, ActionState> {
  const p = f.persona;
  const invalidIds = (p?.deletedSegmentIds.length ?? 0) > 0;
  const allData = !!p?.is_all_data;
  const shown = (reason: ActionReason | null): ActionState => ({ shown: true, reason });
  const hidden: ActionState = { shown: false };
  const first = (...rs: (ActionReason | false)[]) => rs.find((r): r is ActionReason => !!r) ?? null;
  return {
    create: f.can('explore', 'create') ? shown(first((invalidIds || f.invalidFilters) && 'invalid')) : hidden,
    edit: p && f.can('explore', 'update') ? shown(first(allData && 'allData', (invalidIds || f.invalidFilters) && 'invalid')) : hidden,
    copy: p && f.can('explore', 'create') ? shown(first(allData && 'allData', invalidIds && 'invalid')) : hidden,
    delete: p && f.can('explore', 'destroy') ? shown(first(allData && 'allData')) : hidden,
    indexReport: p ? shown(first(allData && 'allData', invalidIds && 'invalid', f.lite && 'lite', !f.canIndexReport && 'permission')) : hidden,
    convert:
      p && !f.isTier3
        ? shown(first(allData && 'allData', invalidIds && 'invalid', !f.segmentsAllowAudience && 'nonSegments', !f.can('audiences', 'create') && 'permission'))
        : hidden,
    motivation:
      p && f.isTier3 ? shown(first(allData && 'allData', invalidIds && 'invalid', !f.can('request_motivation_audiences', 'create') && 'permission')) : hidden,
  };
}

/** EXP-020 (DESIGN text): '{persona name} has {N} segment(s) no longer available from the provider and cannot be selected.' */
export function invalidPersonaMessage(name: string, n: number): string {
  return `${name} has ${n} segment(s) no longer available from the provider and cannot be selected.`;
}

/** EXP-021: the custom-widget modal's text (002 §8's invalid audiences message with the persona's name). */
export function invalidWidgetsMessage(name: string): string {
  return `${name} or an associated custom widget contains Audience(s) with segments no longer available from the provider. The chart cannot be selected in this state.`;
}

/** EXP-020: the builder opens with the missing segments removed. */
export function withoutDeleted(p: Pick<PersonaDto, 'identifiers' | 'deletedSegmentIds'>): string[] {
  const gone = new Set(p.deletedSegmentIds);
  return p.identifiers.filter((id) => !gone.has(id));
}

/** EXP-028 / EXP-029: the people cell: null while pending or processing, the count when completed, 'failed' with the message. */
export function motivationPeople(m: MotivationDto): { kind: 'pending' } | { kind: 'count'; people: number } | { kind: 'failed'; message: string } {
  const a = m.attributes;
  if (a.job_status === 'failed') return { kind: 'failed', message: a.message ?? '' };
  if (a.job_status === 'completed' && a.count.people !== null) return { kind: 'count', people: a.count.people };
  return { kind: 'pending' };
}

/** EXP-033: a 405 whose message names insights goes to the separate modal; anything else is 'Error: <text>'. */
export const motivationDeleteError = usedInInsightsRefusal;
