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
    const box = await this.read(selector, false);
    if (!box) throw new Error(`no element for ${selector}`);
    return box;
  }

  /** The box of `selector`; null when there is none or, with `still`, while it or an ancestor animates. */
  private read(selector: string, still: boolean): Promise<Box | null> {
    return browser.execute(
      (sel: string, still: boolean) => {
        const el = document.querySelector(sel);
        if (!el) return null;
        if (still) for (let n: Element | null = el; n; n = n.parentElement) if (n.getAnimations().some((a) => a.playState === 'running')) return null;
        const r = el.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
      },
      selector,
      still,
    );
  }

  /**
   * The box of `selector` once it is still: no animation or transition runs on it or an ancestor
   * (a popover scales in) and two reads in a row agree (its place is computed after it shows).
   */
  async settledBox(selector: string): Promise<Box> {
    let last = '';
    let box: Box | null = null;
    await browser.waitUntil(
      async () => {
        box = await this.read(selector, true);
        const now = JSON.stringify(box);
        const still = box !== null && now === last;
        last = now;
        return still;
      },
      { timeoutMsg: `${selector} never stood still` },
    );
    return box!;
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
