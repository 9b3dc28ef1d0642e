import { insightsKitServer } from '@discovery/insights-kit/server';
import { createServer, hashPassword, loadConfig, type AppConfig, type DiscoveryServer, type ServerCore, type ServerOptions } from '@discovery/server';
import { coreEndpoints, type ServerPlugin } from '@discovery/plugin-api';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTemplate, saveTemplate, templateKey } from './dbTemplate';
import { cachedPopulation, publishPopulation } from './populationCache';

export const TEST_PASSWORD = 'discovery-demo';

export interface TestSession {
  cookie: string;
  csrf: string;
  authToken: string;
  /** Headers of a signed-in browser call: cookie and x-csrf-token, plus any extra. */
  headers(extra?: Record<string, string>): Record<string, string>;
}

/**
 * A fresh, empty PostgreSQL database on the cluster of TEST_DATABASE_URL, dropped again by
 * `drop()`; without TEST_DATABASE_URL, no database (callers use in-memory or file PGlite).
 */
export async function createTestDatabase(prefix = 'discovery_test'): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => undefined };
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestUser {
  email: string;
  /** Grants: '*' or client[/region[/brand[/product]]] slugs. */
  grants: string[];
  /** Every resource the server knows gets this grant (true: all four actions, false: none). */
  allow: boolean;
}

export interface TestServer {
  url: string;
  server: DiscoveryServer;
  core: ServerCore;
  login(email: string, password?: string): Promise<TestSession>;
  /**
   * A user with a role of their own holding every action on every resource (allow) or none,
   * written row by row (no superuser flag), and these grants; signed in.
   */
  createUser(user: TestUser): Promise<TestSession>;
  /** The population was the cached one of its people and seed (populationCache.ts), not generated here. */
  populationFromCache: boolean;
  /** The database was a copy of a template made by an earlier server (dbTemplate.ts), not migrated and seeded here. */
  fromTemplate: boolean;
  close(): Promise<void>;
}

/**
 * A real server on 127.0.0.1:<free port>, seeded with the demo data: on in-memory PGlite, or,
 * when TEST_DATABASE_URL is set, on a fresh PostgreSQL database dropped again on close.
 */
