import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CountBudgetError, CountsUnavailableError, UnknownSegmentsError } from '@discovery/counts';
import { errorCodeForStatus, formatBytes, tooLargeMessage } from '@discovery/plugin-api';
import { $ZodError, safeParse, type $ZodType, type output } from 'zod/v4/core';

/**
 * An error that becomes the JSON envelope `{ error: { message, status, code, fields? } }` (SRV-005;
 * `code` from ERROR_CODES in plugin-api, issue 24 §4: the status's own unless the thrower names one).
 */
export class HttpError extends Error {
  code: string;
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
    /** Response headers that belong to the answer (Retry-After of a 429). */
    readonly headers?: Record<string, string>,
    code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = code ?? errorCodeForStatus(status);
  }

  /** The same error with a more precise machine code: `errors.conflict(msg).withCode('name_taken')`. */
  withCode(code: string): this {
    this.code = code;
    return this;
  }
}

export const errors = {
  badRequest: (msg: string) => new HttpError(400, msg),
  unauthorized: (msg = 'Your session has expired. Please log in again.') => new HttpError(401, msg, undefined, { refresh_login: true }),
  forbidden: (msg: string) => new HttpError(403, msg),
  notFound: (msg: string) => new HttpError(404, msg),
  conflict: (msg: string) => new HttpError(409, msg),
  unprocessable: (msg: string, fields?: Record<string, string>) => new HttpError(422, msg, fields),
  /** 429 with Retry-After (seconds): when the caller may try again. */
  tooMany: (msg: string, retryAfterSeconds = 60) =>
    new HttpError(429, msg, undefined, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) }),
};

/** Each bad field's first message, keyed by its path ('brand.products_attributes.1.name'). */
function fieldMessages(e: $ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of e.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

export function zodToHttp(e: $ZodError): HttpError {
  const fields = fieldMessages(e);
  const [first] = Object.entries(fields);
  return errors.unprocessable(first ? `Validation failed: ${first[0]}: ${first[1]}` : 'Validation failed', fields);
}

/** Parses with a shared zod schema; a failure is a 422 naming every bad field. */
export function validate<S extends $ZodType>(schema: S, value: unknown): output<S> {
  const r = safeParse(schema, value);
  if (!r.success) throw zodToHttp(r.error);
  return r.data;
}

/**
 * Like `validate`, for bodies whose rules carry the spec's own wording ('Brand name is required.',
 * 'URL must start with http:// or https://'): the 422's message is the first rule's text, with
 * every bad field in `fields`.
 */
export function parseBody<S extends $ZodType>(schema: S, value: unknown): output<S> {
  const r = safeParse(schema, value);
  if (r.success) return r.data;
  const fields = fieldMessages(r.error);
  throw errors.unprocessable(Object.values(fields)[0] ?? 'Validation failed', fields);
}

/** The body limit of every route that does not set its own (an upload's is its endpoint's maxBytes). */
export const DEFAULT_BODY_LIMIT = 1_048_576;

/** Bytes of a refused body still read (and dropped) so the client receives the 413 before the connection ends. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON in request body'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "Body cannot be empty when content-type is set to 'application/json'"],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Request body size did not match Content-Length'],
};

export function errorBody(
  req: FastifyRequest,
  status: number,
  message: string,
  fields?: Record<string, string>,
  extra?: Record<string, unknown>,
  code: string = errorCodeForStatus(status),
) {
  return { error: { message, status, code, ...(fields ? { fields } : {}) }, request_id: req.id, ...(extra ?? {}) };
}

/** Every failure leaves as the JSON envelope; never a stack trace. */
export function errorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof HttpError) {
    if (err.headers) reply.headers(err.headers);
    return reply.code(err.status).send(errorBody(req, err.status, err.message, err.fields, err.extra, err.code));
  }
  if (err instanceof UnknownSegmentsError) {
    // Any count or save naming segments the population does not have (the invalid-identifier flows read the list).
    return reply.code(422).send(errorBody(req, 422, err.message, { identifiers: err.ids.join(', ') }, { invalid_identifiers: err.ids }, 'segments_unknown'));
  }
  if (err instanceof CountBudgetError) {
    // More count work than one request may ask for: refused before any of it ran.
    return reply.code(422).send(errorBody(req, 422, err.message, undefined, { count_budget: { cost: err.cost, limit: err.limit } }, 'cost_budget_exceeded'));
  }
  if (err instanceof CountsUnavailableError) {
    // A count worker died while answering (it has been replaced) or the workers keep dying.
    return reply.code(503).send(errorBody(req, 503, err.message, undefined, undefined, 'counts_unavailable'));
  }
  if (err instanceof $ZodError) {
    const h = zodToHttp(err);
    return reply.code(422).send(errorBody(req, 422, h.message, h.fields));
  }
  const fe = err as FastifyError;
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    // The route's own limit (an upload's is larger than the JSON default).
    const limit = req.routeOptions?.bodyLimit ?? DEFAULT_BODY_LIMIT;
    const message = req.routeOptions?.config?.endpoint?.upload
      ? tooLargeMessage(limit)
      : `The request body is too large: this call takes at most ${formatBytes(limit)}.`;
    // fastify asks to close the connection, which resets a browser still sending the body before it
    // reads the answer (fetch then sees a network error). A body of a declared, bounded length is
    // read to its end and dropped (Node does that for an answered request) so the browser gets the
    // 413; past DRAIN_LIMIT, or without a length, the connection still closes.
    const length = Number(req.headers['content-length']);
    if (Number.isFinite(length) && length <= Math.max(DRAIN_LIMIT, limit * 2)) reply.removeHeader('connection');
    return reply.code(413).send(errorBody(req, 413, message, undefined, { limit_bytes: limit }));
  }
  if (fe.code && FASTIFY_CODES[fe.code]) {
    const [status, message] = FASTIFY_CODES[fe.code];
    return reply.code(status).send(errorBody(req, status, message));
  }
  if (fe.code === 'FST_ERR_VALIDATION' || (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500)) {
    const status = fe.statusCode ?? 400;
    return reply.code(status).send(errorBody(req, status, fe.message));
  }
  // Defence in depth: a value PostgreSQL refuses (class 22: out of range, bad text, NUL) is the
  // caller's input, not our failure. The schemas should have refused it first, so it is logged.
  const pgCode = (err as { code?: unknown }).code;
  if (typeof pgCode === 'string' && /^22[0-9A-Z]{3}$/.test(pgCode)) {
    logServerError(req, err, 'database refused a value (a schema should have)');
    return reply.code(422).send(errorBody(req, 422, 'A value in the request is out of range or not valid text.'));
  }
  logServerError(req, err, 'unhandled error');
  return reply.code(500).send(errorBody(req, 500, 'Internal server error'));
}

/**
 * Every 500 leaves a trace with its request id, whatever the log setting: through the request's
 * logger when logging is on, on stderr otherwise (fastify's logger is silent when off).
 */
export function logServerError(req: FastifyRequest, err: unknown, what: string): void {
  if (req.log.level && req.log.level !== 'silent') {
    req.log.error({ err, reqId: req.id }, what);
    return;
  }
  const e = err as Error;
  process.stderr.write(`[discovery] ${what}: ${req.method} ${req.url.split('?')[0]} request_id=${req.id}: ${e?.stack ?? String(err)}\n`);
}
