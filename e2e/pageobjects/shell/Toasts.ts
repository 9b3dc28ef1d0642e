/**
 * Toasts as a user sees them come and go. A toast lasts a few seconds (GROW-055's 2.5 s), and a
 * test on a busy machine may look after it has gone: three page objects read the container once
 * the action had ended, and failed. So every page of a session records each toast as it appears
 * (an init script, installed in each browser session by wdio.conf.ts), and `waitForToast` reads
 * that record. It takes what it found out of the record, so an identical later toast must show anew.
 */
declare global {
  interface Window {
    __discoveryToasts?: string[];
  }
}

/** The toasts' container (core/ui shell/Toasts.tsx): each toast is a `role=status` child. */
export const TOASTS = '[data-testid="toasts"]';

let installedIn: string | undefined;

/** Records every toast of every later page of this browser session (once per session). */
export async function installToastRecorder(): Promise<void> {
  if (installedIn === browser.sessionId) return;
  installedIn = browser.sessionId;
  await browser.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__discoveryToasts', { value: seen });
    const known = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const el of Array.from(document.querySelectorAll('[data-testid="toasts"] > [role="status"]'))) {
        const text = el.textContent ?? '';
        if (known.has(el) || !text) continue;
        known.add(el);
        seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Waits until a toast containing `text` has shown on this page (now or since the last match). */
export async function waitForToast(text: string, timeout = 20000): Promise<void> {
  await browser.waitUntil(
    () =>
      browser.execute((wanted: string) => {
        const seen = window.__discoveryToasts;
        // A page opened before the recorder was installed: only what shows now.
        if (!seen) return (document.querySelector('[data-testid="toasts"]')?.textContent ?? '').includes(wanted);
        const i = seen.findIndex((s) => s.includes(wanted));
        if (i < 0) return false;
        seen.splice(0, i + 1);
        return true;
      }, text),
    { timeout, timeoutMsg: `no toast '${text}'` },
  );
}
