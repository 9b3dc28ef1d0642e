import cookie from '@fastify/cookie';
import { API_KEY_PREFIX, coreEndpoints, validatePlugins, type PermissionDef, type ServerPlugin } from '@discovery/plugin-api';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { EmbeddedApps } from './auth/embeddedApps';
import { findApiKey } from './auth/apiKeys';
import { registerAccountRoutes } from './routes/accounts';
import { RESOURCES } from './auth/permissions';
import { canIn, SessionStore } from './auth/sessionStore';
import { loadConfig, type AppConfig } from './config';
import { openDatabase, type Database } from './db';
import { checkDeclaredAccess, isApiPath, type RouteRecord } from './endpoints';
import { DEFAULT_BODY_LIMIT, errorBody, errorHandler, errors, HttpError, validate } from './errors';
import { loadHierarchy, resolveContext, type ClientNode } from './hierarchy/hierarchy';
import { isSlugVisible } from './hierarchy/slugs';
import { runMigrations } from './migrations';
import coreMigration from './migrations/0001_core.sql';
import seedsMigration from './migrations/0002_seeds.sql';
import jobsMigration from './migrations/0003_jobs.sql';
import sessionSsoKeyMigration from './migrations/0004_session_sso_key.sql';
import jobsFairnessMigration from './migrations/0005_jobs_fairness.sql';
import auditMigration from './migrations/0006_audit.sql';
import accountsMigration from './migrations/0007_accounts.sql';
import { attachAuditTriggers, purgeAudit } from './audit';
import { JobService, jobOptionsFromEnv, type JobServiceOptions } from './jobs';
import { registerAuthRoutes, SESSION_COOKIE } from './routes/auth';
import { registerCoreRoutes } from './routes/core';
import { registerAuditRoutes } from './routes/audit';
import { registerMonitoringRoutes } from './routes/monitoring';
import { ServerMetrics } from './metrics';
import { countsEngine } from './counts';
import { DEMO_REGIONS, Population, type PopulationOptions } from '@discovery/counts';
import { seedDemo } from './seed';
import { createSecurityHeaders } from './securityHeaders';
import { PublicSnapshot } from './staticAssets';
import { sharedStore, type RequestAuth, type ServerCore, type ServerExtension } from './types';
import { CountSlots } from './countSlots';
import { SheetService } from './sheets/SheetService';

export interface BuildInfo {
  version: string;
  branch: string;
  revision: string;
  date: string;
}

export interface ServerOptions {
  plugins?: ServerPlugin<ServerCore, FastifyInstance>[];
  databaseUrl?: string;
  dataDir?: string;
  /**
   * PGlite: open this data directory tarball (`db.dumpDataDir()` of a server migrated and seeded
   * before) instead of an empty database; migrations and seeds still run and find nothing to do.
   */
  loadDataDir?: Blob;
  staticDir?: string;
  config?: Partial<AppConfig>;
  seed?: boolean;
  /**
   * Seed the demo data after the server answers (npm start): the sign-in page is served at once;
   * a call that needs the seeded data (any signed-in call, a sign-in) waits for it. `seeded` tells
   * when it is done. Default false: the server answers only once seeded (tests, e2e).
   */
  seedInBackground?: boolean;
  logger?: boolean;
  buildInfo?: BuildInfo;
  /** The audience population to count over; generated on a worker thread when missing. */
  population?: PopulationOptions | false;
  /** Check every answer of an endpoint with a response schema against it (tests turn it on). */
  validateResponses?: boolean;
  /** The spreadsheet thread's entry (core.sheets): the bundled server passes its built one; default: the sources' (tsx). */
  sheetsWorkerScript?: string;
  /** The job runner: options over DISCOVERY_JOBS_*; autoStart false leaves it to drain() (tests). */
  jobs?: JobServiceOptions & { autoStart?: boolean };
  /** Routes of core's domain packages (the insight kit), registered before the plugins'. */
  extensions?: ServerExtension[];
}

