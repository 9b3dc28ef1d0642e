import { describeAccess, isTyped, type Access, type BodyOf, type EndpointSpec, type ParamsOf, type QueryOf, type ResponseOf } from '@discovery/plugin-api';
import { runInCountScope, type CountScope } from '@discovery/counts';
import { auditContextOf, runAudited } from './audit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { safeParse } from 'zod/v4/core';
import type { CountSlots } from './countSlots';
import type { ServerMetrics } from './metrics';
import { errors, parseBody, validate, zodToHttp } from './errors';
import { multipartForm, type UploadForm } from './multipart';
import type { ResolvedContext } from './hierarchy/hierarchy';
import type { RequestAuth } from './types';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route and in which hierarchy scope; required on every API route. */
    access?: Access;
    /** The endpoint definition the route serves (for the route walk and the fuzzer). */
    endpoint?: EndpointSpec;
    /** Readable from any origin without credentials (Access-Control-Allow-Origin: *); public routes only. */
    anyOrigin?: boolean;
  }
  interface FastifyInstance {
    /** Server-wide switches and services the endpoint helper reads. */
    discoveryOptions: { validateResponses: boolean; countSlots: CountSlots; metrics?: ServerMetrics };
  }
}

/** One route of the server, as the route walk and the fuzzer see it. */
export interface RouteRecord {
  method: string;
  url: string;
  /** The plugin whose register() added it; null for core routes. */
  plugin: string | null;
  access: Access;
  endpoint?: EndpointSpec;
}

/** What a handler receives: validated input, the caller and (for scoped endpoints) the context. */
export interface HandlerInput<E extends EndpointSpec> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  auth: RequestAuth;
  context: E['access']['scope'] extends 'none' ? ResolvedContext | null : ResolvedContext;
  /** An upload endpoint's file part (null when the body has none) and text parts. */
  form: E['upload'] extends object ? UploadForm : undefined;
}

export type EndpointHandler<E extends EndpointSpec> = (
  input: HandlerInput<E>,
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<ResponseOf<E> | FastifyReply> | ResponseOf<E> | FastifyReply;

/** Paths that need a declared access: the API and the spec's root /sso-token. */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api') || url === '/sso-token';
}

/** Who a count slot belongs to: the signed-in person (the real one while viewing as), else the address. */
function callerOf(req: FastifyRequest): string {
  const who = req.discovery?.realUser?.id;
  return who === undefined ? `ip:${req.ip}` : `user:${who}`;
}

/**
 * Serves an endpoint on a router (a plugin's router is prefixed with /api/v1/<id>; the endpoint's
 * absolute path must sit under it). Params that fail their schema answer 404 (an id out of range
 * names nothing), a bad query or body 422 naming the field. The access is the endpoint's own, so
 * the server enforces it before the handler runs. Every handler runs in a count scope: the engine
 * calls it makes share one budget (422 past it) and take one of the caller's count slots (429 when
 * they are all in use), at once for an endpoint that declares `counts`, else at its first count.
 */
export function handle<E extends EndpointSpec>(router: FastifyInstance, endpoint: E, handler: EndpointHandler<E>, opts: { anyOrigin?: boolean } = {}): void {
  const prefix = router.prefix ?? '';
  if (!endpoint.path.startsWith(prefix)) {
    throw new Error(`endpoint ${endpoint.method} ${endpoint.path} is not under this router's prefix '${prefix}'`);
  }
  const url = endpoint.path.slice(prefix.length) || '/';
  const upload = endpoint.upload;
  // An upload's body is read whole (up to its limit) and its file part cut out with native scans.
  if (upload && !router.hasContentTypeParser('multipart/form-data')) {
    router.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  }
  const route: RouteOptions = {
    method: endpoint.method,
    url,
    ...(upload ? { bodyLimit: upload.maxBytes } : {}),
    config: { access: endpoint.access, endpoint, anyOrigin: opts.anyOrigin },
    handler: async (req, reply) => {
      const slots = router.discoveryOptions.countSlots;
      let release: (() => void) | null = endpoint.counts ? slots.take(callerOf(req)) : null;
      let countingSince: number | null = null;
      const scope: CountScope = {
        spent: 0,
        beforeWork: () => {
          countingSince ??= performance.now();
          release ??= slots.take(callerOf(req));
        },
      };
      try {
        const input = {
          params: endpoint.params ? parseParams(endpoint.params, req.params) : {},
          query: endpoint.query ? validate(endpoint.query, req.query ?? {}) : {},
          body: endpoint.body ? (endpoint.bodyErrors === 'rule' ? parseBody : validate)(endpoint.body, req.body ?? {}) : undefined,
          auth: req.discovery,
          context: req.discovery?.context ?? null,
          form: upload
            ? Buffer.isBuffer(req.body)
              ? multipartForm(req.body, String(req.headers['content-type'] ?? ''), upload.field)
              : { file: null, fields: {} }
            : undefined,
        } as HandlerInput<E>;
        // Every write the handler makes is audited with this request's context (issue 32 §4).
        const out = await runAudited(
          () => auditContextOf(req),
          () => runInCountScope(scope, () => handler(input, req, reply)),
        );
        if (out === reply || reply.sent) return out;
        if (router.discoveryOptions?.validateResponses && endpoint.response && !isTyped(endpoint.response)) {
          const r = safeParse(endpoint.response, out);
          if (!r.success) {
            throw new Error(`the answer of ${endpoint.method} ${endpoint.path} does not match its response schema: ${zodToHttp(r.error).message}`);
          }
        }
        return out;
      } finally {
        release?.();
        // Issue 32 §5: the count engine's time, per route.
        if (countingSince !== null) router.discoveryOptions.metrics?.countSeconds.observe({ route: endpoint.path }, (performance.now() - countingSince) / 1000);
      }
    },
  };
  router.route(route);
}

function parseParams(schema: NonNullable<EndpointSpec['params']>, raw: unknown) {
  const r = safeParse(schema, raw);
  if (r.success) return r.data;
  const h = zodToHttp(r.error);
  // A path that names nothing is not found; the message says which part was wrong.
  throw errors.notFound(`Not found: ${h.message.replace(/^Validation failed: /, '')}`);
}

/** Checks a route's declared access at boot; the message names the plugin and the route. */
export function checkDeclaredAccess(route: { method: string | string[]; url: string; config?: { access?: Access } }, plugin: string | null): void {
  if (!isApiPath(route.url)) return;
  const where = `${plugin ? `plugin '${plugin}'` : 'core'} route ${[route.method].flat().join(',')} ${route.url}`;
  const a = route.config?.access;
  if (!a) {
    throw new Error(
      `${where} declares no access: serve it with handle(router, endpoint, handler), or give it config.access = { permission: PermissionDef | 'signed-in' | 'public', scope: 'none' | 'client' | 'region' | 'brand' | 'product' }`,
    );
  }
  const p = a.permission;
  const okPermission = p === 'signed-in' || p === 'public' || (typeof p === 'object' && typeof p.resource === 'string' && typeof p.action === 'string');
  if (!okPermission || !['none', 'client', 'region', 'brand', 'product'].includes(a.scope)) {
    throw new Error(`${where} declares an access the server does not understand: ${JSON.stringify(a)}`);
  }
  if (p === 'public' && a.scope !== 'none') throw new Error(`${where}: a public route cannot need a hierarchy scope (${describeAccess(a)})`);
}
