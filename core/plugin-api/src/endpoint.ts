import type { $ZodType, input as zInput, output as zOutput } from 'zod/v4/core';
import type { PermissionDef } from './permissions';

/**
 * What a call needs before its handler runs, declared once with the endpoint so the server
 * enforces it, the route walk proves it and nobody has to remember a preHandler:
 * - `permission`: a PermissionDef the user must hold, 'signed-in' (any session) or 'public'
 *   (no session, no CSRF token);
 * - `scope`: the hierarchy level the call's X-Context must name ('none': no context needed; any
 *   X-Context sent is still checked against the user's grants).
 */
export interface Access {
  readonly permission: PermissionDef | 'signed-in' | 'public';
  readonly scope: AccessScope;
}
export type AccessScope = 'none' | 'client' | 'region' | 'brand' | 'product';
export const ACCESS_SCOPES: readonly AccessScope[] = ['none', 'client', 'region', 'brand', 'product'];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API endpoint, defined once in the owning plugin's `./common`: the server registers its
 * handler against it (and validates with its schemas), the client calls it through
 * `api.call(endpoint, input)`, test fakes answer it. `path` is absolute (`/api/v1/<plugin>/...`)
 * with `:name` params.
 */
export interface EndpointSpec {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: Access;
  readonly params?: ZodType;
  readonly query?: ZodType;
  readonly body?: ZodType;
  /**
   * The answer's shape. A zod schema is checked against every answer in tests (createTestServer
   * turns response validation on); `typed<T>()` types the answer without a runtime check.
   */
  readonly response?: ZodType | Typed<unknown>;
  /**
   * How a refused body reads: 'field' (default) 'Validation failed: name: message'; 'rule' the
   * first rule's own text, for bodies whose rules carry the spec's wording.
   */
  readonly bodyErrors?: 'field' | 'rule';
  /** The answer is not JSON (a file, a redirect, text): the client reads it raw. */
  readonly raw?: boolean;
  /**
   * The call asks the count engine for work. The server lets each user run only a few such calls
   * at once (429 with Retry-After beyond that, before the body is validated). Every engine call a
   * request makes is charged to one per-request budget whether declared or not; declaring it moves
   * the per-user check before any work (a route that counts without it is limited at its first
   * count instead).
   */
  readonly counts?: boolean;
  /**
   * A file upload: multipart/form-data with the file in the part named `field`, the whole body at
   * most `maxBytes` (413 naming that limit beyond it; clients check the size before sending). The
   * handler receives the part as `file`.
   */
  readonly upload?: { readonly field: string; readonly maxBytes: number };
}

/** A response type without a runtime schema (see EndpointSpec.response). */
export interface Typed<T> {
  readonly kind: 'typed';
  readonly __type?: T;
}
export function typed<T>(): Typed<T> {
  return { kind: 'typed' } as Typed<T>;
}
export function isTyped(v: unknown): v is Typed<unknown> {
  return typeof v === 'object' && v !== null && (v as { kind?: string }).kind === 'typed';
}

/** Any zod schema, classic (`zod`) or mini (`zod/mini`, for what the sign-in page loads). */
export type ZodType = $ZodType;
type Out<S> = S extends ZodType ? zOutput<S> : never;
type In<S> = S extends ZodType ? zInput<S> : never;

/** What a handler receives after validation. */
export type ParamsOf<E extends EndpointSpec> = E['params'] extends ZodType ? Out<E['params']> : Record<string, never>;
export type QueryOf<E extends EndpointSpec> = E['query'] extends ZodType ? Out<E['query']> : Record<string, never>;
export type BodyOf<E extends EndpointSpec> = E['body'] extends ZodType ? Out<E['body']> : undefined;
export type ResponseOf<E extends EndpointSpec> = E['response'] extends ZodType ? zOutput<E['response']> : E['response'] extends Typed<infer T> ? T : unknown;

/** What a caller passes: only the parts the endpoint has, typed by the schemas' input side. */
export type CallInput<E extends EndpointSpec> = (E['params'] extends ZodType ? { params: In<E['params']> } : { params?: undefined }) &
  (E['query'] extends ZodType ? { query?: In<E['query']> } : { query?: undefined }) &
  (E['body'] extends ZodType ? { body: In<E['body']> } : { body?: undefined });

const PATH = /^\/(api\/v1\/)?[A-Za-z0-9_\-./:]*$/;

/** Checks the shape once, at definition time, so a typo fails at import, not at the first call. */
export function defineEndpoint<const E extends EndpointSpec>(e: E): E {
  if (!PATH.test(e.path)) throw new Error(`endpoint ${e.method} ${e.path}: path must be absolute, with :name params`);
  const names = [...e.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
  if (names.length && !e.params) throw new Error(`endpoint ${e.method} ${e.path}: path params (${names.join(', ')}) need a params schema`);
  if (!ACCESS_SCOPES.includes(e.access.scope)) throw new Error(`endpoint ${e.method} ${e.path}: unknown scope '${e.access.scope}'`);
  if ((e.method === 'GET' || e.method === 'DELETE') && (e.body || e.upload)) throw new Error(`endpoint ${e.method} ${e.path}: a ${e.method} has no body`);
  if (e.upload && !(Number.isInteger(e.upload.maxBytes) && e.upload.maxBytes > 0 && e.upload.field))
    throw new Error(`endpoint ${e.method} ${e.path}: an upload names its field and a whole number of maxBytes`);
  return Object.freeze(e);
}

/**
 * The URL of one call: params filled in (each encoded), the query appended (undefined and null
 * values left out, arrays repeated). Used by the ApiClient and the test fakes.
 */
export function endpointUrl(e: Pick<EndpointSpec, 'path' | 'method'>, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const path = e.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null || v === '') throw new Error(`${e.method} ${e.path}: missing param '${name}'`);
    return encodeURIComponent(String(v));
  });
  const q: string[] = [];
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null) continue;
    for (const one of Array.isArray(v) ? v : [v]) q.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(one))}`);
  }
  return q.length ? `${path}?${q.join('&')}` : path;
}

/** Whether a concrete path (no query) is this endpoint's, and its raw params if so. */
export function matchEndpoint(e: Pick<EndpointSpec, 'path'>, path: string): Record<string, string> | null {
  const want = e.path.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      if (!got[i]) return null;
      params[want[i].slice(1)] = decodeURIComponent(got[i]);
    } else if (want[i] !== got[i]) return null;
  }
  return params;
}

/** A byte limit as people read it ('5 MB', '512 KB'). */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} bytes`;
}

/** The 413's message, the same from the server and from a client that checks the size before sending. */
export function tooLargeMessage(maxBytes: number): string {
  return `The file is too large: this upload takes at most ${formatBytes(maxBytes)}.`;
}

export function describeAccess(a: Access): string {
  const p = typeof a.permission === 'string' ? a.permission : `${a.permission.resource}.${a.permission.action}`;
  return `${p}, scope ${a.scope}`;
}