export async function createTestServer(
  opts: {
    plugins?: ServerPlugin<ServerCore, FastifyInstance>[];
    seed?: boolean;
    population?: { people: number; seed?: number };
    /** Configuration over the defaults, e.g. `{ tier: 3 }`. */
    config?: Partial<AppConfig>;
    /** The job runner; by default it does not poll, and tests run jobs with `core.jobs.drain()`. */
    jobs?: ServerOptions['jobs'];
  } = {},
): Promise<TestServer> {
  const { url: databaseUrl, drop: dropDb } = await createTestDatabase();
  const seed = opts.seed ?? true;
  const config = { ...opts.config, demoPassword: TEST_PASSWORD };
  const jobs = { autoStart: false, ...opts.jobs };
  // On PGlite, a copy of a database migrated and seeded the same way before (dbTemplate.ts).
  const key = databaseUrl || process.env.DISCOVERY_TEST_DB_TEMPLATES === '0' ? null : templateKeyOf(opts.plugins ?? [], seed, opts.population, config);
  const template = key ? loadTemplate(key) : undefined;
  // A population generated before for these people and seed, opened read-only; else one of its own (populationCache.ts).
  const plan = opts.population && { people: opts.population.people, seed: opts.population.seed ?? 42 };
  const cached = plan ? cachedPopulation(plan.people, plan.seed) : null;
  const ownPopulation = plan && !cached ? join(mkdtempSync(join(tmpdir(), 'discovery-pop-')), 'population') : null;
  const server = await createServer({
    plugins: opts.plugins,
    extensions: [insightsKitServer],
    databaseUrl,
    dataDir: 'memory://',
    loadDataDir: template,
    seed,
    jobs,
    config,
    validateResponses: true,
    population: plan ? { dir: (cached ?? ownPopulation)!, ...plan, log: () => undefined } : false,
  }).catch(async (e) => {
    await dropDb?.();
    if (ownPopulation) rmSync(join(ownPopulation, '..'), { recursive: true, force: true });
    throw e;
  });
  // Kept as it is once migrated and seeded, before any job or test changes it.
  if (key && !template && !jobs.autoStart && server.db.dumpDataDir) await saveTemplate(key, await server.db.dumpDataDir());
  // A test population is small: wait for it, so every test starts with counts available.
  await server.population?.whenReady();
  if (ownPopulation && plan) publishPopulation(ownPopulation, plan.people, plan.seed);
  const url = await server.listen(0, '127.0.0.1');
  const login = async (email: string, password = TEST_PASSWORD): Promise<TestSession> => {
    const res = await fetch(`${url}${coreEndpoints.login.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${await res.text()}`);
    const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
    const cookie = cookies.join('; ');
    const csrf = res.headers.get('x-csrf-token') ?? '';
    const authToken = res.headers.get('auth-token') ?? '';
    return { cookie, csrf, authToken, headers: (extra = {}) => ({ cookie, 'x-csrf-token': csrf, ...extra }) };
  };
  return {
    url,
    server,
    core: server.core,
    fromTemplate: Boolean(template),
    populationFromCache: Boolean(cached),
    login,
    async createUser(u) {
      const core = server.core;
      const names = server.resources;
      await core.transaction(async (tx) => {
        const [role] = await tx.query<{ id: number }>('insert into roles (name, grants_all) values ($1, false) returning id', [`Test role of ${u.email}`]);
        for (const r of names) {
          await tx.query('insert into role_permissions (role_id, resource, can_create, can_read, can_update, can_destroy) values ($1, $2, $3, $3, $3, $3)', [
            role.id,
            r,
            u.allow,
          ]);
        }
        const [user] = await tx.query<{ id: number }>(
          "insert into users (email, password_hash, first_name, last_name, login_user_id) values ($1, $2, 'Test', 'User', $1) returning id",
          [u.email, await hashPassword(TEST_PASSWORD)],
        );
        await tx.query('insert into user_roles (user_id, role_id) values ($1, $2)', [user.id, role.id]);
        for (const g of u.grants) await tx.query('insert into user_hierarchy_slugs (user_id, slug) values ($1, $2)', [user.id, g]);
      });
      core.invalidateUsers();
      return login(u.email);
    },
    async close() {
      // A connection a test left open (a response whose body it never read) would hold the close
      // for a minute, until the client gives up on it: every request of the test is over by now.
      server.app.server.closeAllConnections();
      await server.close();
      await dropDb?.();
      if (ownPopulation) rmSync(join(ownPopulation, '..'), { recursive: true, force: true });
    },
  };
}

/** The template's key; null (no template) when the configuration cannot be read, so the server reports that itself. */
function templateKeyOf(
  plugins: ServerPlugin<ServerCore, FastifyInstance>[],
  seed: boolean,
  population: { people: number; seed?: number } | undefined,
  config: Partial<AppConfig>,
): string | null {
  try {
    return templateKey({
      plugins,
      seed,
      population: population ? { people: population.people, seed: population.seed ?? 42 } : null,
      // The SSO secret is drawn at random when unset, and no migration or seed reads it.
      config: { ...loadConfig(), ssoSecret: undefined, ...config },
    });
  } catch {
    return null;
  }
}

export { walkRoutes, type WalkFinding, type WalkResult } from './routeWalk';
export { fuzzRoutes, sampleOf, type FuzzFinding, type FuzzOptions, type FuzzResult } from './routeFuzz';
export { bundleChildServer, startChildServer, type ChildLine, type ChildServer } from './childServer';
export { serverPluginsWithDependencies } from './pluginServers';
