import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkBoundaries, importsOf } from './check-boundaries';

function pkg(root: string, dir: string, name: string, exportsMap: Record<string, string>, discovery?: { pluginId: string; dependsOn?: string[] }) {
  mkdirSync(join(root, dir, 'src', 'client'), { recursive: true });
  mkdirSync(join(root, dir, 'src', 'common'), { recursive: true });
  mkdirSync(join(root, dir, 'src', 'server'), { recursive: true });
  writeFileSync(join(root, dir, 'package.json'), JSON.stringify({ name, exports: exportsMap, discovery }));
  for (const file of Object.values(exportsMap)) writeFileSync(join(root, dir, file), '');
}

describe('check-boundaries', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'boundaries-'));
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'root', workspaces: ['core/*', 'plugins/*'] }));
    const plugin = { '.': './src/client/index.ts', './server': './src/server/index.ts', './common': './src/common/index.ts' };
    pkg(root, 'plugins/grow', '@discovery/plugin-grow', plugin, { pluginId: 'grow', dependsOn: ['overlap'] });
    pkg(root, 'plugins/overlap', '@discovery/plugin-overlap', plugin, { pluginId: 'overlap' });
    pkg(root, 'core/ui', '@discovery/ui', { '.': './src/index.ts' });
    pkg(root, 'core/plugin-api', '@discovery/plugin-api', { '.': './src/index.ts' });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const write = (path: string, text: string) => writeFileSync(join(root, path), text);

  it('finds static, type-only, dynamic and require imports', () => {
    expect(importsOf(`import a from 'x';\nimport type { B } from "y";\nexport * from './z';\nconst c = import('w');\nrequire('v');\nimport 'side';`)).toEqual([
      'x',
      'y',
      './z',
      'w',
      'v',
      'side',
    ]);
  });

  it("allows core entries and another plugin's ./common entry", () => {
    write(
      'plugins/grow/src/client/index.ts',
      `import { x } from '@discovery/ui';\nimport { definePlugin } from '@discovery/plugin-api';\nimport { ref } from '@discovery/plugin-overlap/common';\nimport './local';`,
    );
    expect(checkBoundaries(root)).toEqual([]);
  });

  it("a plugin that uses another plugin's ./common at run time must declare it in dependsOn; types alone need nothing", () => {
    write(
      'plugins/overlap/src/client/index.ts',
      `import type { Mekko } from '@discovery/plugin-grow/common';\nimport { growRoute } from '@discovery/plugin-grow/common';`,
    );
    expect(checkBoundaries(root).map((x) => `${x.file}: ${x.reason}`)).toEqual([
      `plugins/overlap/src/client/index.ts: uses plugin 'grow' at run time: declare it in package.json "discovery": { "dependsOn": ["grow"] }`,
    ]);
  });

  it("rejects another plugin's client or server code, deep paths and escaping relative imports", () => {
    write(
      'plugins/grow/src/client/index.ts',
      [
        `import o from '@discovery/plugin-overlap';`,
        `import s from '@discovery/plugin-overlap/server';`,
        `import d from '@discovery/ui/src/shell/TopBar';`,
        `import r from '../../../overlap/src/client/store';`,
      ].join('\n'),
    );
    const v = checkBoundaries(root).map((x) => `${x.specifier}: ${x.reason}`);
    expect(v).toEqual([
      "@discovery/plugin-overlap: a plugin may import only another plugin's './common' entry",
      "@discovery/plugin-overlap/server: a plugin may import only another plugin's './common' entry",
      "@discovery/ui/src/shell/TopBar: deep import: '@discovery/ui' exports only .",
      '../../../overlap/src/client/store: relative import leaves the package',
    ]);
  });

  it('rejects an exports entry whose file does not exist', () => {
    rmSync(join(root, 'core/ui/src/index.ts'));
    expect(checkBoundaries(root).map((x) => `${x.file} ${x.specifier}: ${x.reason}`)).toEqual([
      "core/ui/package.json .: exports '.' names ./src/index.ts, which does not exist",
    ]);
  });

  it('keeps src/common free of React and of client code, and core free of plugins', () => {
    write(
      'plugins/grow/src/common/index.ts',
      `import React from 'react';\nimport { S } from '../client/store';\nimport type { Scope } from '@discovery/plugin-overlap/server';`,
    );
    write('core/ui/src/index.ts', `import g from '@discovery/plugin-grow/common';`);
    const v = checkBoundaries(root).map((x) => `${x.file} ${x.specifier}: ${x.reason}`);
    expect(v).toEqual([
      'plugins/grow/src/common/index.ts react: src/common must stay free of React, Node and runtime packages',
      'plugins/grow/src/common/index.ts ../client/store: src/common may not import client or server code',
      'plugins/grow/src/common/index.ts @discovery/plugin-overlap/server: src/common must stay free of React, Node and runtime packages',
      "plugins/grow/src/common/index.ts @discovery/plugin-overlap/server: a plugin may import only another plugin's './common' entry",
      'core/ui/src/index.ts @discovery/plugin-grow/common: core may not import a plugin',
    ]);
  });
});
