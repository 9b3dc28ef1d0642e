import { hashPassword } from './auth/passwords';
import { grantToRow, ROLE_MATRICES, SUPERUSER_ROLES } from './auth/permissions';
import type { AppConfig } from './config';
import type { Database, Queryable } from './db';
import { slugify } from './hierarchy/slugs';
import { ALL_FLAGS } from './featureFlags';

export interface DemoUser {
  email: string;
  first_name: string;
  last_name: string;
  role: string | null;
  grants: string[];
  description: string;
}

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@example.com',
    first_name: 'Ada',
    last_name: 'Admin',
    role: 'Global Admin',
    grants: ['*'],
    description: 'Ada Admin: Global Admin, every permission, every client',
  },
  {
    email: 'planner@example.com',
    first_name: 'Pat',
    last_name: 'Planner',
    role: 'Planner',
    grants: ['acme', 'globex'],
    description: 'Pat Planner: Planner on Acme Beverages and Globex Retail',
  },
  {
    email: 'viewer@example.com',
    first_name: 'Vic',
    last_name: 'Viewer',
    role: 'Viewer',
    grants: ['acme'],
    description: 'Vic Viewer: read-only, Acme Beverages only',
  },
  { email: 'norole@example.com', first_name: 'Nora', last_name: 'Nobody', role: null, grants: [], description: 'Nora Nobody: no clients (Request Access)' },
];

interface DemoProduct {
  name: string;
  regions: string[];
  company?: number;
}
interface DemoBrand {
  name: string;
  category: string;
  company?: number;
  products: DemoProduct[];
}
interface DemoRegion {
  name: string;
  slug: string;
  symbol: string;
  first: boolean;
  isDefault?: boolean;
  /** SHELL-045: the region has a second data source (es_index), so the data-source toggle shows there. */
  twoSources?: boolean;
}
interface DemoClient {
  name: string;
  slug: string;
  company: number | null;
  flags: Record<string, boolean>;
  siteVisitation: boolean;
  regions: DemoRegion[];
  brands: DemoBrand[];
}

const flags = (on: string[]) => Object.fromEntries(ALL_FLAGS.map((f) => [f, on.includes(f)]));

export const DEMO_CLIENTS: DemoClient[] = [
  {
    name: 'Acme Beverages',
    slug: 'acme',
    company: 1001,
    flags: flags([
      'grow',
      'overlap',
      'explore',
      'journey',
      'measure',
      'true_target',
      'pve',
      'nlrr',
      'nlrr_demo',
      'path_to_purchase_demo',
      'site_visitation',
      'customer_value',
      'buyer_retention',
      'scenarios',
      'applications',
    ]),
    siteVisitation: true,
    regions: [
      { name: 'United States', slug: 'us', symbol: '$', first: true, isDefault: true, twoSources: true },
      { name: 'United Kingdom', slug: 'uk', symbol: '£', first: true },
    ],
    brands: [
      {
        name: 'Fizz Cola',
        category: 'Soft Drinks',
        products: [
          { name: 'Fizz Zero', regions: ['us', 'uk'], company: 1101 },
          { name: 'Fizz Classic', regions: ['us', 'uk'] },
        ],
      },
      {
        name: 'Peak Water',
        category: 'Water',
        company: 1200,
        products: [
          { name: 'Peak Sparkling', regions: ['us'] },
          { name: 'Peak Still', regions: ['us', 'uk'] },
        ],
      },
      { name: 'Morning Brew', category: 'Coffee', products: [{ name: 'Morning Brew Cold', regions: ['us'] }] },
    ],
  },
  {
    name: 'Globex Retail',
    slug: 'globex',
    company: 2001,
    flags: flags(['grow', 'overlap', 'explore', 'measure', 'path_to_purchase', 'path_to_purchase_demo', 'best_customer', 'customer_attrition']),
    siteVisitation: false,
    regions: [
      { name: 'Germany', slug: 'de', symbol: '€', first: false, isDefault: true },
      { name: 'France', slug: 'fr', symbol: '€', first: false },
    ],
    brands: [
      {
        name: 'Globex Home',
        category: 'Home Goods',
        products: [
          { name: 'Home Essentials', regions: ['de', 'fr'] },
          { name: 'Home Premium', regions: ['de'] },
        ],
      },
      {
        name: 'Globex Fashion',
        category: 'Apparel',
        products: [
          { name: 'Fashion Basics', regions: ['de', 'fr'] },
          { name: 'Fashion Outlet', regions: ['fr'] },
        ],
      },
    ],
  },
  {
    name: 'Initech Media',
    slug: 'initech',
    company: null,
    flags: flags(['explore']),
    siteVisitation: false,
    regions: [{ name: 'Canada', slug: 'ca', symbol: '$', first: true, isDefault: true }],
    brands: [],
  },
];

