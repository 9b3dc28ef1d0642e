import * as esbuild from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { directImports } from './directImports';

/** A barrel package (`lib`) used by the app's first chunk for A and by a lazy chunk for B (as `Bee`). */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'direct-imports-'));
  const lib = join(dir, 'node_modules', 'lib');
  mkdirSync(join(lib, 'parts'), { recursive: true });
  writeFileSync(join(lib, 'package.json'), JSON.stringify({ name: 'lib', sideEffects: false, module: 'index.js' }));
  writeFileSync(join(lib, 'index.js'), "export { A } from './a.js';\nexport * from './parts/index.js';\n");
  writeFileSync(join(lib, 'a.js'), "export const A = () => 'first-chunk-code';\n");
  // A cycle of re-exports, which ES modules allow.
  writeFileSync(join(lib, 'parts', 'index.js'), "export { B as Bee } from '../b.js';\nexport * from '../index.js';\n");
  writeFileSync(join(lib, 'b.js'), "export function B() { return 'lazy-chunk-code'; }\n");
  writeFileSync(join(dir, 'main.ts'), "import { A, type Nothing } from 'lib';\nconsole.log(A());\nvoid import('./lazy');\n");
  writeFileSync(join(dir, 'lazy.ts'), "import {\n  Bee as B,\n} from 'lib';\nexport const run = () => B();\n");
  return dir;
}

/** The code the first chunk loads (the entry and every chunk it imports statically), and all of it. */
async function firstLoad(dir: string, plugins: esbuild.Plugin[]): Promise<{ first: string; all: string }> {
  const r = await esbuild.build({
    absWorkingDir: dir,
    entryPoints: ['main.ts'],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: join(dir, 'out'),
    write: false,
    metafile: true,
    plugins,
    logLevel: 'silent',
  });
  const text = new Map(r.outputFiles.map((f) => [f.path.slice(dir.length + 1), f.text]));
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const i of r.metafile.outputs[key].imports) if (i.kind === 'import-statement') visit(i.path);
  };
  visit(Object.keys(r.metafile.outputs).find((k) => r.metafile.outputs[k].entryPoint === 'main.ts')!);
  return { first: [...seen].map((k) => text.get(k)).join('\n'), all: [...text.values()].join('\n') };
}

describe('direct imports', () => {
  let dir: string;
  beforeAll(() => {
    dir = project();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('without it, esbuild puts a barrel export only a lazy chunk uses in the first load', async () => {
    expect((await firstLoad(dir, [])).first).toContain('lazy-chunk-code');
  });

  it('with it, the first load holds what the first chunk imports, followed through re-exports, renames and cycles', async () => {
    const { first, all } = await firstLoad(dir, [directImports({ barrel: (s) => s === 'lib', importers: /\/(main|lazy)\.ts$/ })]);
    expect(first).toContain('first-chunk-code');
    expect(first).not.toContain('lazy-chunk-code');
    expect(all).toContain('lazy-chunk-code');
  });
});
