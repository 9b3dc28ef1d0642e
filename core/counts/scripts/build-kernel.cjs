#!/usr/bin/env node
/**
 * The package's install script: builds the native count kernel (binding.gyp) with node-gyp.
 * A failed build is a warning, never a failed `npm install`: the count engine then runs every
 * operation on `roaring` (same answers, slower overlaps and mekkos) and says so in
 * kernelStatus(), engine.memory().kernel and GET /api/v1/counts/status.
 */
const { spawnSync } = require('node:child_process');
const { mkdirSync, rmSync, writeFileSync, openSync, writeSync, closeSync } = require('node:fs');
const { join } = require('node:path');

// The package folder; an argument points it elsewhere (the test runs it on a copy).
const root = process.argv[2] ?? join(__dirname, '..');
// npm hands its own node-gyp to install scripts; outside npm, the one on PATH.
const gyp = process.env.npm_config_node_gyp;
const run = gyp
  ? spawnSync(process.execPath, [gyp, 'rebuild'], { cwd: root, stdio: 'inherit' })
  : spawnSync('node-gyp', ['rebuild'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });

// Why the kernel is missing, for kernelStatus() (src/kernel.ts reads it).
const report = join(root, 'build', 'kernel-build.json');
if (run.status === 0) {
  rmSync(report, { force: true });
  process.exit(0);
}
const why = run.error ? run.error.message : `node-gyp exited with ${run.status ?? run.signal}`;
mkdirSync(join(root, 'build'), { recursive: true });
writeFileSync(report, JSON.stringify({ reason: why, at: new Date().toISOString(), platform: `${process.platform}-${process.arch}` }));
const warning = [
  '',
  `WARNING @discovery/counts: the native count kernel was not built (${why}).`,
  '  npm install goes on: the count engine runs on roaring (the same answers, slower overlaps and',
  '  mekkos); GET /api/v1/counts/status and engine.memory().kernel say so.',
  '  To build it: install a C compiler, make and python3, then run `npm rebuild @discovery/counts`.',
  '',
].join('\n');
console.warn(warning);
// npm hides a passing install script's output; the terminal, when there is one, still gets it.
try {
  const tty = openSync('/dev/tty', 'w');
  writeSync(tty, `${warning}\n`);
  closeSync(tty);
} catch {
  // no terminal (CI): the warning is in npm's log with --foreground-scripts, and in the status
}
process.exit(0);
