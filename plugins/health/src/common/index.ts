import { createRouteRef } from '@discovery/plugin-api';

export const healthRoute = createRouteRef({ id: 'health.page', scope: 'global', path: 'health' });

/** SHELL-092, A-40: the services and their health paths, in the order the page lists them. */
export const HEALTH_SERVICES = [
  { key: 'apiGateway', path: '/api-gateway-health-check' },
  { key: 'auth', path: '/api/v1/auth/health' },
  { key: 'clients', path: '/api/v1/clients/health' },
  { key: 'insights', path: '/api/v1/insights/health' },
  { key: 'idAnalytics', path: '/api/v1/id/health' },
  { key: 'toolkit', path: '/api/v1/toolbox/health' },
  { key: 'plans', path: '/api/v1/plans/health' },
  { key: 'segments', path: '/api/v1/segments/health' },
] as const;

export type HealthServiceKey = (typeof HEALTH_SERVICES)[number]['key'];

/** SHELL-093: the row shows 'OK' only when the call answered data 'OK'; anything else is 'Error'. */
export function healthText(body: unknown): 'OK' | 'Error' {
  return typeof body === 'object' && body !== null && (body as { data?: unknown }).data === 'OK' ? 'OK' : 'Error';
}
