/**
 * The audiences plugin's shared rules: routes, permissions, the saved-audience and lookalike
 * schemas (run by the builder and by the server), rule helpers and the shapes the API returns.
 */
import { RulesSchema, type Rules } from '@discovery/insights-kit/common';
import { CONTROL_MESSAGE, createRouteRef, defineEndpoint, definePermission, hasControlCharacters, MAX_ID, typed } from '@discovery/plugin-api';
import { IdParams } from '@discovery/plugin-api/zod';
import * as z from 'zod';

export { audienceBuilderRoute, audienceDetailRoute, audiencesOverviewRoute } from '@discovery/insights-kit/common';

export const amsRoute = createRouteRef({ id: 'audiences.ams', scope: 'product', path: 'audiences/ams' });

export const audiencesPermissions = {
  read: definePermission('audiences', 'read'),
  create: definePermission('audiences', 'create'),
  update: definePermission('audiences', 'update'),
  destroy: definePermission('audiences', 'destroy'),
};
export const amsPermissions = { read: definePermission('ams_activation', 'read') };

export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 2000;

export const MESSAGES = {
  nameRequired: 'Name is required.',
  nameBlank: 'Value cannot be blank',
  nameTooLong: `Name must be ${NAME_MAX} characters or fewer.`,
  nameTaken: 'This name is already in use.',
  noSegments: 'Add at least one segment to include.',
  descriptionTooLong: `Description must be ${DESCRIPTION_MAX} characters or fewer.`,
} as const;

/** A name: required, not only spaces, trimmed, bounded. */
export const audienceName = z
  .string({ error: MESSAGES.nameRequired })
  .refine((v) => v.length > 0, MESSAGES.nameRequired)
  .refine((v) => v.length === 0 || v.trim().length > 0, MESSAGES.nameBlank)
  .refine((v) => !hasControlCharacters(v), `Name ${CONTROL_MESSAGE}.`)
  .transform((v) => v.trim())
  .pipe(z.string().max(NAME_MAX, MESSAGES.nameTooLong));

/** Every segment id a rule names, once each, in order. */
export function ruleIds(rules: Rules | undefined): string[] {
  const ids = [...(rules?.include?.and ?? []), ...(rules?.exclude?.and ?? [])].flatMap((g) => g.or);
  return [...new Set(ids)];
}

/** Drops empty OR groups (they constrain nothing) so a stored rule says only what it means. */
export function normalizeRules(rules: Rules): Rules {
  const clean = (groups?: { or: string[] }[]) => (groups ?? []).map((g) => ({ or: [...new Set(g.or)] })).filter((g) => g.or.length > 0);
  return { include: { and: clean(rules.include?.and) }, exclude: { and: clean(rules.exclude?.and) } };
}

/** SRV-119: the draft shape `{ name, description, rules: { include: { and: [ { or } ] }, exclude } }`. */
export const AudienceInput = z.object({
  name: audienceName,
  description: z
    .string()
    .max(DESCRIPTION_MAX, MESSAGES.descriptionTooLong)
    .refine((v) => !hasControlCharacters(v), `Description ${CONTROL_MESSAGE}.`)
    .default(''),
  rules: RulesSchema.transform(normalizeRules).refine((r) => (r.include?.and.length ?? 0) > 0, { message: MESSAGES.noSegments }),
  /** 'pve' = Optimized Audience (set_hierarchy pve_product_category). */
  audience_type: z.enum(['custom', 'pve']).default('custom'),
  referer: z.enum(['Explore', 'Grow', 'Overlap']).nullish(),
});
export type AudienceInput = z.input<typeof AudienceInput>;

export const AudienceBody = z.object({ audience: AudienceInput });
export const CountBody = z.object({ rules: RulesSchema });

export const LookalikeInput = z.object({
  name: audienceName,
  seed_audience_id: z
    .number({ error: 'Choose the seed audience.' })
    .int('Choose the seed audience.')
    .positive('Choose the seed audience.')
    .max(MAX_ID, 'Choose the seed audience.'),
});
export const LookalikeBody = z.object({ lookalike: LookalikeInput });
export const LookalikeUpdateBody = z.object({ lookalike: z.object({ name: audienceName }) });

