import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { checkDependencies, importedPackages } from './packageDeps';

describe('each package declares its own dependencies (issue 26 §5)', () => {
  let root: string;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const json = (path: string, value: unknown) => write(path, JSON.stringify(value));
  const reasons = () => checkDependencies(root).map((v) => `${v.package.split(' ')[0]} ${v.dependency}: ${v.reason}`);

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'package-deps-'));
    json('package.json', {
      name: 'root',
      workspaces: ['core/*', 'plugins/*'],
      scripts: { test: 'jest' },
      devDependencies: { jest: '^30', '@types/react': '^19' },
    });
    json('node_modules/jest/package.json', { name: 'jest', bin: { jest: './bin/jest.js' } });
    json('core/ui/package.json', { name: '@discovery/ui', dependencies: { react: '^19.3.1' } });
    write('core/ui/src/index.tsx', `import { useState } from 'react';\nexport const x = useState;\n`);
    json('plugins/grow/package.json', {
      name: '@discovery/plugin-grow',
      dependencies: { '@discovery/ui': '*', zod: '^4.6.7' },
      devDependencies: { '@testing-library/react': '^16.3.3' },
    });
    write(
      'plugins/grow/src/client/index.ts',
      `import type { X } from '@discovery/ui';\nimport * as z from 'zod';\nimport { readFileSync } from 'node:fs';\nimport './local';\n`,
    );
    write('plugins/grow/src/client/Grow.test.tsx', `import { render } from '@testing-library/react';\n`);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('reads the packages a file imports, type-only and side-effect imports included, not code inside a string', () => {
    const source =
      "import type { A } from 'fastify';\nimport '@blueprintjs/icons/lib/css/icons.css';\nconst t = `import x from 'react';`;\nrequire('tsx/cjs');\nimport('node:path');\n";
    expect([...importedPackages(source)].sort()).toEqual(['@blueprintjs/icons', 'fastify', 'tsx']);
  });

  it('passes a workspace whose packages declare what they import', () => {
    expect(reasons()).toEqual([]);
  });

  it('names the file that imports an undeclared package', () => {
    write('plugins/grow/src/server/index.ts', `import fastify from 'fastify';\n`);
    expect(reasons()).toEqual(['@discovery/plugin-grow fastify: plugins/grow/src/server/index.ts imports it: declare it in "dependencies"']);
  });

  it('a package code that ships imports cannot be a devDependency; one only tests import is not a dependency', () => {
    write('plugins/grow/src/client/Table.tsx', `import { render } from '@testing-library/react';\n`);
    write('plugins/grow/src/client/Grow.test.tsx', `import { z } from 'zod';\n`);
    write('plugins/grow/src/client/index.ts', `import type { X } from '@discovery/ui';\n`);
    expect(reasons()).toEqual([
      '@discovery/plugin-grow @testing-library/react: plugins/grow/src/client/Table.tsx imports it: declare it in "dependencies" (it is only a devDependency)',
      '@discovery/plugin-grow zod: only its tests import it: move it to "devDependencies"',
    ]);
  });

  it('reports a declared package nothing imports', () => {
    write('plugins/grow/src/client/Grow.test.tsx', `export {};\n`);
    expect(reasons()).toEqual(['@discovery/plugin-grow @testing-library/react: declared in "devDependencies" but nothing imports it']);
  });

  it("the types a package's tsconfig loads are its dependencies too", () => {
    json('plugins/grow/tsconfig.json', { compilerOptions: { types: ['node', '@wdio/globals/types'] } });
    expect(reasons()).toEqual([
      '@discovery/plugin-grow @types/node: plugins/grow/tsconfig.json loads its types: declare it in "devDependencies"',
      '@discovery/plugin-grow @wdio/globals: plugins/grow/tsconfig.json loads its types: declare it in "devDependencies"',
    ]);
  });

  it('one range per package across the workspace, and "*" for a workspace package', () => {
    json('core/ui/package.json', { name: '@discovery/ui', dependencies: { react: '^19.0.0' } });
    json('plugins/grow/package.json', {
      name: '@discovery/plugin-grow',
      dependencies: { '@discovery/ui': '0.1.0', zod: '^4.6.7', react: '^19.3.1' },
      devDependencies: { '@testing-library/react': '^16.3.3' },
    });
    write('plugins/grow/src/client/Page.tsx', `import React from 'react';\n`);
    expect(checkDependencies(root).map((v) => `${v.package} ${v.dependency}: ${v.reason}`)).toEqual([
      '@discovery/plugin-grow (plugins/grow) @discovery/ui: a workspace package is declared as "*" (found "0.1.0")',
      '@discovery/ui (core/ui), @discovery/plugin-grow (plugins/grow) react: declared with different ranges ("^19.0.0", "^19.3.1"): use one',
    ]);
  });

  it('the root declares what its scripts import; a tool counts as used when a script runs it or its types serve a package', () => {
    write('scripts/bench.ts', `import autocannon from 'autocannon';\n`);
    json('package.json', {
      name: 'root',
      workspaces: ['core/*', 'plugins/*'],
      scripts: { test: 'jest' },
      devDependencies: { jest: '^30', '@types/react': '^19', prettier: '^3' },
    });
    expect(reasons()).toEqual([
      'root autocannon: scripts/bench.ts imports it: declare it in the root "devDependencies"',
      'root prettier: nothing imports it, names it in a script or config, or needs it as a peer or its types',
    ]);
  });
});
