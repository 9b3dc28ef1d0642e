import { effectiveCompanyId } from '@discovery/plugin-api';
import { handle, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { audiencesEndpoints as E, type ActivationDto, type DisplayState } from '../common';

const RECENT_LIMIT = 50;

/**
 * SRV-040: recent AMS activations of a company in a hierarchy context. The company must be the
 * one the context acts for (product, else brand, else client) and the hierarchy the context's.
 */
export function registerAmsRoutes(router: FastifyInstance, core: ServerCore) {
  handle(router, E.amsRecent, async ({ query: q, context: ctx }) => {
    if (q.hierarchy && q.hierarchy !== ctx.slug) throw core.errors.forbidden(`The hierarchy '${q.hierarchy}' is not the current context.`);
    if (effectiveCompanyId(ctx) !== q.companyId) throw core.errors.forbidden(`Company ${q.companyId} is not the company of this context.`);
    const rows = await core.query<Record<string, unknown>>(
      `select activation_id, audience_id, audience_name, last_refresh, sent_date, end_date, display_state from ams_activations
       where company_id = $1 and hierarchy_path = $2 order by sent_date desc, id desc limit ${RECENT_LIMIT}`,
      [q.companyId, ctx.slug],
    );
    const ms = (v: unknown) => new Date(v as string).getTime();
    const data: ActivationDto[] = rows.map((r) => ({
      activationId: String(r.activation_id),
      audienceId: r.audience_id === null ? null : Number(r.audience_id),
      audienceName: String(r.audience_name),
      lastRefresh: ms(r.last_refresh),
      sentDate: ms(r.sent_date),
      endDate: ms(r.end_date),
      displayState: r.display_state as DisplayState,
    }));
    return data;
  });
}
