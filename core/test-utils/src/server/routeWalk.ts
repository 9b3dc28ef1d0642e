import { describeAccess } from '@discovery/plugin-api';
import type { RouteRecord } from '@discovery/server';
import { apiRoutes, fillPath, neutralParam, productContexts } from './routes';
import type { TestServer, TestSession } from './index';

export interface WalkFinding {
  route: string;
  access: string;
  check: 'signed out' | 'without the permission' | 'outside the grants';
  expected: number;
  got: number;
  message?: string;
}

export interface WalkResult {
  /** Routes walked, and how many requests each check sent. */
  routes: number;
  requests: number;
  findings: WalkFinding[];
}

/**
 * The route walk (issue 12 §1): for every route of the server's own table, proves that
 * - signed out gives 401 (unless the route is public),
 * - a signed-in user without the route's permission gives 403,
 * - a context outside the user's grants gives 403 (a user holding every permission, granted one
 *   client, calling with another client's product as X-Context).
 * It returns the findings instead of throwing, so a failing test lists every route at fault.
 */
export async function walkRoutes(t: TestServer): Promise<WalkResult> {
  const contexts = await productContexts(t.core);
  const [inside, outside] = [...contexts.keys()];
  if (!inside || !outside) throw new Error('the route walk needs two clients with products in the demo hierarchy');
  const nobody = await t.createUser({ email: 'walk-nobody@example.com', grants: ['*'], allow: false });
  const confined = await t.createUser({ email: 'walk-confined@example.com', grants: [inside], allow: true });
  const findings: WalkFinding[] = [];
  let requests = 0;

  const send = async (r: RouteRecord, session: TestSession | null, context: string) => {
    requests++;
    const path = fillPath(r.url, (n) => neutralParam(r, n));
    const headers: Record<string, string> = session ? session.headers({ 'X-Context': context }) : { 'X-Context': context };
    const hasBody = r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH';
    if (hasBody) headers['content-type'] = 'application/json';
    const res = await fetch(`${t.url}${path}`, { method: r.method, headers, body: hasBody ? '{}' : undefined, redirect: 'manual' });
    const text = await res.text();
    let message: string | undefined;
    try {
      message = (JSON.parse(text) as { error?: { message?: string } }).error?.message;
    } catch {
      message = text.slice(0, 120);
    }
    return { status: res.status, message };
  };

  const routes = apiRoutes(t.server.routes);
  for (const r of routes) {
    const name = `${r.method} ${r.url}${r.plugin ? ` (plugin '${r.plugin}')` : ''}`;
    const access = describeAccess(r.access);
    if (r.access.permission === 'public') continue;
    const insideCtx = contexts.get(inside)!;

    const anon = await send(r, null, insideCtx);
    if (anon.status !== 401) findings.push({ route: name, access, check: 'signed out', expected: 401, got: anon.status, message: anon.message });

    if (typeof r.access.permission === 'object') {
      const denied = await send(r, nobody, insideCtx);
      if (denied.status !== 403)
        findings.push({ route: name, access, check: 'without the permission', expected: 403, got: denied.status, message: denied.message });
    }

    const foreign = await send(r, confined, contexts.get(outside)!);
    if (foreign.status !== 403)
      findings.push({ route: name, access, check: 'outside the grants', expected: 403, got: foreign.status, message: foreign.message });
  }
  return { routes: routes.length, requests, findings };
}
