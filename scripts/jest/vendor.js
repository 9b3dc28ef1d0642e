// Packages jest loads as one pre-bundled file each (issue 26 §2). Under jest every test file has its
// own module registry, so each file required every module of these packages again: @blueprintjs/icons
// is one generated component module per icon (4,400 files), and loading it, Blueprint's core and
// inversify took 1-3 s per test file here (77 client test files; inversify in server ones too).
// esbuild bundles each once per npm install (keyed by the installed versions) into
// node_modules/.cache; jest.config.js maps the package names to the bundles. The build bundles the
// same packages with esbuild, so the tests still run what the app runs.
const { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..', '..');
const OUT = join(ROOT, 'node_modules', '.cache', 'discovery-jest-vendor');
// React stays one instance for tests and bundles; each vendored package stays one instance too.
const SHARED = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'];
const VENDOR = ['@blueprintjs/icons', '@blueprintjs/icons/next', '@blueprintjs/core', '@blueprintjs/table', 'inversify'];

// Loaded on first use: Blueprint's core requires '@blueprintjs/icons/next' (5 MB bundled) for its
// IconNext component, which the app does not render; most test files never touch it.
const LAZY = ['@blueprintjs/icons/next'];

const fileOf = (name) => join(OUT, `${name.replace(/[@/]/g, '_')}.cjs`);
const mappedFile = (name) => (LAZY.includes(name) ? fileOf(name).replace(/\.cjs$/, '.lazy.cjs') : fileOf(name));
/** A module that loads the bundle at its first property read (Blueprint reads them inside components). */
const lazyModule = (bundle) => `let real;
const load = () => (real ??= require(${JSON.stringify(bundle)}));
module.exports = new Proxy({}, {
  get: (_, key) => load()[key],
  has: (_, key) => key in load(),
  ownKeys: () => Reflect.ownKeys(load()),
  getOwnPropertyDescriptor: (_, key) => Object.getOwnPropertyDescriptor(load(), key),
});
`;
// A subpath ('@blueprintjs/icons/next': Blueprint's core loads its 2,254 modules too) has its package's version.
const version = (name) =>
  JSON.parse(readFileSync(join(ROOT, 'node_modules', ...name.split('/').slice(0, name.startsWith('@') ? 2 : 1), 'package.json'), 'utf8')).version;

/** jest's moduleNameMapper entries: each vendored package's exact name to its bundle. */
function vendorMapper() {
  // DISCOVERY_JEST_VENDOR=off: the packages as installed, module by module (to rule the bundles out).
  if (process.env.DISCOVERY_JEST_VENDOR === 'off') return {};
  return Object.fromEntries(VENDOR.map((name) => [`^${name.replace(/[/.]/g, '\\$&')}$`, mappedFile(name)]));
}

/** Builds the bundles when the installed versions differ from the last build's (jest's globalSetup). */
function buildVendor() {
  const stampFile = join(OUT, 'stamp.json');
  const stamp = JSON.stringify({ v: 3, node: process.version, packages: Object.fromEntries(VENDOR.map((n) => [n, version(n)])) });
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && VENDOR.every((n) => existsSync(mappedFile(n)))) return;
  const esbuild = require('esbuild');
  mkdirSync(OUT, { recursive: true });
  for (const name of VENDOR) {
    const tmp = `${fileOf(name)}.${process.pid}.tmp`;
    esbuild.buildSync({
      absWorkingDir: ROOT,
      stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: ROOT, loader: 'js' },
      bundle: true,
      // node: resolves the packages' CommonJS "main" (what jest loaded before) and leaves
      // process.env.NODE_ENV to the test run.
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      // esbuild's externals cover subpaths: '@blueprintjs/icons' would also leave out '@blueprintjs/icons/next' itself.
      external: [...SHARED, ...VENDOR.filter((n) => n !== name && !name.startsWith(`${n}/`))],
      outfile: tmp,
      logLevel: 'warning',
    });
    // Written whole, then renamed: a jest started beside this one never reads half a file.
    renameSync(tmp, fileOf(name));
    if (LAZY.includes(name)) {
      writeFileSync(tmp, lazyModule(fileOf(name)));
      renameSync(tmp, mappedFile(name));
    }
  }
  writeFileSync(`${stampFile}.${process.pid}.tmp`, stamp);
  renameSync(`${stampFile}.${process.pid}.tmp`, stampFile);
}

module.exports = { vendorMapper, buildVendor };
