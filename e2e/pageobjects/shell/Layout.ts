import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}

/** Where the walk's screenshots go (looked at by whoever reviews the run). */
const SHOTS = join(process.env.E2E_OUTPUT_DIR ?? '.e2e-output', 'walk');

/**
 * What the browser shows, measured: element boxes, the window's scroll extent, the console. The
 * specs that check sizes, scrolling and the console (issue 14) read the page through it.
 */
export class Layout {
  /** A laptop's viewport (the 1440 × 900), the page's own area, not the window's. */
  async viewport(width: number, height: number) {
    await browser.setViewport({ width, height });
  }

  async box(selector: string): Promise<Box> {
    return browser.execute((sel: string) => {
      const el = document.querySelector(sel);
      if (!el) throw new Error(`no element for ${sel}`);
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
    }, selector);
  }

  /** How far the page scrolls sideways (0: it fits). */
  async horizontalOverflow(): Promise<number> {
    return browser.execute(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  }

  /** The window's visible width (without a vertical scrollbar). */
  async clientWidth(): Promise<number> {
    return browser.execute(() => document.documentElement.clientWidth);
  }

  /** Console entries since the last call (Chromium's browser log: warnings, errors, failed requests). */
  async console(): Promise<{ level: string; message: string }[]> {
    return (await browser.getLogs('browser')) as { level: string; message: string }[];
  }

  /** Failed requests and errors the console shows since the last call. */
  async consoleErrors(): Promise<string[]> {
    return (await this.console()).filter((l) => l.level === 'SEVERE').map((l) => l.message);
  }

  async screenshot(name: string) {
    mkdirSync(SHOTS, { recursive: true });
    await browser.saveScreenshot(join(SHOTS, `${name}.png`));
  }
}