export const HOME_ENTITIES_MAX = 10;

export interface PeopleCount {
  /** SHELL-107: the count a list shows (everyone in the population). */
  people: { global: number | null; region: number | null };
  matched: number | null;
  modeled: number | null;
}

export interface AudienceDto {
  id: number;
  type: 'audience';
  name: string;
  description: string;
  rules: Rules;
  audience_type: 'custom' | 'pve';
  source_identifier: string | null;
  referer: string | null;
  count: PeopleCount;
  created_at: string;
  updated_at: string;
  created_by: string | null;
}

/** EXP-037 (DESIGN): 'counting' until the engine has counted the lookalike, then 'counted'. */
export type LookalikeStatus = 'counting' | 'counted';

export interface LookalikeDto {
  id: number;
  type: 'lookalike';
  name: string;
  /** This lookalike's identifier and its seed audience's (002 §9). */
  identifier: string;
  seed_identifier: string;
  seed_audience_id: number;
  seed_name: string;
  /** EXP-037 (DESIGN): so a lookalike renders like an audience; a lookalike has no description of its own (null). */
  description: string | null;
  status: LookalikeStatus;
  audience_type: null;
  source_identifier: null;
  count: PeopleCount;
  created_at: string;
  updated_at: string;
  created_by: string | null;
}

/** SRV-039 row. */
export interface HomeEntityRow {
  id: number;
  name: string;
  type: 'audience' | 'lookalike';
  audience_type: string | null;
  count: { people: { global: number | null } };
  created_at: string;
  source_identifier: string | null;
}

export interface ProfileRowDto {
  identifier: string;
  name: string;
  category: string;
  count: number;
  share: number;
  index: number;
  /** The segment's share of the population (0–1): where index 100 lies. */
  population_share: number;
}

export interface ProfileDto {
  audience: number;
  population: number;
  rows: ProfileRowDto[];
}

/** 000 §4 / A-15: display states and their colours. */
export const DISPLAY_STATES = ['Complete', 'Draft', 'On Hold', 'In Progress', 'Finalizing', 'Canceled', 'Error'] as const;
export type DisplayState = (typeof DISPLAY_STATES)[number];
export const DISPLAY_STATE_COLOUR: Record<DisplayState, 'lime' | 'pineapple' | 'apple'> = {
  Complete: 'lime',
  Draft: 'pineapple',
  'On Hold': 'pineapple',
  'In Progress': 'pineapple',
  Finalizing: 'pineapple',
  Canceled: 'apple',
  Error: 'apple',
};

/** SRV-040 row. Dates are epoch milliseconds; endDate 0 (1970) means open-ended. */
export interface ActivationDto {
  activationId: string;
  audienceId: number | null;
  audienceName: string;
  lastRefresh: number;
  sentDate: number;
  endDate: number;
  displayState: DisplayState;
}

/** SHELL-112: the 1970 epoch end date reads '-'. */
export function isOpenEnded(endDate: number): boolean {
  return endDate === 0;
}

export function lookalikeIdentifier(id: number): string {
  return `lal-${id}`;
}
export function audienceIdentifier(id: number): string {
  return `aud-${id}`;
}

/** Version 1 of a lookalike: 002 §9's fields (id, identifier, seed_identifier) and EXP-037's DESIGN additions. */
export type LookalikeV1Dto = Pick<LookalikeDto, 'id' | 'identifier' | 'seed_identifier' | 'name' | 'description' | 'status' | 'count' | 'created_at'>;
export interface LookalikeOverviewDto {
  id: number;
  type: 'lookalike';
  attributes: { name: string; seed_name: string; identifier: string; count: { people: number | null }; created_at: string };
}

const product = (permission: (typeof audiencesPermissions)[keyof typeof audiencesPermissions]) => ({ permission, scope: 'product' }) as const;
const P = audiencesPermissions;

