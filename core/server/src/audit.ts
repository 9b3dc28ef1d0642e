import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from './db';

/**
 * What an audit row says about the change's request (issue 32 §4). The trigger that core
 * attaches to every table (migration 0006_audit) reads it from the transaction-local setting
 * 'discovery.audit'; the database wrapper (db.ts) sets it at the start of every transaction
 * made while a request is handled, and runs a lone write in a transaction of its own to do so.
 */
export interface AuditContext {
  actor_id: number | null;
  actor_email: string | null;
  as_user_id: number | null;
  as_user_email: string | null;
  api_key_id: number | null;
  request_id: string;
  address: string;
  method: string;
  route: string;
  client: string | null;
}

interface Scope {
  /** Read when a transaction starts, so a sign-in's later steps name the user it found. */
  context: () => AuditContext;
  /** A transaction of this async flow is open: a lone write inside it is already covered. */
  inTransaction: boolean;
}

const scope = new AsyncLocalStorage<Scope | null>();

/** Runs a request's handler so that every write it makes is audited with its context. */
export function runAudited<T>(context: () => AuditContext, fn: () => T): T {
  return scope.run({ context, inTransaction: false }, fn);
}

/**
 * Runs `fn` outside any request's audit scope: for bookkeeping a request causes that is nobody's
 * change (an API key's last-used time).
 */
export function withoutAudit<T>(fn: () => T): T {
  return scope.run(null, fn);
}

/** The audit context of a request, as the handler left it. */
export function auditContextOf(req: FastifyRequest): AuditContext {
  const a = req.discovery;
  return {
    actor_id: a?.realUser.id ?? null,
    actor_email: a?.realUser.email ?? null,
    as_user_id: a?.impersonating ? a.user.id : null,
    as_user_email: a?.impersonating ? a.user.email : null,
    api_key_id: a?.apiKeyId ?? null,
    request_id: req.id,
    address: req.ip,
    method: req.method,
    route: req.routeOptions.url ?? req.url.split('?')[0],
    client: a?.context?.client.slug ?? null,
  };
}

/** A statement that may change rows (a plain select does not; anything else is treated as a write). */
const READ_ONLY = /^\s*(select|show|explain)\b/i;

/** The database calls `db.ts` wraps: the audit setting at the start of each transaction of a request. */
export function auditedCalls(base: {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
}): { query<T>(sql: string, params?: unknown[]): Promise<T[]>; transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> } {
  const transaction = <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
    const s = scope.getStore();
    if (!s) return base.transaction(fn);
    return scope.run({ ...s, inTransaction: true }, () =>
      base.transaction(async (tx) => {
        await tx.query("select set_config('discovery.audit', $1, true)", [JSON.stringify(s.context())]);
        return fn(tx);
      }),
    );
  };
  return {
    query<T>(sql: string, params?: unknown[]): Promise<T[]> {
      const s = scope.getStore();
      if (!s || s.inTransaction || READ_ONLY.test(sql)) return base.query<T>(sql, params);
      return transaction((tx) => tx.query<T>(sql, params));
    },
    transaction,
  };
}

/** Attaches the audit trigger to every table that lacks it (run after every start's migrations). */
export async function attachAuditTriggers(db: Pick<Queryable, 'query'>): Promise<number> {
  const [r] = await db.query<{ n: number }>('select discovery_audit_attach() as n');
  return Number(r.n);
}

/** Deletes audit rows older than the configured retention; answers how many went. */
export async function purgeAudit(db: Pick<Queryable, 'query'>, retentionDays: number): Promise<number> {
  const rows = await db.query<{ id: number }>(`delete from audit_log where at < now() - make_interval(days => $1) returning id`, [retentionDays]);
  return rows.length;
}
