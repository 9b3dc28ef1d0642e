import { createRouteRef, type HierarchySelection } from '@discovery/plugin-api';

/**
 * Pages the shell links to but a plugin owns (SHELL-022): the audiences plugin binds its pages to
 * these refs, so the shell never writes their paths by hand.
 */
export const audienceDetailRoute = createRouteRef({ id: 'audiences.detail', scope: 'product', path: 'audiences/overview/:type/:id' });
export const audiencesOverviewRoute = createRouteRef({ id: 'audiences.overview', scope: 'product', path: 'audiences/overview' });
export const audienceBuilderRoute = createRouteRef({ id: 'audiences.builder', scope: 'product', path: 'audiences/builder' });

/** SHELL-023: the builder's query values; producers (Grow, Overlap, Explore) use exactly these. */
export const BUILDER_ACTIONS = ['create', 'edit', 'savePersona', 'requestMotivationAudience'] as const;
export const BUILDER_REFERERS = ['Explore', 'Grow', 'Overlap'] as const;
export const BUILDER_SET_HIERARCHY = ['nlrr', 'pve_product_category'] as const;
export type BuilderAction = (typeof BUILDER_ACTIONS)[number];
export type BuilderReferer = (typeof BUILDER_REFERERS)[number];

/** SRV-119: what a feature hands the builder when it saves an audience. */
export interface AudienceDraft {
  name: string;
  description?: string;
  rules: { include?: { and: { or: string[] }[] }; exclude?: { and: { or: string[] }[] } };
}

/** The router location state key a draft travels in (it survives a reload of the builder). */
export const AUDIENCE_DRAFT_STATE = 'audienceDraft';

export interface BuilderLinkOptions {
  action?: BuilderAction;
  referer?: BuilderReferer;
  /** Where Save and Cancel return to: a path inside the product context, e.g. 'insights/overlap/12'. */
  returnUrl?: string;
  setHierarchy?: (typeof BUILDER_SET_HIERARCHY)[number];
  /** The audience to edit (action 'edit'). */
  id?: number | string;
}

/** The builder's SHELL-023 query parameters, in order. */
export function audienceBuilderSearch(opts: BuilderLinkOptions = {}): Record<string, string> {
  const q: Record<string, string> = { action: opts.action ?? 'create' };
  if (opts.id !== undefined) q.id = String(opts.id);
  if (opts.referer) q.referer = opts.referer;
  if (opts.returnUrl) q.returnUrl = opts.returnUrl;
  if (opts.setHierarchy) q.set_hierarchy = opts.setHierarchy;
  return q;
}

/** The builder's URL with the SHELL-023 query parameters. */
export function audienceBuilderLink(selection: HierarchySelection, opts: BuilderLinkOptions = {}): string {
  return `${audienceBuilderRoute.link(selection)}?${new URLSearchParams(audienceBuilderSearch(opts)).toString()}`;
}

/**
 * EXP-033 / EXP-036 (002 §8): a delete of a motivation or lookalike refused with HTTP 405 whose
 * message names insights goes to its own handler; any other failure is 'Error: <server text>'.
 */
export function usedInInsightsRefusal(status: number | undefined, message: string): { kind: 'inInsights' } | { kind: 'error'; text: string } {
  if (status === 405 && /insights/i.test(message)) return { kind: 'inInsights' };
  return { kind: 'error', text: `Error: ${message}` };
}
