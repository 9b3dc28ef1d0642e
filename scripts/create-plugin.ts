import { execFileSync } from 'node:child_process';
/**
 * npm run create-plugin -- <id> [--category insights] [--title "My Feature"]
 * Scaffolds plugins/<id>: a product-scoped client page with its nav item and MobX store, a zod
 * schema shared by client and server, a server route with permission and scope checks, a
 * migration, unit and server tests, and an e2e spec with its page object. The plugin appears in
 * the app after its id is added to a build in host/builds/*.json.
 */
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { NAV_CATEGORIES } from '@discovery/plugin-api';
import { declaredRange, usesOfTexts } from './lib/packageDeps';
import { argValue, readWorkspace, ROOT } from './lib/workspace';

export interface ScaffoldOptions {
  id: string;
  category?: string;
  title?: string;
  root?: string;
}

const pascal = (id: string) => id.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
const camel = (id: string) => pascal(id).replace(/^./, (c) => c.toLowerCase());
const snake = (id: string) => id.replace(/-/g, '_');

export function scaffoldFiles(opts: ScaffoldOptions): Record<string, string> {
  const { id } = opts;
  const category = opts.category ?? 'insights';
  const P = pascal(id);
  const c = camel(id);
  const s = snake(id);
  const title = opts.title ?? P.replace(/([a-z])([A-Z])/g, '$1 $2');
  const files: Record<string, string> = {
    'package.json':
      JSON.stringify(
        {
          name: `@discovery/plugin-${id}`,
          version: '0.1.0',
          private: true,
          description: `${title}`,
          discovery: { pluginId: id },
          // Modules only run for what they export: the sign-in bundle takes a route ref from
          // ./common without its schemas and rules (npm run size).
          sideEffects: false,
          exports: { '.': './src/client/index.ts', './server': './src/server/index.ts', './common': './src/common/index.ts' },
          scripts: {
            test: `NODE_OPTIONS=--experimental-vm-modules jest -c ../../jest.config.js plugins/${id}/`,
          },
        },
        null,
        2,
      ) + '\n',
    'README.md': `# ${id}

${title}.

- Route: \`{client}/{region}/{brand}/{product}/${id}\` (product scope), RouteRef \`${c}Route\` in \`./common\`.
- Nav item: category \`${category}\`, label key \`${id}:nav\`.
- Permissions: \`${s}.read\`, \`${s}.create\` (\`${c}Permissions\` in \`./common\`).
- API: \`GET /api/v1/${id}/items\`, \`POST /api/v1/${id}/items\` \`{ item: { name } }\`, scoped to the
  product in \`X-Context\`.
- Tables: \`${s}_items\` (migration \`0001_${s}\`).
- Tokens: provides none, requires none.

Tests: \`npx jest plugins/${id}\`; e2e: \`npm run test:e2e -- --spec e2e/specs/${id}/${id}.e2e.ts\`
after adding \`${id}\` to a build in \`host/builds/\`.
`,
    'src/common/index.ts': `import { createRouteRef, defineEndpoint, definePermission, typed } from '@discovery/plugin-api';
import { text } from '@discovery/plugin-api/zod';
// A namespace import: esbuild then bundles only the parts of zod in use (npm run size).
import * as z from 'zod';

export const ${c}Route = createRouteRef({ id: '${id}.page', scope: 'product', path: '${id}' });

export const ${c}Permissions = {
  read: definePermission('${s}', 'read'),
  create: definePermission('${s}', 'create'),
};

/** The one validation rule for an item, run by the form and by the server. */
export const ${c}ItemInput = z.object({
  name: text({ min: 1, max: 100, required: 'Name is required.', tooLong: 'Name must be 100 characters or fewer.' }),
});
export type ${P}ItemInput = z.infer<typeof ${c}ItemInput>;

export interface ${P}Item {
  id: number;
  name: string;
  created_at: string;
}

/**
 * The plugin's API, defined once: the server serves these with handle(), the client calls them
 * with api.call(), tests answer them with FakeServer.on(). Each declares who may call it.
 */
export const ${c}Endpoints = {
  items: defineEndpoint({
    method: 'GET',
    path: '/api/v1/${id}/items',
    access: { permission: ${c}Permissions.read, scope: 'product' },
    response: typed<{ data: ${P}Item[] }>(),
  }),
  addItem: defineEndpoint({
    method: 'POST',
    path: '/api/v1/${id}/items',
    access: { permission: ${c}Permissions.create, scope: 'product' },
    body: z.object({ item: ${c}ItemInput }),
    bodyErrors: 'rule',
    response: typed<{ data: ${P}Item }>(),
  }),
};
`,
    'src/common/schema.test.ts': `import { ${c}ItemInput } from './index';

describe('${id} item schema', () => {
  it('requires a name and trims it', () => {
    expect(${c}ItemInput.safeParse({ name: '  ' }).success).toBe(false);
    expect(${c}ItemInput.parse({ name: ' First ' })).toEqual({ name: 'First' });
  });
});
`,
    'src/client/index.ts': `import { definePlugin, hasPermission } from '@discovery/plugin-api';
import { ${c}Permissions, ${c}Route } from '../common';

export default definePlugin({
  id: '${id}',
  titleKey: '${id}:title',
  // Bindings only this plugin's pages use: loaded with its first page, not at sign-in.
  pageModule: async () => (await import('./module')).${c}Module,
  routes: [
    {
      ref: ${c}Route,
      requires: hasPermission(${c}Permissions.read.resource, 'read'),
      load: () => import('./pages/${P}Page'),
    },
  ],
  nav: [
    {
      target: ${c}Route,
      category: '${category}',
      labelKey: '${id}:nav',
      icon: 'cube',
      visibleWhen: hasPermission(${c}Permissions.read.resource, 'read'),
    },
  ],
  i18n: { namespace: '${id}', load: async () => (await import('./locales/en.json')).default },
});
`,
    'src/client/module.ts': `import { ApiClientToken, type ApiClient } from '@discovery/platform';
import { ContainerModule } from 'inversify';
import { ${P}Store, ${P}StoreToken } from './stores/${P}Store';

export const ${c}Module = new ContainerModule(({ bind }) => {
  bind(${P}StoreToken.symbol)
    .toDynamicValue((ctx) => new ${P}Store(ctx.get<ApiClient>(ApiClientToken.symbol)))
    .inSingletonScope();
});
`,
    [`src/client/stores/${P}Store.ts`]: `import { createToken } from '@discovery/plugin-api';
import { Resource, type ApiClient, type Settled } from '@discovery/platform';
import { makeAutoObservable } from 'mobx';
import { ${c}Endpoints as E, ${c}ItemInput, type ${P}Item } from '../../common';

export const ${P}StoreToken = createToken<${P}Store>('${id}:${P}Store');

/** Items of the current product, and the add rule shared with the server. */
export class ${P}Store {
  /** The product's items: the latest load wins, a failure ends in \`list.error\` (the page's error state). */
  readonly list = new Resource<${P}Item[]>([]);
  error: string | null = null;

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<${P}Store, 'api'>(this, { api: false, list: false });
  }

  get items(): ${P}Item[] {
    return this.list.data;
  }

  load(): Settled<unknown> {
    return this.list.load(async (signal) => (await this.api.call(E.items, {}, { silent: true, signal })).data);
  }

  /** Returns false and sets \`error\` when the name breaks the shared rule. */
  async add(name: string): Promise<boolean> {
    const parsed = ${c}ItemInput.safeParse({ name });
    if (!parsed.success) {
      this.error = parsed.error.issues[0]?.message ?? 'Invalid';
      return false;
    }
    this.error = null;
    const res = await this.api.call(E.addItem, { body: { item: parsed.data } });
    this.list.set([res.data, ...this.items]);
    return true;
  }
}
`,
    [`src/client/stores/${P}Store.test.ts`]: `import { ApiClient } from '@discovery/platform';
import { FakeServer } from '@discovery/test-utils';
import { ${c}Endpoints as E, type ${P}Item } from '../../common';
import { ${P}Store } from './${P}Store';

/** The real ApiClient over a scripted server that answers the plugin's endpoint definitions. */
function fakeApi(items: ${P}Item[]): ApiClient {
  const server = new FakeServer()
    .on(E.items, { data: items })
    .on(E.addItem, ({ body }) => ({ status: 201, body: { data: { id: 2, name: (body as { item: { name: string } }).item.name, created_at: 'now' } } }));
  server.install();
  return new ApiClient({ context: () => 'acme/us/fizz-cola/fizz-zero', showBanner: () => undefined, refreshLogin: () => undefined });
}

describe('${P}Store', () => {
  it('loads items and adds a valid one on top', async () => {
    const store = new ${P}Store(fakeApi([{ id: 1, name: 'First', created_at: 'then' }]));
    await store.load();
    expect(store.items.map((i) => i.name)).toEqual(['First']);
    expect(await store.add(' Second ')).toBe(true);
    expect(store.items.map((i) => i.name)).toEqual(['Second', 'First']);
  });

  it('refuses an empty name with the shared message', async () => {
    const store = new ${P}Store(fakeApi([]));
    expect(await store.add('   ')).toBe(false);
    expect(store.error).toBe('Name is required.');
  });
});
`,
    [`src/client/pages/${P}Page.tsx`]: `import { Button, Callout, FormGroup, HTMLTable, InputGroup, Spinner } from '@blueprintjs/core';
import { useService } from '@discovery/platform';
import { LoadError, PageTitle } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ${P}StoreToken } from '../stores/${P}Store';

const ${P}Page = observer(function ${P}Page() {
  const { t } = useTranslation('${id}');
  const store = useService(${P}StoreToken);
  const [name, setName] = useState('');

  useEffect(() => {
    store.load();
  }, [store]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    store.add(name).then(
      (added) => added && setName(''),
      () => undefined, // the banner says why (the call is not silent)
    );
  };

  return (
    <section data-testid="${id}-page" style={{ padding: 24 }}>
      {/* A page has exactly one h1 (e2e/specs/a11y/axe.e2e.ts checks every route). */}
      <PageTitle>{t('title')}</PageTitle>
      <form onSubmit={submit} style={{ display: 'flex', gap: 8, alignItems: 'flex-end', maxWidth: 480 }}>
        <FormGroup label={t('nameLabel')} labelFor="${id}-name" style={{ flex: 1, marginBottom: 0 }}>
          <InputGroup id="${id}-name" value={name} onChange={(e) => setName(e.target.value)} />
        </FormGroup>
        <Button type="submit" intent="primary" text={t('add')} />
      </form>
      {store.error && <Callout intent="danger" style={{ marginTop: 8 }}>{store.error}</Callout>}
      {store.list.error ? (
        <LoadError error={store.list.error} onRetry={() => store.load()} />
      ) : store.list.loading ? (
        <Spinner size={24} />
      ) : (
        <HTMLTable striped style={{ marginTop: 16 }} data-testid="${id}-items">
          <thead>
            <tr>
              <th>{t('nameLabel')}</th>
            </tr>
          </thead>
          <tbody>
            {store.items.map((i) => (
              <tr key={i.id}>
                <td>{i.name}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
});

export default ${P}Page;
`,
    'src/client/locales/en.json': JSON.stringify({ title: title, nav: title, nameLabel: 'Name', add: 'Add' }, null, 2) + '\n',
    'src/server/index.ts': `import { defineServerPlugin } from '@discovery/plugin-api';
import { handle, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { ${c}Endpoints as E, ${c}Permissions, type ${P}Item } from '../common';
import init from './migrations/0001_${s}.sql';

const toItem = (r: Record<string, unknown>): ${P}Item => ({ id: Number(r.id), name: String(r.name), created_at: new Date(r.created_at as string).toISOString() });

/**
 * Each route is served against its endpoint definition: the server checks the declared access
 * (permission and product scope) and validates the body with the shared schema before the
 * handler runs.
 */
export default defineServerPlugin<ServerCore, FastifyInstance>({
  id: '${id}',
  permissions: [${c}Permissions.read, ${c}Permissions.create],
  migrations: [{ id: '0001_${s}', sql: init }],
  register(router, core) {
    handle(router, E.items, async ({ context }) => {
      const rows = await core.query('select id, name, created_at from ${s}_items where product_id = $1 order by id desc', [context.product!.id]);
      return { data: rows.map(toItem) };
    });
    handle(router, E.addItem, async ({ body, context }, _req, reply) => {
      const [row] = await core.query('insert into ${s}_items (product_id, name) values ($1, $2) returning id, name, created_at', [context.product!.id, body.item.name]);
      reply.code(201);
      return { data: toItem(row) };
    });
  },
});
`,
    [`src/server/migrations/0001_${s}.sql`]: `create table if not exists ${s}_items (
  id serial primary key,
  product_id integer not null references products(id) on delete cascade,
  name text not null,
  created_at timestamptz not null default now()
);
create index if not exists ${s}_items_product on ${s}_items (product_id);
`,
    'src/server/routes.test.ts': `import { createTestServer, type TestServer } from '@discovery/test-utils/server';
import { ${c}Endpoints as E } from '../common';
import plugin from './index';

describe('${id} API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ plugins: [plugin] });
  });
  afterAll(() => server.close());

  const context = 'acme/us/fizz-cola/fizz-zero';

  it('stores an item for the product in X-Context and lists it', async () => {
    const s = await server.login('admin@example.com');
    const post = await fetch(\`\${server.url}\${E.items.path}\`, {
      method: 'POST',
      headers: s.headers({ 'content-type': 'application/json', 'x-context': context }),
      body: JSON.stringify({ item: { name: 'First' } }),
    });
    expect(post.status).toBe(201);
    const list = await fetch(\`\${server.url}\${E.items.path}\`, { headers: s.headers({ 'x-context': context }) });
    const body = (await list.json()) as { data: { name: string }[] };
    expect(body.data.map((i) => i.name)).toContain('First');
  });

  it('answers 422 naming the field for an empty name', async () => {
    const s = await server.login('admin@example.com');
    const res = await fetch(\`\${server.url}\${E.items.path}\`, {
      method: 'POST',
      headers: s.headers({ 'content-type': 'application/json', 'x-context': context }),
      body: JSON.stringify({ item: { name: '' } }),
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { message: string; fields: Record<string, string> } };
    expect(body.error.message).toBe('Name is required.');
    expect(body.error.fields['item.name']).toBe('Name is required.');
  });

  it('rejects a user without the permission with 403', async () => {
    const s = await server.login('viewer@example.com');
    const res = await fetch(\`\${server.url}\${E.items.path}\`, {
      method: 'POST',
      headers: s.headers({ 'content-type': 'application/json', 'x-context': context }),
      body: JSON.stringify({ item: { name: 'Nope' } }),
    });
    expect(res.status).toBe(403);
  });
});
`,
    [`../../e2e/pageobjects/${id}/${P}Page.ts`]: `/** Page object for the ${id} page. */
export class ${P}Page {
  get root() {
    return $('[data-testid="${id}-page"]');
  }
  get nameInput() {
    return $('#${id}-name');
  }
  get addButton() {
    return this.root.$('button[type="submit"]');
  }
  get rows() {
    return $$('[data-testid="${id}-items"] tbody tr');
  }
  async open(context: string) {
    await browser.url(\`/\${context}/${id}\`);
    await this.root.waitForDisplayed();
  }
  async add(name: string) {
    await this.nameInput.setValue(name);
    await this.addButton.click();
  }
}
`,
    [`../../e2e/specs/${id}/${id}.e2e.ts`]: `import { LoginPage } from '../../pageobjects/shell/LoginPage';
import { ${P}Page } from '../../pageobjects/${id}/${P}Page';

describe('${id}', () => {
  it('adds an item and lists it', async () => {
    await new LoginPage().loginAs('admin@example.com');
    const page = new ${P}Page();
    await page.open('acme/us/fizz-cola/fizz-zero');
    await page.add('From the browser');
    await expect(page.root).toHaveText(expect.stringContaining('From the browser'));
  });
});
`,
  };
  files['package.json'] = withDependencies(files, opts.root ?? ROOT);
  return files;
}

