/**
 * WebdriverIO against the app that scripts/e2e.ts started (E2E_BASE_URL). Both the browser and
 * the driver binaries are given, so wdio never tries to download one (TOOLCHAIN.md).
 */
import { resolve } from 'node:path';
import { CHROMIUM_ARGS as chromiumArgs } from '../scripts/lib/chromium';

/** Files the browser downloads (reports, workbooks) land here, where specs read them. */
export const DOWNLOAD_DIR = resolve(process.env.E2E_OUTPUT_DIR ?? '.e2e-output', 'downloads');

/**
 * Spec files run in groups, each group in ONE worker and browser session (issue 26): starting a
 * worker and a browser took ~11 s per spec file, 3.5 min of the suite. The a11y walks go in a
 * group of their own (their fetch probe is an init script that stays in the session). Between two
 * files of a group the browser is reset to what a new session has (see `beforeSuite`).
 * E2E_SPECS (comma-separated files, scripts/e2e.ts --spec) runs those files as one group.
 */
const specs: (string | string[])[] = process.env.E2E_SPECS
  ? [process.env.E2E_SPECS.split(',').map((f) => resolve(f))]
  : process.env.E2E_GROUPS === 'false'
    ? ['./specs/**/*.e2e.ts']
    : [['./specs/!(a11y)/**/*.e2e.ts'], ['./specs/a11y/**/*.e2e.ts']];

/** The spec file the current group is in; a new one resets the browser. */
let currentFile: string | undefined;

/** What a new browser session has: one window, no cookies, empty storage, a blank page. */
async function resetBrowser(): Promise<void> {
  const [first, ...others] = await browser.getWindowHandles();
  for (const h of others) {
    await browser.switchToWindow(h);
    await browser.closeWindow();
  }
  await browser.switchToWindow(first);
  // Cookies and storage belong to the app's origin: cleared from a cheap page of it.
  await browser.url('/api/v1/health');
  await browser.deleteAllCookies();
  await browser.execute(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await browser.url('about:blank');
}

export const config: WebdriverIO.Config = {
  runner: 'local',
  specs,
  // One browser at a time: on 2 cores a second one starves the server and the page under test.
  maxInstances: Number(process.env.E2E_MAX_INSTANCES ?? 1),
  capabilities: [
    {
      browserName: 'chrome',
      'goog:chromeOptions': {
        binary: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium',
        args: chromiumArgs,
        prefs: { 'download.default_directory': DOWNLOAD_DIR, 'download.prompt_for_download': false },
      },
      // The browser log carries Chromium's Content-Security-Policy reports (specs/shell/security.e2e.ts).
      ...{ 'goog:loggingPrefs': { browser: 'ALL' } },
      'wdio:chromedriverOptions': { binary: process.env.CHROMEDRIVER_BIN ?? '/usr/bin/chromedriver' },
    },
  ],
  baseUrl: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
  logLevel: 'error',
  waitforTimeout: 10000,
  connectionRetryTimeout: 60000,
  connectionRetryCount: 1,
  framework: 'mocha',
  reporters: ['spec'],
  mochaOpts: { ui: 'bdd', timeout: 60000 },
  beforeSuite: async (suite) => {
    if (suite.file === currentFile) return;
    const next = currentFile !== undefined;
    currentFile = suite.file;
    if (next) await resetBrowser();
  },
  // A failed test leaves a screenshot and the page's URL for whoever reads the CI log.
  afterTest: async (test, _context, result) => {
    if (result.passed) return;
    const dir = process.env.E2E_OUTPUT_DIR ?? '.e2e-output';
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    const file = `${dir}/${test.title.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`;
    await browser.saveScreenshot(file).catch(() => undefined);
    console.log(`failed at ${await browser.getUrl().catch(() => '?')}; screenshot ${file}`);
  },
};
