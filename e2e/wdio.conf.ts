/**
 * WebdriverIO against the app that scripts/e2e.ts started (E2E_BASE_URL). Both the browser and
 * the driver binaries are given, so wdio never tries to download one (TOOLCHAIN.md).
 */
import { resolve } from 'node:path';
import { CHROMIUM_ARGS as chromiumArgs } from '../scripts/lib/chromium';

/** Files the browser downloads (reports, workbooks) land here, where specs read them. */
export const DOWNLOAD_DIR = resolve(process.env.E2E_OUTPUT_DIR ?? '.e2e-output', 'downloads');

export const config: WebdriverIO.Config = {
  runner: 'local',
  specs: ['./specs/**/*.e2e.ts'],
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