/**
 * The package.json with the dependencies its files import, as `npm run check-boundaries` wants
 * them (scripts/lib/packageDeps.ts): what ships in "dependencies", what only the tests import in
 * "devDependencies", each at the range the workspace already uses.
 */
function withDependencies(files: Record<string, string>, root: string): string {
  const pkg = JSON.parse(files['package.json']) as { name: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  // The plugin's own files (the e2e spec and page object the scaffold writes are e2e's).
  const { shipped, tests } = usesOfTexts(Object.entries(files).filter(([rel]) => !rel.startsWith('..')));
  shipped.delete(pkg.name);
  tests.delete(pkg.name);
  const ws = readWorkspace(root);
  const ranged = (names: Iterable<string>) =>
    Object.fromEntries(
      [...names].sort().map((n) => {
        const range = n.startsWith('@discovery/') ? '*' : declaredRange(ws, n);
        if (!range) throw new Error(`the scaffold imports '${n}', which no package of the workspace declares`);
        return [n, range];
      }),
    );
  pkg.dependencies = ranged(shipped.keys());
  pkg.devDependencies = ranged(tests.keys());
  return JSON.stringify(pkg, null, 2) + '\n';
}

export function scaffold(opts: ScaffoldOptions): string[] {
  const root = opts.root ?? ROOT;
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(opts.id)) throw new Error(`plugin id '${opts.id}' must be kebab-case`);
  if (opts.category && !(NAV_CATEGORIES as readonly string[]).includes(opts.category)) {
    throw new Error(`category must be one of ${NAV_CATEGORIES.join(', ')}`);
  }
  const dir = join(root, 'plugins', opts.id);
  if (existsSync(dir)) throw new Error(`plugins/${opts.id} already exists`);
  const written: string[] = [];
  for (const [rel, text] of Object.entries(scaffoldFiles(opts))) {
    const file = join(dir, rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    written.push(relative(root, file));
  }
  // The project's formatting, so a new plugin passes `npm run lint` as written.
  execFileSync(
    process.execPath,
    [require.resolve('prettier/bin/prettier.cjs'), '--log-level', 'warn', '--write', ...written.filter((f) => /\.(tsx?|json)$/.test(f))],
    { cwd: root, stdio: 'inherit' },
  );
  // Link the workspace package as `npm install` would, so it resolves before the next install.
  const link = join(root, 'node_modules', '@discovery', `plugin-${opts.id}`);
  if (existsSync(join(root, 'node_modules', '@discovery')) && !existsSync(link)) {
    symlinkSync(relative(dirname(link), dir), link, 'dir');
  }
  return written;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const id = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1]?.startsWith('--') !== true);
  if (!id) {
    console.error('usage: npm run create-plugin -- <id> [--category insights] [--title "My Feature"]');
    process.exit(1);
  }
  try {
    const files = scaffold({ id, category: argValue(args, '--category'), title: argValue(args, '--title') });
    console.log(`created plugin '${id}':`);
    files.forEach((f) => console.log(`  ${f}`));
    console.log(`\nNext: add "${id}" to a build in host/builds/*.json, then npm start. Run npm install once to record it in the lockfile.`);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
