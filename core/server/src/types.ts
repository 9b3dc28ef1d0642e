import type { CountsEngine } from '@discovery/counts';
import type { PermissionAction, PermissionSet } from '@discovery/plugin-api';
import type { FastifyBaseLogger, preHandlerHookHandler } from 'fastify';
import type { ZodType } from 'zod';
import type { SessionUser } from './auth/sessionStore';
import type { AppConfig } from './config';
import type { Db, Queryable } from './db';
import type { errors } from './errors';
import type { ClientNode, ResolvedContext } from './hierarchy/hierarchy';
import type { Jobs } from './jobs';

/** What every authenticated request carries (set by the auth hook). */
export interface RequestAuth {
  sessionId: string;
  /** The effective user: the impersonated one while 'viewing as'. */
  user: SessionUser;
  /** The signed-in admin while impersonating, else the same as user. */
  realUser: SessionUser;
  impersonating: boolean;
  permissions: PermissionSet;
  grants: string[];
  can(resource: string, action: PermissionAction): boolean;
  /** The X-Context node, resolved and checked against the user's grants. */
  context: ResolvedContext | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    discovery: RequestAuth;
  }
  interface FastifyContextConfig {
    /** No session and no CSRF token needed. */
    public?: boolean;
    /** Readable from any origin without credentials (Access-Control-Allow-Origin: *); public routes only. */
    anyOrigin?: boolean;
  }
}

/** The services a server plugin receives in register(router, core) and seed(core). */
export interface ServerCore {
  db: Db;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** One transaction: every multi-row save goes through here. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  config: AppConfig;
  log: FastifyBaseLogger;
  requirePermission(resource: string, action: PermissionAction): preHandlerHookHandler;
  requireContext(level?: 'client' | 'region' | 'brand' | 'product'): preHandlerHookHandler;
  validate<T>(schema: ZodType<T>, value: unknown): T;
  errors: typeof errors;
  /** The full client > region > brand > product tree (cached). */
  hierarchy(): Promise<ClientNode[]>;
  /** Call after any write to clients, regions, brands or products. */
  invalidateHierarchy(): void;
  /** Call after any write to users, roles, permissions or hierarchy grants. */
  invalidateUsers(): void;
  /** The audience count engine; throws a 503 HttpError while the population is being generated. */
  counts(): Promise<CountsEngine>;
  /** Background jobs: register kinds, enqueue (also inside a transaction), read, cancel, schedule. */
  jobs: Jobs;
}
