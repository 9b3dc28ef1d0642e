import type { CountsEngine, Population, PopulationPlan } from '@discovery/counts';
import type { PermissionAction, PermissionDef, PermissionSet } from '@discovery/plugin-api';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { $ZodType, output } from 'zod/v4/core';
import type { FrameRegistry } from './auth/embeddedApps';
import type { SessionUser } from './auth/sessionStore';
import type { AppConfig } from './config';
import type { Queryable } from './db';
import type { errors } from './errors';
import type { ClientNode, ResolvedContext } from './hierarchy/hierarchy';
import type { Jobs } from './jobs';
import type { SheetService } from './sheets/SheetService';

/** What every authenticated request carries (set by the auth hook). */
export interface RequestAuth {
  sessionId: string;
  /**
   * The effective user: the impersonated one while 'viewing as'. What the request may see and do
   * is this user's (docs/decisions.md, 'View as': reads, writes and embedded applications as them).
   */
  user: SessionUser;
  /**
   * Who really acts: the signed-in admin while viewing as, else the same as user. An audit record
   * of a write names this person as the actor and `user` as the one acted for; count slots and
   * quotas are this person's.
   */
  realUser: SessionUser;
  impersonating: boolean;
  /** The API key the call was made with (SRV-025), null for a browser session. */
  apiKeyId?: number | null;
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
}

/** The services a server plugin receives in register(router, core) and seed(core). */
export interface ServerCore {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** One transaction: every multi-row save goes through here. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  config: AppConfig;
  log: FastifyBaseLogger;
  /**
   * Throws 403 unless the caller holds the permission: for a check that depends on the input
   * (a route's own permission is declared in its access and enforced before the handler).
   */
  requirePermission(req: FastifyRequest, permission: PermissionDef): void;
  validate<S extends $ZodType>(schema: S, value: unknown): output<S>;
  errors: typeof errors;
  /** The full client > region > brand > product tree (cached). */
  hierarchy(): Promise<ClientNode[]>;
  /** Call after any write to clients, regions, brands or products. */
  invalidateHierarchy(): void;
  /** Call after any write to users, roles, permissions or hierarchy grants. */
  invalidateUsers(): void;
  /** The audience count engine; throws a 503 HttpError while the population is being generated. */
  counts(): Promise<CountsEngine>;
  /**
   * The population the engine counts over as configured (known before it is generated), or null
   * without one: the demo seeds size their audiences' populations from it.
   */
  populationPlan: PopulationPlan | null;
  /** Spreadsheets (.xls, .xlsx) read and written on a thread of their own: uploads and downloads never stall the server. */
  sheets: SheetService;
  /** Background jobs: register kinds, enqueue (also inside a transaction), read, cancel, schedule. */
  jobs: Jobs;
  /** Embedded applications: which units may get a frame token (SRV-013), which origins pages may frame. */
  frames: FrameRegistry;
  /**
   * One instance per server of a service that core's domain packages and plugins share (the insight
   * kit's owners registry): the first call creates it, every later call, from any plugin, gets it.
   */
  shared<T>(key: string, create: () => T): T;
}

/** The per-server store behind ServerCore.shared. */
export function sharedStore(): ServerCore['shared'] {
  const all = new Map<string, unknown>();
  return <T>(key: string, create: () => T): T => {
    if (!all.has(key)) all.set(key, create());
    return all.get(key) as T;
  };
}

/**
 * Routes of a domain package of core (the insight kit's segment and count APIs) that every build
 * serves, outside any plugin's prefix; `createServer({ extensions })` registers them first.
 */
export interface ServerExtension {
  id: string;
  register(app: FastifyInstance, core: ServerCore, ctx: { population: Population | null }): void | Promise<void>;
}
