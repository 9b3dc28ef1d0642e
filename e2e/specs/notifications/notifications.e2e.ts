import * as XLSX from '@e965/xlsx';
import { readFileSync, rmSync } from 'node:fs';
import { downloaded, NotificationCenter } from '../../pageobjects/notifications/NotificationCenter';
import { LoginPage } from '../../pageobjects/shell/LoginPage';
import { clickWhenSettled } from '../../pageobjects/shell/Shell';
import { DOWNLOAD_DIR } from '../../wdio.conf';

const CONTEXT = 'acme/us/fizz-cola/fizz-zero';

describe('notification center and index reports', () => {
  const center = new NotificationCenter();
  const name = `E2E index ${Date.now()}`;

  before(async () => {
    rmSync(DOWNLOAD_DIR, { recursive: true, force: true });
    await new LoginPage().loginAs('admin@example.com');
    await browser.url(`/${CONTEXT}/home`);
    await $('[data-testid="home-page"]').waitForDisplayed();
  });

  it('SHELL-082 shows a requested report IN-PROGRESS with its download disabled', async () => {
    await center.requestReport(CONTEXT, name, { include: { and: [{ or: ['dmx-0002'] }, { or: ['dmx-0007'] }] } });
    await center.open();
    const row = center.row(name);
    await row.waitForDisplayed();
    await expect(row).toHaveText(expect.stringContaining(`IN-PROGRESS: ${name}`));
    await expect(row.$('[data-testid="notification-download"]')).toBeDisabled();
    await center.close();
  });

  it('SHELL-083 SHELL-086 turns downloadable once built; downloading it clears its highlight and drops the badge by one', async () => {
    // the runner works through the queue (seeded reports first); reopening the panel refreshes it
    await browser.waitUntil(
      async () => {
        await center.open();
        const text = await center.row(name).getText();
        const ready = !text.includes('IN-PROGRESS') && (await center.row(name).$('[data-testid="notification-download"]').isEnabled());
        if (!ready) await center.close();
        return ready;
      },
      { timeout: 90_000, interval: 2000, timeoutMsg: 'the report never completed' },
    );
    await expect(center.row(name)).toHaveAttribute('data-highlighted', 'true');
    const before = await center.badgeNumber();
    expect(before).toBeGreaterThan(0);
    await clickWhenSettled(
      () => center.row(name).$('[data-testid="notification-download"]'),
      async () => (await center.row(name).getAttribute('data-highlighted')) === 'false',
    );
    const file = await downloaded(new RegExp(`^${name}\\.xlsx$`));
    const sheet = XLSX.read(readFileSync(file)).Sheets['Index Report'];
    expect(XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 })[0]).toEqual(['Index report', name]);
    await browser.waitUntil(async () => (await center.badgeNumber()) === before - 1, { timeoutMsg: 'the badge did not drop by one' });
  });

  it('SHELL-079 SHELL-080 downloads the report history workbook with its columns', async () => {
    await clickWhenSettled(() => center.historyButton);
    const file = await downloaded(/^Report_History_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = XLSX.read(readFileSync(file));
    const rows = XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
    expect(rows[0]).toEqual(['Date', 'Time', 'Email', 'Hierarchy', 'Asset Name', 'Asset Type']);
    const mine = rows.find((r) => r[4] === name)!;
    expect(mine[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(mine[1]).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(mine.slice(2)).toEqual(['admin@example.com', CONTEXT, name, 'index_report']);
  });
});
