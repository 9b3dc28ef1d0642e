/**
 * Proves `npm run create-plugin` end to end: scaffolds a plugin into the real tree, typechecks and
 * boundary-checks it, runs its unit and server tests, adds it to a temporary build, bundles that
 * build, starts its server and runs the plugin's generated e2e spec against it in headless
 * Chromium. Everything it created is removed afterwards, pass or fail.
 *
 * npm test (scripts/test.ts) writes the plugin into the tree before its first phase instead, so the
 * tree's own typecheck, boundaries, lint, format and jest runs check it with everything else (the
 * plugin's part of them costs a few seconds, where its own runs cost about 60 s of CPU: each loads
 * the whole program), and calls this with `inTree` for the rest: the build, its chunk, the e2e spec.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { build } from './build';
import { scaffold } from './create-plugin';
import { run, startBuiltServer } from './lib/proc';
import { ROOT } from './lib/workspace';
import { SCAFFOLD_CHECK_ID } from '../e2e/lanes';

const ID = SCAFFOLD_CHECK_ID;
const pluginDir = join(ROOT, 'plugins', ID);
const buildFile = join(ROOT, 'host', 'builds', `${ID}.json`);
const link = join(ROOT, 'node_modules', '@discovery', `plugin-${ID}`);
const e2eDirs = [join(ROOT, 'e2e', 'specs', ID), join(ROOT, 'e2e', 'pageobjects', ID)];

/** Removes everything the check wrote (synchronous: npm test calls it on exit too). */
export function removeScaffold(): void {
  rmSync(pluginDir, { recursive: true, force: true });
  rmSync(buildFile, { force: true });
  rmSync(join(ROOT, 'dist', ID), { recursive: true, force: true });
  if (existsSync(link)) unlinkSync(link);
  for (const d of e2eDirs) rmSync(d, { recursive: true, force: true });
}

/**
 * Writes the plugin into the tree as `npm run create-plugin` does, and a build of `full` plus it,
 * formatted as the tree's format check wants it.
 */
export async function writeScaffold(): Promise<void> {
  removeScaffold();
  scaffold({ id: ID, category: 'toolbox', title: 'Scaffold Check' });
  const full = JSON.parse(readFileSync(join(ROOT, 'host', 'builds', 'full.json'), 'utf8'));
  const text = JSON.stringify({ name: ID, plugins: [...full.plugins, ID] });
  writeFileSync(buildFile, await format(text, { ...(await resolveConfig(buildFile)), filepath: buildFile }));
}

/** `opts.tag`: npm test runs this beside another step, and its output lines start with the tag. */
/**
 * `opts.tag`: npm test runs this beside another step, and its output lines start with the tag.
 * `opts.inTree`: the plugin is already in the tree (writeScaffold) and the tree's checks cover it;
 * the caller removes it.
 */
export async function scaffoldCheck(opts: { e2e: boolean; tag?: string; inTree?: boolean }): Promise<number> {
  const say = (line: string) => console.log(opts.tag ? `${opts.tag} ${line}` : line);
  if (!opts.inTree) await writeScaffold();
  try {
    const steps: [string, () => Promise<number>][] = [
      // The client, server, drivers and e2e projects (tsconfig.json's references), each incremental.
      ['typecheck with the new plugin', () => run('npm', ['run', 'typecheck'], undefined, opts.tag)],
      ['boundaries', () => run('npx', ['tsx', 'scripts/check-boundaries.ts'], undefined, opts.tag)],
      [
        'lint and format of what it wrote',
        () =>
          run('npx', ['eslint', `plugins/${ID}`, ...e2eDirs], undefined, opts.tag).then(
            (c) => c || run('npx', ['prettier', '--check', `plugins/${ID}`, ...e2eDirs], undefined, opts.tag),
          ),
      ],
      [
        'its unit and server tests',
        () => run('npx', ['jest', '--ci', `plugins/${ID}/`], { ...process.env, TEST_DATABASE_URL: '', NODE_OPTIONS: '--experimental-vm-modules' }, opts.tag),
      ],
    ];
    for (const [name, step] of opts.inTree ? [] : steps) {
      say(`scaffold-check: ${name}`);
      const code = await step();
      if (code !== 0) return code;
    }
    const r = await build(ID);
    const chunk = Object.keys(r.metafile.outputs).find((k) => k.includes('ScaffoldCheckPage') && k.endsWith('.js'));
    if (!chunk) {
      console.error('scaffold-check: the build has no lazy chunk for the new page');
      return 1;
    }
    say(`scaffold-check: page chunk ${chunk}`);
    if (!opts.e2e) return 0;
    const dataDir = mkdtempSync(join(tmpdir(), 'discovery-scaffold-'));
    const server = await startBuiltServer(r.serverFile, { DISCOVERY_DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      return await run(
        'npx',
        ['wdio', 'run', 'e2e/wdio.conf.ts', '--spec', `e2e/specs/${ID}/${ID}.e2e.ts`],
        // Its own output folder: npm test runs the e2e lanes beside this, and their failures list and
        // spec times are theirs.
        { ...process.env, E2E_BASE_URL: server.url, E2E_OUTPUT_DIR: join(ROOT, '.e2e-output', ID) },
        opts.tag,
      );
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  } finally {
    if (!opts.inTree) removeScaffold();
  }
}

if (require.main === module) {
  scaffoldCheck({ e2e: !process.argv.includes('--no-e2e') })
    .then((code) => process.exit(code))
    .catch((e) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    });
}
