import { adminEndpoints as E, browserMonitoringEnabled } from '@discovery/plugin-api';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { handle } from '../endpoints';
import { errors } from '../errors';
import type { ServerMetrics } from '../metrics';

export function registerMonitoringRoutes(app: FastifyInstance, { config, metrics }: { config: AppConfig; metrics: ServerMetrics }): void {
  handle(app, E.metrics, async (_in, _req, reply) => reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()));

  // SHELL-119..121: forwarded to the server's log with the signed-in user attached (roles only here).
  handle(app, E.clientErrors, async ({ body, auth }, req, reply) => {
    if (!browserMonitoringEnabled(config)) throw errors.notFound('Browser monitoring is not configured.');
    const u = auth.realUser;
    const user = {
      id: u.id,
      email: u.email,
      lion_login: u.lion_login,
      okta_login: u.okta_login,
      first_name: u.first_name,
      last_name: u.last_name,
      roles: u.roles,
      role_ids: u.role_ids,
    };
    for (const e of body.errors) {
      metrics.clientErrors.inc({ kind: e.kind });
      req.log.warn({ service: 'discovery-ui', client_error: e, user, viewing_as: auth.impersonating ? auth.user.id : null }, `browser ${e.kind} error`);
    }
    return reply.code(204).send();
  });
}
