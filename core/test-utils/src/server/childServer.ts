import * as esbuild from 'esbuild';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../../..');

/**
 * A JSON line a child server prints on stdout: `{ "event": "enqueued", "pid": 123, ... }`. What
 * else it holds is test data: the test names its shape, `line<{ id: number }>('enqueued')`.
 */
export type ChildLine<T extends object = Record<string, unknown>> = { event: string; pid: number } & T;

export interface ChildServer {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** The first line with this event; fails with the process's output when it errors, exits or takes longer than `timeoutMs`. */
  line<T extends object = Record<string, unknown>>(event: string, timeoutMs?: number): Promise<ChildLine<T>>;
}

/**
 * Bundles a test's child-server entry (TypeScript, our workspace packages bundled, npm packages
 * external and resolved from the repository's node_modules) into one ESM file, for tests that
 * must kill a real server process (kill -9) and start the next one. `dispose` removes the bundle.
 */
export async function bundleChildServer(entry: string, name: string): Promise<{ file: string; dispose: () => void }> {
  // Inside node_modules, so the bundle's external packages resolve from the repository's.
  const dir = join(ROOT, 'node_modules', '.cache', `discovery-${name}`, randomBytes(4).toString('hex'));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.mjs`);
  await esbuild.build({
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [
      {
        name: 'external-deps',
        setup: (b) => b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@discovery/') ? undefined : { path: a.path, external: true })),
      },
    ],
    tsconfig: join(ROOT, 'tsconfig.json'),
    loader: { '.sql': 'text' },
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  });
  return { file, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts a bundled child server with `env` added to this process's; its JSON lines as they come, and its exit. */
export function startChildServer(file: string, env: Record<string, string>): ChildServer {
  const child: ChildProcess = spawn(process.execPath, [file], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: ChildLine[] = [];
  let out = '';
  const waiters: (() => void)[] = [];
  child.stdout!.on('data', (d) => {
    out += d;
    for (const l of String(d).split('\n')) {
      if (!l.startsWith('{')) continue;
      lines.push(JSON.parse(l));
      waiters.splice(0).forEach((w) => w());
    }
  });
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return {
    child,
    exited,
    async line<T extends object>(event: string, timeoutMs = 30_000) {
      const t0 = Date.now();
      for (;;) {
        const hit = lines.find((l) => l.event === event);
        // The child printed it as JSON: its shape is the test's to name.
        if (hit) return hit as ChildLine<T>;
        if (lines.some((l) => l.event === 'error') || child.exitCode !== null || Date.now() - t0 > timeoutMs) {
          throw new Error(`no '${event}' from the server process; its output:\n${out}`);
        }
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
    },
  };
}
