import * as XLSX from '@e965/xlsx';
import { readFileSync, rmSync } from 'node:fs';
import { ExplorePage, IndexReportDrawer, PersonaBuilder } from '../../pageobjects/explore/ExplorePage';
import { downloaded, NotificationCenter } from '../../pageobjects/notifications/NotificationCenter';
import { LoginPage } from '../../pageobjects/shell/LoginPage';
import { clickWhenSettled } from '../../pageobjects/shell/Shell';
import { DOWNLOAD_DIR } from '../../wdio.conf';

const CONTEXT = 'acme/us/fizz-cola/fizz-zero';

describe('explore', () => {
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

  it('EXP-024 requests an index report from the drawer and downloads it from the notification center', async function () {
    // The report runner works through the queue (the seeded reports first).
    this.timeout(150_000);
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
