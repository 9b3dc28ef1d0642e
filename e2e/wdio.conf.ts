/**
 * WebdriverIO against the app that scripts/e2e.ts started (E2E_BASE_URL). Both the browser and
 * the driver binaries are given, so wdio never tries to download one (TOOLCHAIN.md).
 */
import { resolve } from 'node:path';
import { CHROMIUM_ARGS as chromiumArgs } from '../scripts/lib/chromium';
import { installToastRecorder } from './pageobjects/shell/Toasts';
import { isLane, LANES, specsOf } from './lanes';

/** Files the browser downloads (reports, workbooks) land here, where specs read them. */
export const DOWNLOAD_DIR = resolve(process.env.E2E_OUTPUT_DIR ?? '.e2e-output', 'downloads');

/**
 * Spec files run in groups, each group in ONE worker and browser session (issue 26): starting a
 * worker and a browser took ~11 s per spec file, 3.5 min of the suite. Each file of a group gets a
 * new browser session (see `enterFile`). The groups are the lanes (e2e/lanes.ts): scripts/e2e.ts
 * runs each in a wdio process of its own, against a server of its own, side by side (E2E_LANE
 * names the one to run); without E2E_LANE the lanes run one after the other. E2E_SPECS (comma-separated
 * files, scripts/e2e.ts --spec) runs those files as one group.
 */
const lane = process.env.E2E_LANE;
if (lane && !isLane(lane)) throw new Error(`E2E_LANE '${lane}' is none of ${LANES.join(', ')}`);
const specs: (string | string[])[] = process.env.E2E_SPECS
  ? [process.env.E2E_SPECS.split(',').map((f) => resolve(f))]
  : process.env.E2E_GROUPS === 'false'
    ? ['./specs/**/*.e2e.ts']
    : lane && isLane(lane)
      ? [specsOf(lane)]
      : LANES.map(specsOf);

/** The spec file the current group is in; a new one gets a new browser session. */
let currentFile: string | undefined;
let fileStarted = 0;

/**
 * Writes how long the file just finished took, hooks and retries included, to spec-times.txt (one
 * line per file: lane, file, ms); scripts/e2e.ts prints the slowest files and each lane's sum, the
 * figures to balance the lanes by (e2e/lanes.ts).
 */
async function recordFileTime(): Promise<void> {
  if (!currentFile) return;
  const { mkdirSync, appendFileSync } = await import('node:fs');
  const dir = process.env.E2E_OUTPUT_DIR ?? '.e2e-output';
  mkdirSync(dir, { recursive: true });
  const where = currentFile.replace(/^.*\/e2e\//, 'e2e/');
  appendFileSync(`${dir}/spec-times.txt`, `${process.env.E2E_LANE ?? '-'}\t${where}\t${Date.now() - fileStarted}\n`);
}

/**
 * Called before every hook and test with its spec file: the first hook or test of the next file
 * starts a new browser session, so no cookie, storage, window or init script of one file reaches
 * the next. The worker (and its compiled specs) stays: a new session costs about a second, a new
 * worker about 11. WebdriverIO's `beforeSuite` cannot do this: it is one root hook for the whole
 * group, run once before its first file (so the files of a group shared a signed-in browser).
 */
async function enterFile(file: string | undefined): Promise<void> {
  if (!file || file === currentFile) return;
  const next = currentFile !== undefined;
  await recordFileTime();
  currentFile = file;
  fileStarted = Date.now();
  if (next) await browser.reloadSession();
  // Every page of the session records its toasts as they show (pageobjects/shell/Toasts.ts).
  await installToastRecorder();
}

/**
 * A failure leaves a screenshot, the page's URL and one line in failures.txt, which npm test repeats
 * under its timing table (scripts/lib/failures.ts): the spec reporter prints a group's failures when
 * the group ends, far above the end of a CI log.
 */
async function recordFailure(file: string | undefined, name: string, error: unknown, list = 'failures.txt'): Promise<void> {
  const dir = process.env.E2E_OUTPUT_DIR ?? '.e2e-output';
  const { mkdirSync, appendFileSync } = await import('node:fs');
  mkdirSync(dir, { recursive: true });
  const shot = `${dir}/${name.replace(/[^a-z0-9]+/gi, '-').slice(-80)}.png`;
  await browser.saveScreenshot(shot).catch(() => undefined);
  const url = await browser.getUrl().catch(() => '?');
  console.log(`failed at ${url}; screenshot ${shot}`);
  const where = file ? file.replace(/^.*\/e2e\//, 'e2e/') : '?';
  const why = (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 300);
  appendFileSync(`${dir}/${list}`, `${where} › ${name} — ${why} (at ${url})\n`);
}

export const config: WebdriverIO.Config = {
  runner: 'local',
  specs,
  // One browser per wdio process: the lanes are what runs side by side (scripts/e2e.ts).
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
  // Also the wait of every `expect(el).toHave…` (@wdio/runner passes it to expect-webdriverio). A
  // passing wait returns as soon as its state holds, so a long one costs only a failing test time;
  // 10 s was too short beside a busy CI machine's other work.
  waitforTimeout: 20000,
  connectionRetryTimeout: 60000,
  connectionRetryCount: 1,
  framework: 'mocha',
  reporters: ['spec'],
  // Mocha's limit does not stop a test that passes it: its body runs on, driving whatever session
  // comes next (a timed-out test of one file signed out the next file's user). So the limit is far
  // above what a test takes on a busy machine, and a hung step fails first on its own wait (20 s).
  //
  // A test that fails is run once more (E2E_RETRIES, default 1), as Backstage's Playwright suite
  // does on CI: one slow moment of a 2-core machine should not refuse a change it has nothing to do
  // with. A test that needed its retry is not hidden: it is listed in flaky.txt, which npm test
  // prints under its timing table even when the run passes, with its screenshot (docs/decisions.md).
  mochaOpts: { ui: 'bdd', timeout: 180000, retries: Number(process.env.E2E_RETRIES ?? 1) },
  beforeHook: async (hook: { file?: string }) => enterFile(hook.file),
  // The worker's last file (each earlier one was written when the next began).
  after: async () => recordFileTime(),
  beforeTest: async (test) => enterFile(test.file),
  afterTest: async (test, _context, result) => {
    if (result.passed) return;
    // Mocha's own retry fields, spread into `test` by @wdio/mocha-framework.
    const { _currentRetry: attempt = 0, _retries: limit = 0 } = test as unknown as { _currentRetry?: number; _retries?: number };
    const name = `${test.parent} › ${test.title}`;
    if (attempt < limit) await recordFailure(test.file, `${name} [attempt ${attempt + 1} of ${limit + 1}, retried]`, result.error, 'flaky.txt');
    else await recordFailure(test.file, name, result.error);
  },
  // A failed before/after hook fails its tests without an afterTest: record it too.
  afterHook: async (test, _context, result) => {
    if (result.error) await recordFailure(test.file, `${test.parent} › ${test.title}`, result.error);
  },
};