const LANGUAGES = [
  ['en', 'English'],
  ['es', 'Español'],
  ['fr', 'Français'],
];

/** Multi-row insert in one statement (PGlite pays per statement). */
async function insertMany(db: Queryable, table: string, cols: string[], rows: unknown[][], returning = ''): Promise<Record<string, unknown>[]> {
  if (!rows.length) return [];
  const params: unknown[] = [];
  const values = rows.map((r) => `(${r.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`).join(', ');
  return db.query(`insert into ${table} (${cols.join(', ')}) values ${values} ${returning ? `returning ${returning}` : ''}`, params);
}

/** Demo data for the embedded default: once per empty database, in one transaction. */
export async function seedDemo(db: Database, config: AppConfig): Promise<boolean> {
  const [existing] = await db.query('select 1 from users limit 1');
  if (existing) return false;
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(config.demoPassword)));
  await db.transaction(async (tx) => {
    await insertMany(tx, 'languages', ['value', 'text'], LANGUAGES);
    const roles = await insertMany(
      tx,
      'roles',
      ['name', 'grants_all'],
      Object.keys(ROLE_MATRICES).map((n) => [n, SUPERUSER_ROLES.includes(n)]),
      'id, name',
    );
    const roleId = new Map(roles.map((r) => [String(r.name), Number(r.id)]));
    const permRows: unknown[][] = [];
    for (const [name, m] of Object.entries(ROLE_MATRICES)) {
      for (const [resource, g] of Object.entries(m)) {
        const r = grantToRow(resource, g);
        permRows.push([roleId.get(name), r.resource, r.can_create, r.can_read, r.can_update, r.can_destroy]);
      }
    }
    await insertMany(tx, 'role_permissions', ['role_id', 'resource', 'can_create', 'can_read', 'can_update', 'can_destroy'], permRows);
    const users = await insertMany(
      tx,
      'users',
      ['email', 'password_hash', 'first_name', 'last_name', 'login_user_id'],
      DEMO_USERS.map((u, i) => [u.email, hashes[i], u.first_name, u.last_name, u.email.split('@')[0]]),
      'id, email',
    );
    const userId = new Map(users.map((u) => [String(u.email), Number(u.id)]));
    await insertMany(
      tx,
      'user_roles',
      ['user_id', 'role_id'],
      DEMO_USERS.filter((u) => u.role).map((u) => [userId.get(u.email), roleId.get(u.role!)]),
    );
    await insertMany(
      tx,
      'user_hierarchy_slugs',
      ['user_id', 'slug'],
      DEMO_USERS.flatMap((u) => u.grants.map((g) => [userId.get(u.email), g])),
    );

    for (const c of DEMO_CLIENTS) {
      const [client] = await tx.query<{ id: number }>(
        'insert into clients (name, slug, conversant_company_id, feature_flags, site_visitation_enabled) values ($1, $2, $3, $4, $5) returning id',
        [c.name, c.slug, c.company, JSON.stringify(c.flags), c.siteVisitation],
      );
      const regions = await insertMany(
        tx,
        'regions',
        ['client_id', 'name', 'slug', 'currency_symbol', 'currency_symbol_first', 'is_default', 'molecula_index', 'es_index'],
        c.regions.map((r) => [
          client.id,
          r.name,
          r.slug,
          r.symbol,
          r.first,
          r.isDefault === true,
          `${c.slug}_${r.slug}_molecula`,
          r.twoSources ? `${c.slug}_${r.slug}_es` : null,
        ]),
        'id, slug',
      );
      const regionId = new Map(regions.map((r) => [String(r.slug), Number(r.id)]));
      for (const b of c.brands) {
        const [brand] = await tx.query<{ id: number }>(
          'insert into brands (client_id, name, slug, category, conversant_company_id) values ($1, $2, $3, $4, $5) returning id',
          [client.id, b.name, slugify(b.name), b.category, b.company ?? null],
        );
        const products = await insertMany(
          tx,
          'products',
          ['brand_id', 'name', 'slug', 'conversant_company_id'],
          b.products.map((p) => [brand.id, p.name, slugify(p.name), p.company ?? null]),
          'id, name',
        );
        const pid = new Map(products.map((p) => [String(p.name), Number(p.id)]));
        await insertMany(
          tx,
          'product_regions',
          ['product_id', 'region_id'],
          b.products.flatMap((p) => p.regions.map((r) => [pid.get(p.name), regionId.get(r)])),
        );
      }
    }
  });
  return true;
}