export interface DiscoveryServer {
  app: FastifyInstance;
  core: ServerCore;
  db: Database;
  population: Population | null;
  /** Every route with its declared access (HEAD routes left out): the route walk and the fuzzer read it. */
  routes: RouteRecord[];
  /** Every resource permissions name: core's and the build's plugins'. */
  resources: string[];
  jobs: JobService;
  /** Settles when the demo data is seeded (at once when it was seeded before the server answered, or not at all). */
  seeded: Promise<void>;
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

const REQUEST_ID = /^[A-Za-z0-9-]{1,100}$/;

/** Routes that belong to a browser session: an API key may not call them (a path, or what starts with it). */
const SESSION_ONLY = [
  coreEndpoints.impersonate.path, // and /current
  coreEndpoints.logout.path,
  coreEndpoints.ssoToken.path,
  coreEndpoints.frameToken.path,
  coreEndpoints.ssoValidate.path,
];

/** A value JSON.parse (or the query parser) makes: not a Buffer, typed array, stream or class instance. */
function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * The path of the first string or key holding a NUL character (iterative: deep JSON cannot
 * overflow the stack). Only parsed JSON and query values are walked: an upload's Buffer (or any
 * other binary body) is the file's bytes, not text, and walking it byte by byte stalled the server.
 * Only what may hold one is stacked, so a long array of numbers costs no path strings.
 */
export function firstNul(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path || 'body';
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) if (mayHoldNul(v[i])) stack.push([v[i], pathTo(path, i)]);
    } else if (v && typeof v === 'object' && isPlainObject(v)) {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) return pathTo(path, k).split('\u0000').join('\\0');
        if (mayHoldNul(child)) stack.push([child, pathTo(path, k)]);
      }
    }
  }
  return null;
}

const pathTo = (path: string, key: string | number): string => (path ? `${path}.${key}` : String(key));
const mayHoldNul = (v: unknown): boolean => (typeof v === 'string' ? v.includes('\u0000') : v !== null && typeof v === 'object');

