import { clickWhenSettled, Shell } from '../shell/Shell';

/** Toolbox units in the left nav, the embedded frame with the demo application, the notice page. */
export class Toolbox {
  readonly shell = new Shell();

  navItem(name: string) {
    return this.shell.nav.$(`[data-testid="nav-item-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}"]`);
  }
  get frame() {
    return $('[data-testid="toolbox-app-frame"]');
  }
  get noticePage() {
    return $('[data-testid="notice-page"]');
  }

  /** Runs `fn` inside the embedded frame, then returns to the app. */
  async inFrame<T>(fn: () => Promise<T>): Promise<T> {
    await this.frame.waitForDisplayed({ timeout: 20000 });
    await browser.switchFrame(await this.frame.getElement());
    try {
      return await fn();
    } finally {
      await browser.switchFrame(null);
    }
  }

  /** Inside the frame: the demo application's field. */
  demo(field: 'greeting' | 'status' | 'email' | 'context' | 'context-count' | 'token-count' | 'ask' | 'intruder') {
    return $(`[data-testid="demo-${field}"]`);
  }

  async waitForDemoText(field: 'greeting' | 'status' | 'email' | 'context' | 'context-count' | 'token-count', text: string) {
    await browser.waitUntil(async () => (await this.demo(field).getText()) === text, {
      timeout: 15000,
      timeoutMsg: `demo ${field} never read '${text}' (last: '${await this.demo(field)
        .getText()
        .catch(() => '?')}')`,
    });
  }

  get adminPage() {
    return $('[data-testid="toolbox-admin-page"]');
  }
  unitRow(name: string) {
    return $(`[data-testid="unit-row-${name}"]`);
  }

  /** The management screen's unit dialog: name, url, embedded or link, regions. */
  async addUnit(opts: { name: string; url: string; embedded: boolean; regions: string[] }) {
    await clickWhenSettled(
      () => $('[data-testid="add-unit"]'),
      async () => $('[data-testid="unit-dialog"]').isDisplayed(),
    );
    const dialog = $('[data-testid="unit-dialog"]');
    await dialog.$('#unit-name').setValue(opts.name);
    await dialog.$('#unit-url').setValue(opts.url);
    if (!opts.embedded) await dialog.$('label*=Open inside the app').click();
    if (opts.regions.length) {
      await dialog.$('label*=All regions').click();
      for (const r of opts.regions) await dialog.$(`label*=${r}`).click();
    }
    await dialog.$('[data-testid="unit-save"]').click();
    await dialog.waitForExist({ reverse: true, timeout: 10000 });
  }
}
