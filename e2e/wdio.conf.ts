/**
 * WebdriverIO against the app that scripts/e2e.ts started (E2E_BASE_URL). Both the browser and
 * the driver binaries are given, so wdio never tries to download one (TOOLCHAIN.md).
 */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--window-size=1440,900',
];

export const config: WebdriverIO.Config = {
  runner: 'local',
  specs: ['./specs/**/*.e2e.ts'],
  maxInstances: Number(process.env.E2E_MAX_INSTANCES ?? 2),
  capabilities: [
    {
      browserName: 'chrome',
      'goog:chromeOptions': { binary: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium', args: chromiumArgs },
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
};
