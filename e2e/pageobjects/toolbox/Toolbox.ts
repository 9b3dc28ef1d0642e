import { Shell } from '../shell/Shell';

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
      timeoutMsg: `demo ${field} never read '${text}' (last: '${await this.demo(field).getText().catch(() => '?')}')`,
    });
  }
}