export async function createServer(opts: ServerOptions = {}): Promise<DiscoveryServer> {
  const plugins = validatePlugins(opts.plugins ?? []);
  const config: AppConfig = { ...loadConfig(), ...opts.config };
  const db = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  try {
    await runMigrations(db, [
      {
        id: 'core',
        migrations: [
          { id: '0001_core', sql: coreMigration },
          { id: '0002_seeds', sql: seedsMigration },
          { id: '0003_jobs', sql: jobsMigration },
          { id: '0004_session_sso_key', sql: sessionSsoKeyMigration },
          { id: '0005_jobs_fairness', sql: jobsFairnessMigration },
          { id: '0006_audit', sql: auditMigration },
          { id: '0007_accounts', sql: accountsMigration },
        ],
      },
      ...plugins.map((p) => ({ id: p.id, migrations: p.migrations ?? [] })),
    ]);
    // Every table, core's and the plugins', new ones included, gets the audit trigger (issue 32 §4).
    await db.withLock('discovery_migrations', () => attachAuditTriggers(db));
  } catch (e) {
    await db.close();
    throw e;
  }

  // Core's resources and the ones the build's plugins declare (a new plugin's permissions exist at once).
  const resources = [...new Set([...RESOURCES, ...plugins.flatMap((p) => (p.permissions ?? []).map((d) => d.resource))])];
  const sessions = new SessionStore(db, config.sessionTtlHours, resources);
  const embeddedApps = new EmbeddedApps(config.frameOrigins);
  const securityHeaders = createSecurityHeaders(() => embeddedApps.frameOrigins());
  let tree: Promise<ClientNode[]> | null = null;
  const hierarchy = () => {
    if (!tree) {
      tree = loadHierarchy(db);
      tree.catch(() => (tree = null));
    }
    return tree;
  };

  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: config.trustProxy,
    // SRV-004: echo the caller's X-Request-ID, or make one.
    genReqId: (req) => {
      const h = req.headers['x-request-id'];
      const v = Array.isArray(h) ? h[0] : h;
      return v && REQUEST_ID.test(v) ? v : randomUUID();
    },
  });
  app.setErrorHandler(errorHandler);
  await app.register(cookie);
  app.decorateRequest('discovery', null as unknown as RequestAuth);
  const metrics = new ServerMetrics(db);
  app.decorate('discoveryOptions', { validateResponses: opts.validateResponses ?? false, countSlots: new CountSlots(config.countConcurrency), metrics });
  // Issue 32 §5: every answer, by route template (unmatched paths share one series).
  app.addHook('onResponse', async (req, reply) => {
    metrics.requests.observe({ method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  // Every API route declares its access; the server refuses to boot on one that does not, naming
  // the plugin and the route. The table is kept for the route walk and the fuzzer.
  const routes: RouteRecord[] = [];
  const pluginOfPrefix = new Map(plugins.map((p) => [`/api/v1/${p.id}`, p.id]));
  app.addHook('onRoute', (route) => {
    const plugin = pluginOfPrefix.get(route.prefix) ?? null;
    checkDeclaredAccess(route, plugin);
    const access = route.config?.access;
    if (!access) return;
    // A resource a route checks is a resource the permission service knows (superusers hold it,
    // roles can grant it), even when its plugin forgot to list it in `permissions`.
    if (typeof access.permission === 'object' && !resources.includes(access.permission.resource)) resources.push(access.permission.resource);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' && route.method !== 'HEAD') continue;
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, plugin, access, endpoint: route.config?.endpoint });
    }
  });

  // While the demo data is seeded in the background, what needs it waits for it (seedInBackground).
  let seeding: Promise<void> | null = null;
  app.addHook('onRequest', async (req) => {
    if (!seeding) return;
    const path = req.url.split('?')[0];
    if (!isApiPath(path)) return;
    const signedOutRead = req.method === 'GET' && !req.headers.cookie?.includes(`${SESSION_COOKIE}=`) && !req.headers.authorization;
    if (!signedOutRead) await seeding;
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-ID', req.id);
    securityHeaders(req, reply);
    // SRV-002: credentials from the configured UI origins only.
    const origin = req.headers.origin;
    if (origin && config.corsOrigins.includes(origin)) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Allow-Credentials', 'true');
      reply.header('Access-Control-Allow-Headers', 'Content-Type, x-csrf-token, X-Context, X-Request-ID, X-Data-Source');
      reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
      reply.header('Access-Control-Expose-Headers', 'auth-token, sso-token, x-csrf-token, X-Request-ID');
      reply.header('Vary', 'Origin');
      if (req.method === 'OPTIONS') return reply.code(204).send();
    }
    // A public route may be read from any origin, without credentials (the SSO validation URL is
    // called by embedded applications on their own origins).
    if (req.routeOptions.config?.anyOrigin && !reply.hasHeader('Access-Control-Allow-Origin')) {
      reply.header('Access-Control-Allow-Origin', '*');
      reply.header('Access-Control-Expose-Headers', 'X-Request-ID');
    }
    const path = req.url.split('?')[0];
    const access = req.routeOptions.config?.access;
    if (!isApiPath(path) || access?.permission === 'public') return;
    // An unknown API path is answered 404 only to a signed-in caller (no map of the API for others).
    await authenticate(req);
    if (!access) return;
    // The declared access, enforced here for every route (a route cannot forget it).
    const p = access.permission;
    if (typeof p === 'object') requirePermissionOf(req, p);
    if (access.scope !== 'none') requireScope(req, access.scope);
  });

  // No text with a NUL reaches a handler (PostgreSQL text cannot hold one): refused at the root,
  // naming the field, whatever the route's schema says.
  app.addHook('preValidation', async (req) => {
    const where = firstNul(req.body, '') ?? firstNul(req.query, 'query');
    if (where) throw errors.unprocessable(`Validation failed: ${where}: must not contain a NUL character`, { [where]: 'must not contain a NUL character' });
  });

  function requirePermissionOf(req: FastifyRequest, p: PermissionDef): void {
    if (!req.discovery?.can(p.resource, p.action)) {
      throw errors.forbidden(`You don't have permission to ${p.action} ${p.resource.replace(/_/g, ' ')}.`);
    }
  }
  function requireScope(req: FastifyRequest, level: 'client' | 'region' | 'brand' | 'product'): void {
    const ctx = req.discovery?.context;
    if (!ctx || !ctx[level]) {
      throw errors.badRequest(`This call needs X-Context naming a ${level} (client/region/brand/product slugs).`);
    }
  }

  /** The session's user (401/403 when there is none); `context: false` leaves X-Context unread. */
  async function authenticate(req: FastifyRequest, opts: { context?: boolean } = {}): Promise<void> {
    const bearer = req.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    let auth: RequestAuth;
    if (bearer?.startsWith(API_KEY_PREFIX) && !req.cookies[SESSION_COOKIE]) {
      // SRV-025: an API key acts as its user, with the same access checks as a session; no CSRF
      // (no browser holds it). What only a browser session does (view as, sign out, SSO tokens) is refused.
      const key = await findApiKey(db, bearer);
      if (!key) throw errors.unauthorized('Invalid, expired or revoked API key');
      const url = req.routeOptions.url ?? '';
      if (SESSION_ONLY.some((p) => url.startsWith(p))) throw errors.forbidden('This call needs a signed-in browser session, not an API key.');
      const access = await sessions.accessOf(key.user_id);
      if (!access) throw errors.unauthorized('Invalid, expired or revoked API key');
      auth = {
        sessionId: '',
        user: access.user,
        realUser: access.user,
        impersonating: false,
        apiKeyId: key.id,
        permissions: access.permissions,
        grants: access.grants,
        can: (resource, action) => canIn(access.permissions, resource, action),
        context: null,
      };
    } else {
      const sid = req.cookies[SESSION_COOKIE] ?? bearer;
      const session = sid ? await sessions.get(sid) : null;
      if (!session) throw errors.unauthorized();
      // SRV-001: the CSRF token of this session, on every authenticated call.
      if (req.headers['x-csrf-token'] !== session.csrf_token) throw errors.forbidden('Invalid CSRF token').withCode('csrf_invalid');
      const real = await sessions.accessOf(session.user_id);
      if (!real) throw errors.unauthorized();
      const eff = session.impersonated_user_id ? await sessions.accessOf(session.impersonated_user_id) : null;
      const access = eff ?? real;
      auth = {
        sessionId: session.id,
        user: access.user,
        realUser: real.user,
        impersonating: eff !== null,
        apiKeyId: null,
        permissions: access.permissions,
        grants: access.grants,
        can: (resource, action) => canIn(access.permissions, resource, action),
        context: null,
      };
    }
    req.discovery = auth;
    if (opts.context === false) return;
    // SRV-003: the hierarchy context of the call, checked against the user's grants.
    const raw = req.headers['x-context'];
    const slug = (Array.isArray(raw) ? raw[0] : raw)?.trim().replace(/^\/+|\/+$/g, '');
    if (slug && (slug.split('/').some((s) => s === '') || slug.split('/').length > 4)) {
      throw errors.badRequest(`X-Context must read client[/region[/brand[/product]]] (got '${slug}').`);
    }
    if (slug) {
      const ctx = resolveContext(await hierarchy(), slug);
      if (!ctx || !isSlugVisible(auth.grants, slug)) throw errors.forbidden(`You don't have access to '${slug}'.`);
      auth.context = ctx;
    }
  }

  const jobs = new JobService(db, { ...jobOptionsFromEnv(), log: app.log, ...opts.jobs });
  // The runner starts once the server is ready (migrations and seeds done) and hands its jobs back on close.
  if (opts.jobs?.autoStart ?? true) app.addHook('onReady', async () => jobs.start());
  // Issue 32 §4: audit rows past the configured retention go once a day.
  jobs.register('core.audit-purge', { handler: async () => ({ removed: await purgeAudit(db, config.auditRetentionDays) }) });
  jobs.schedule('core.audit-purge', { every: 'day' });
  app.addHook('onClose', async () => {
    await jobs.stop();
  });

  const population = opts.population
    ? new Population({ budget: config.countBudget, ...opts.population, log: opts.population.log ?? ((m) => app.log.info(m)) })
    : null;

  const sheets = new SheetService(opts.sheetsWorkerScript);
  app.addHook('onClose', async () => {
    await sheets.close();
  });

  const core: ServerCore = {
    counts: () => countsEngine(population),
    populationPlan: opts.population ? { people: opts.population.people, seed: opts.population.seed, regions: opts.population.regions ?? DEMO_REGIONS } : null,
    sheets,
    jobs,
    query: (sql, params) => db.query(sql, params),
    transaction: (fn) => db.transaction(fn),
    config,
    log: app.log,
    requirePermission: requirePermissionOf,
    validate,
    errors,
    hierarchy,
    invalidateHierarchy: () => {
      tree = null;
    },
    invalidateUsers: () => sessions.invalidateUsers(),
    frames: embeddedApps,
    shared: sharedStore(),
  };

  let seeded: Promise<void> = Promise.resolve();
  // Anything that fails from here on (a plugin route without access, a seed) leaves nothing open.
  try {
    // The start-up probe (GET /api/v1/session) is public and asks for the session itself.
    const sessionOf = (req: FastifyRequest) =>
      authenticate(req, { context: false }).then(
        () => req.discovery ?? null,
        (e: unknown) => (e instanceof HttpError && (e.status === 401 || e.status === 403) ? null : Promise.reject(e)),
      );
    registerAuthRoutes(app, { db, sessions, config, core, embeddedApps, sessionOf });
    registerCoreRoutes(app, { db, sessions, config, core, resources, buildInfo: opts.buildInfo });
    registerAuditRoutes(app, { db });
    registerAccountRoutes(app, { db, sessions, config, core, resources });
    registerMonitoringRoutes(app, { config, metrics });
    // Core's domain packages (the insight kit's segment and count routes), before the plugins.
    for (const x of opts.extensions ?? []) await x.register(app, core, { population });
    for (const p of plugins) {
      // A plugin registers and schedules only its own job kinds ('<plugin id>.<job>').
      const own = (kind: string) => {
        if (!kind.startsWith(`${p.id}.`)) throw new Error(`plugin '${p.id}' registers job kind '${kind}': a plugin's job kinds read '${p.id}.<job>'`);
        return kind;
      };
      const pluginCore: ServerCore = {
        ...core,
        jobs: {
          register: (kind, def) => jobs.register(own(kind), def),
          schedule: (kind, o) => jobs.schedule(own(kind), o),
          enqueue: (kind, payload, o) => jobs.enqueue(kind, payload, o),
          get: (id) => jobs.get(id),
          list: (filter) => jobs.list(filter),
          cancel: (id) => jobs.cancel(id),
          drain: (o) => jobs.drain(o),
        },
      };
      await app.register(async (router) => p.register(router, pluginCore), { prefix: `/api/v1/${p.id}` });
    }

    // The client build, read once at start and served from memory: a rebuild of dist/ while the
    // server runs does not blank the running app (issue 25 §8).
    const site = opts.staticDir && existsSync(join(opts.staticDir, 'index.html')) ? new PublicSnapshot(opts.staticDir) : null;
    site?.register(app);
    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0];
      // The client router owns every other GET path (SPA fallback).
      if (site && req.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/assets/')) return site.page(req, reply);
      return reply.code(404).send(errorBody(req, 404, `No route for ${req.method} ${path}`));
    });

    const seedAll = async () => {
      await seedDemo(db, config);
      // Each plugin's demo data once per database (recorded in discovery_seeds).
      const done = new Set((await db.query<{ plugin_id: string }>('select plugin_id from discovery_seeds')).map((r) => r.plugin_id));
      for (const p of plugins) {
        if (!p.seed || done.has(p.id)) continue;
        await p.seed(core);
        await db.query('insert into discovery_seeds (plugin_id) values ($1) on conflict do nothing', [p.id]);
      }
      core.invalidateHierarchy();
    };
    if ((opts.seed ?? true) && !opts.seedInBackground) await seedAll();
    await app.ready();
    if ((opts.seed ?? true) && opts.seedInBackground) {
      const running = seedAll();
      seeding = running;
      seeded = running.then(() => {
        seeding = null;
      });
      // The gate answers the failure to every call that waits; whoever started the server is told through `seeded`.
      running.catch(() => undefined);
    }
  } catch (e) {
    await app.close().catch(() => undefined);
    await population?.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw e;
  }

  return {
    app,
    core,
    db,
    population,
    routes,
    resources,
    jobs,
    seeded,
    listen: (port, host = '127.0.0.1') => app.listen({ port, host }),
    async close() {
      await seeded.catch(() => undefined);
      await app.close();
      await population?.close();
      await db.close();
    },
  };
}
