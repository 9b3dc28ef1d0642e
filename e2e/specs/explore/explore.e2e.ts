import * as XLSX from '@e965/xlsx';
import { readFileSync, rmSync } from 'node:fs';
import type { StartedServer } from '../../../scripts/lib/proc';
import { ExplorePage, IndexReportDrawer, MotivationBuilder, PersonaBuilder } from '../../pageobjects/explore/ExplorePage';
import { startTier3Server } from '../../pageobjects/explore/Tier3Server';
import { downloaded, NotificationCenter } from '../../pageobjects/notifications/NotificationCenter';
import { LoginPage } from '../../pageobjects/shell/LoginPage';
import { clickWhenSettled } from '../../pageobjects/shell/Shell';
import { DOWNLOAD_DIR } from '../../wdio.conf';

const CONTEXT = 'acme/us/fizz-cola/fizz-zero';

describe('explore', function () {
  // WebdriverIO reads a test's timeout before the test runs, so `this.timeout` inside a test is
  // too late: the suite's is set here (the index report waits for the report runner's queue).
  this.timeout(180_000);
  const page = new ExplorePage();
  const builder = new PersonaBuilder();
  const drawer = new IndexReportDrawer();
  const center = new NotificationCenter();
  const name = `Women 18-24 ${Date.now()}`;
  let id = 0;

  before(async () => {
    rmSync(DOWNLOAD_DIR, { recursive: true, force: true });
    await new LoginPage().loginAs('planner@example.com');
  });

  it('EXP-001 / EXP-002 / EXP-004 opens on the seeded default persona with its matched count and Person Level widgets', async () => {
    await page.open(CONTEXT);
    await expect(page.title).toHaveText('Insights Explore');
    await expect(page.dropdown).toHaveText(expect.stringContaining('Health-conscious parents'));
    expect(await page.dropdown.getSize('width')).toBe(441);
    expect(await page.matchedPeople()).toBeGreaterThan(0);
    expect(await page.personLevelWidgets()).toEqual(expect.arrayContaining(['Age', 'Gender']));
  });

  it('EXP-017 creates a persona in the builder and reads its widgets', async () => {
    await clickWhenSettled(
      () => page.create,
      () => builder.root.isDisplayed(),
    );
    await builder.name.setValue(name);
    await builder.chooseSegments('18-24', ['dmx-0001']);
    await $('[data-testid="explore-builder-segment-dmx-0001"]').waitForDisplayed();
    await builder.save.click();
    id = await page.personaId();
    await expect(page.dropdown).toHaveText(expect.stringContaining(name));
    expect(await page.matchedPeople()).toBeGreaterThan(0);
    // An 18-24 persona: the Age widget's 18-24 row holds everyone (index well over 100).
    const rows = await page.demographicRows('Age');
    expect(rows.find((r) => r.startsWith('18-24'))).toContain('100.0%');
  });

  // The report runner works through the queue (the seeded reports first).
  it('EXP-024 requests an index report from the drawer and downloads it from the notification center', async () => {
    await page.menuItem('explore-index-report-open', () => drawer.root.isDisplayed());
    await drawer.name.setValue(`${name} report`);
    await drawer.submit.click();
    await page.waitForToast('Index report requested. You will be notified when it is ready.');
    await browser.waitUntil(
      async () => {
        await center.open();
        const row = center.row(`${name} report`);
        const ready =
          (await row.isExisting()) && !(await row.getText()).includes('IN-PROGRESS') && (await row.$('[data-testid="notification-download"]').isEnabled());
        if (!ready) await center.close();
        return ready;
      },
      { timeout: 90_000, interval: 2000, timeoutMsg: 'the report never completed' },
    );
    await clickWhenSettled(() => center.row(`${name} report`).$('[data-testid="notification-download"]'));
    const file = await downloaded(/ report\.xlsx$/);
    const sheet = XLSX.read(readFileSync(file)).Sheets['Index Report'];
    expect(XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 })[0]).toEqual(['Index report', `${name} report`]);
    await center.close();
  });

  it('EXP-015 converts the persona to an audience: the builder opens holding the persona and returns to Explore', async () => {
    await page.open(CONTEXT, id);
    await page.menuItem('explore-convert', () => $('[data-testid="audience-builder"]').isDisplayed());
    const url = new URL(await browser.getUrl());
    expect(url.pathname).toBe(`/${CONTEXT}/audiences/builder`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ action: 'savePersona', referer: 'Explore', returnUrl: `insights/explore/${id}` });
    await expect($('[data-testid="builder-name"]')).toHaveValue(name);
  });
});

// Tier 3 is a deployment of its own (SHELL-013): these tests run against a second server started
// with DISCOVERY_TIER=3, last in the file (the browser's cookies for 127.0.0.1 are shared by both
// servers' ports, and the next spec file starts a new browser session).
describe('explore in tier 3', function () {
  // A fresh server seeds its database and generates its population before it answers.
  this.timeout(480_000);
  const page = new ExplorePage();
  const motivation = new MotivationBuilder();
  const name = `Parents motivations ${Date.now()}`;
  let tier3: Promise<StartedServer> | undefined;
  let base: string | undefined;

  before(async () => {
    tier3 = startTier3Server();
    const { url } = await tier3;
    base = browser.options.baseUrl;
    browser.options.baseUrl = url;
    await new LoginPage().loginAs('planner@example.com');
  });

  after(async () => {
    if (base) browser.options.baseUrl = base;
    // Stopped even when the test failed while it was still starting.
    await (await tier3?.catch(() => undefined))?.stop();
  });

  it('EXP-016 / EXP-018 / EXP-027 / EXP-028 / EXP-029 / EXP-031 / SRV-096 / SRV-097 requests a motivation audience and watches its job go from pending to completed with its count', async () => {
    await page.open(CONTEXT);
    await expect(page.dropdown).toHaveText(expect.stringContaining('Health-conscious parents'));
    // The job counts the persona's rule in the context's region, as the matched count does.
    const matched = await page.matchedPeople();
    await page.menuItem('explore-motivation', () => motivation.root.isDisplayed());
    expect(new URL(await browser.getUrl()).pathname).toMatch(new RegExp(`^/${CONTEXT}/insights/motivation-audience/builder/\\d+$`));
    await browser.waitUntil(async () => (await motivation.persona.$('option:checked').getText()) === 'Health-conscious parents', {
      timeout: 20000,
      timeoutMsg: 'the builder does not hold the persona',
    });
    await motivation.recordStates();
    await motivation.name.setValue(name);
    await motivation.submit.click();
    await page.waitForToast('Motivation audience requested.');
    const done = await motivation.waitForStatus(name, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    const states = await motivation.states(name);
    // EXP-028: the new row shows pending with no people; while in flight the people stay empty.
    expect(states[0]).toEqual({ status: 'pending', statusText: 'Pending', people: '' });
    for (const s of states.slice(0, -1)) {
      expect(['pending', 'processing']).toContain(s.status);
      expect(s.people).toBe('');
    }
    // EXP-029: completed shows the people count.
    expect(done.statusText).toBe('Completed');
    expect(Number(done.people.replace(/,/g, ''))).toBe(matched);
    // EXP-027: the overview list read afresh holds it, completed with its count.
    await browser.refresh();
    await motivation.root.waitForDisplayed({ timeout: 20000 });
    await motivation.recordStates();
    expect(await motivation.waitForStatus(name, ['completed'], 20000)).toEqual(done);
  });
});
