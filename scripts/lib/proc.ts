import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { ROOT } from './workspace';

/**
 * Runs a command from the repository's root and resolves with its exit code. With a `prefix`, every
 * line of its output is prefixed (`[a11y] …`): for children that run side by side, whose output
 * would otherwise interleave unattributed.
 */
export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env, prefix?: string): Promise<number> {
  return new Promise((resolve) => {
    const child = prefix
      ? spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { FORCE_COLOR: '0', ...env } })
      : spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', env });
    if (prefix && child.stdout && child.stderr) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ] as const) {
        let rest = '';
        from.setEncoding('utf8');
        from.on('data', (d: string) => {
          const lines = (rest + d).split('\n');
          rest = lines.pop() ?? '';
          if (lines.length) to.write(lines.map((l) => `${prefix} ${l}\n`).join(''));
        });
        from.on('end', () => rest && to.write(`${prefix} ${rest}\n`));
      }
    }
    // 'close' waits for the piped output to end as well as for the exit.
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Polls a URL until it answers 2xx or the time runs out. */
export async function waitFor(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before answering ${url}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export interface StartedServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The environment a built server started with `env` gets: this process's, the tests' defaults, then `env`. */
export function builtServerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // A small population in its own folder: e2e and benches do not need the 1M demo one.
    DISCOVERY_POPULATION_PEOPLE: '20000',
    // Health answers once the demo data is seeded: the tests start on a seeded server.
    DISCOVERY_SEED_WAIT: 'true',
    ...(env.DISCOVERY_DATA_DIR ? { DISCOVERY_POPULATION_DIR: `${env.DISCOVERY_DATA_DIR}/population` } : {}),
    ...env,
  };
}

/** Starts a built server (dist/<build>/server.mjs) on a free port with its own data dir. */
export async function startBuiltServer(serverFile: string, env: NodeJS.ProcessEnv, timeoutMs = 180_000): Promise<StartedServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', serverFile], {
    cwd: ROOT,
    env: { ...builtServerEnv(env), PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/api/v1/health`, timeoutMs, child);
  } catch (e) {
    child.kill('SIGKILL');
    throw new Error(`${(e as Error).message}\n--- server output ---\n${out}`, { cause: e });
  }
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
