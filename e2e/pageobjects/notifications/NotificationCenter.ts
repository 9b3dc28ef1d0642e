import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DOWNLOAD_DIR } from '../../wdio.conf';
import { clickWhenSettled } from '../shell/Shell';

/** The shell's notification panel and badge, with what the notifications plugin puts in them. */
export class NotificationCenter {
  get navItem() {
    return $('[data-testid="nav-item-notifications"]');
  }
  get badge() {
    return $('[data-testid="notification-badge"]');
  }
  get panel() {
    return $('[data-testid="notifications-panel"]');
  }
  get historyButton() {
    return $('[data-testid="download-report-history"]');
  }
  row(text: string) {
    return this.panel.$(`tr*=${text}`);
  }

  async open() {
    await clickWhenSettled(
      () => this.navItem,
      () => this.panel.isDisplayed(),
    );
  }

  async close() {
    await browser.keys('Escape');
    await this.panel.waitForDisplayed({ reverse: true });
  }

  async badgeNumber(): Promise<number> {
    return (await this.badge.isExisting()) ? Number((await this.badge.getText()).replace('+', '')) : 0;
  }

  /** Creates an index-report task through the API, as Explore will, in the page's session. */
  async requestReport(context: string, name: string, rules: { include: { and: { or: string[] }[] } }) {
    const status = await browser.executeAsync(
      (ctx: string, body: string, done: (s: number) => void) => {
        fetch('/api/v1/notifications/index_reports', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', 'x-csrf-token': localStorage.getItem('csrf-token') ?? '', 'x-context': ctx },
          body,
        }).then(
          (r) => done(r.status),
          () => done(0),
        );
      },
      context,
      JSON.stringify({ index_report: { name, rules } }),
    );
    if (status !== 201) throw new Error(`index report request answered ${status}`);
  }
}

/** Waits for a downloaded file whose name matches, and returns its path. */
export async function downloaded(match: RegExp): Promise<string> {
  let found = '';
  await browser.waitUntil(
    () => {
      if (!existsSync(DOWNLOAD_DIR)) return false;
      found = readdirSync(DOWNLOAD_DIR).find((f) => match.test(f) && !f.endsWith('.crdownload')) ?? '';
      return found !== '';
    },
    { timeout: 15000, timeoutMsg: `no download matching ${match}` },
  );
  return join(DOWNLOAD_DIR, found);
}