/** SRV-093/094: one set of lookalike endpoints per API version (the version is in the URL). */
function lookalikeEndpoints<T>(base: string) {
  return {
    list: defineEndpoint({ method: 'GET', path: base, access: product(P.read), response: typed<{ data: T[] }>() }),
    overview: defineEndpoint({ method: 'GET', path: `${base}/overview`, access: product(P.read), response: typed<{ data: LookalikeOverviewDto[] }>() }),
    create: defineEndpoint({ method: 'POST', path: base, access: product(P.create), body: LookalikeBody, response: typed<{ data: T }>() }),
    get: defineEndpoint({ method: 'GET', path: `${base}/:id`, access: product(P.read), params: IdParams, response: typed<{ data: T }>() }),
    update: defineEndpoint({
      method: 'PUT',
      path: `${base}/:id`,
      access: product(P.update),
      params: IdParams,
      body: LookalikeUpdateBody,
      response: typed<{ data: T }>(),
    }),
    remove: defineEndpoint({
      method: 'DELETE',
      path: `${base}/:id`,
      access: product(P.destroy),
      params: IdParams,
      response: typed<{ data: { message: string } }>(),
    }),
  };
}

export type LookalikeEndpoints<T> = ReturnType<typeof lookalikeEndpoints<T>>;

/** The audiences API under /api/v1/audiences (000 §7; SRV-039, 040, 093, 094, 119). */
export const audiencesEndpoints = {
  /** SRV-039: the newest audiences and lookalikes of the context, for the home page. */
  homeEntities: defineEndpoint({
    method: 'GET',
    path: '/api/v1/audiences/home_entities',
    access: product(P.read),
    query: z.object({ limit: z.coerce.number().int().min(1).max(HOME_ENTITIES_MAX).default(HOME_ENTITIES_MAX) }),
    response: typed<{ audiences: HomeEntityRow[]; lookalikes: HomeEntityRow[] }>(),
  }),
  /** SRV-040: recent AMS activations of the company the context acts for. */
  amsRecent: defineEndpoint({
    method: 'GET',
    path: '/api/v1/audiences/ams/activations/recent',
    access: { permission: amsPermissions.read, scope: 'product' },
    query: z.object({
      companyId: z.coerce
        .number({ error: 'companyId must be a number.' })
        .int('companyId must be a whole number.')
        .positive('companyId must be a positive integer.')
        .max(2_147_483_647, 'companyId is out of range.'),
      hierarchy: z.string().trim().min(1).max(400).optional(),
    }),
    response: typed<ActivationDto[]>(),
  }),
  list: defineEndpoint({ method: 'GET', path: '/api/v1/audiences', access: product(P.read), response: typed<{ data: AudienceDto[] }>() }),
  /** The builder's live count: matched and modeled, in the region and in the whole population. */
  count: defineEndpoint({
    method: 'POST',
    path: '/api/v1/audiences/count',
    access: product(P.read),
    body: CountBody,
    response: typed<{ data: PeopleCount }>(),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/audiences',
    access: product(P.create),
    body: AudienceBody,
    response: typed<{ data: AudienceDto }>(),
  }),
  get: defineEndpoint({ method: 'GET', path: '/api/v1/audiences/:id', access: product(P.read), params: IdParams, response: typed<{ data: AudienceDto }>() }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/audiences/:id',
    access: product(P.update),
    params: IdParams,
    body: AudienceBody,
    response: typed<{ data: AudienceDto }>(),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/audiences/:id',
    access: product(P.destroy),
    params: IdParams,
    response: typed<{ data: { message: string } }>(),
  }),
  /** Insight profile: the audience's share of each demographic segment against the population's. */
  profile: defineEndpoint({
    method: 'GET',
    path: '/api/v1/audiences/:id/profile',
    access: product(P.read),
    params: IdParams,
    response: typed<{ data: ProfileDto }>(),
  }),
  lookalikesV1: lookalikeEndpoints<LookalikeV1Dto>('/api/v1/audiences/lookalikes'),
  lookalikes: lookalikeEndpoints<LookalikeDto>('/api/v1/audiences/v2/lookalikes'),
};
export * from './sharing';
