/**
 * What the walking suites need to know about the page in the browser: whether it has finished
 * loading (no request in flight, no spinner), and which strings the server sent it (every string,
 * number and key of the JSON answers it received), so the pseudo-locale walk can tell data from
 * text that skipped i18next.
 *
 * An init script (WebDriver BiDi, `browser.addInitScript`) wraps `fetch` in every document before
 * the app's own scripts run; each `browser.url` is a new document, so the record is per page.
 */

interface ProbeState {
  inFlight: number;
  lastActivity: number;
  strings: Set<string>;
}

declare global {
  interface Window {
    __discoveryProbe?: ProbeState;
  }
}

/** The browser session the probe is installed in (each spec file gets a new one, wdio.conf.ts). */
let installedIn: string | undefined;

/** Installs the fetch probe in this session (once; it applies to every later navigation). */
export async function installPageProbe(): Promise<void> {
  if (installedIn === browser.sessionId) return;
  installedIn = browser.sessionId;
  await browser.addInitScript(() => {
    const state: ProbeState = { inFlight: 0, lastActivity: Date.now(), strings: new Set() };
    Object.defineProperty(window, '__discoveryProbe', { value: state });
    const collect = (v: unknown, depth: number): void => {
      if (depth > 12 || v === null || v === undefined) return;
      if (typeof v === 'string') {
        if (v.trim()) state.strings.add(v.trim());
      } else if (typeof v === 'number' || typeof v === 'boolean') {
        state.strings.add(String(v));
      } else if (Array.isArray(v)) {
        for (const x of v) collect(x, depth + 1);
      } else if (typeof v === 'object') {
        for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
          state.strings.add(k);
          collect(x, depth + 1);
        }
      }
    };
    const original = window.fetch.bind(window);
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      state.inFlight++;
      state.lastActivity = Date.now();
      try {
        const res = await original(...args);
        if ((res.headers.get('content-type') ?? '').includes('json')) {
          // A clone, so the app reads its own body untouched.
          await res
            .clone()
            .json()
            .then((body: unknown) => collect(body, 0))
            .catch(() => undefined);
        }
        return res;
      } finally {
        state.inFlight--;
        state.lastActivity = Date.now();
      }
    };
  });
}

/**
 * Waits until the page has been quiet for `quietMs`: no request in flight, no spinner, and the
 * URL unchanged (redirects done). Gives up after `timeout` and says so: a page that never settles
 * is reported by the caller rather than hanging the walk.
 */
export async function settle(opts: { quietMs?: number; timeout?: number } = {}): Promise<boolean> {
  const quietMs = opts.quietMs ?? 400;
  const timeout = opts.timeout ?? 15000;
  let lastUrl = '';
  let quietSince = Date.now();
  try {
    await browser.waitUntil(
      async () => {
        const { busy, url } = await browser.execute(() => {
          const p = window.__discoveryProbe;
          // A spinner shown as a demo of the loading state (the chart gallery) never stops: not a load.
          const spinner = Array.from(document.querySelectorAll('.bp6-spinner, .bp6-skeleton')).some(
            (e) => (e as HTMLElement).offsetParent !== null && !e.closest('[data-demo-state]'),
          );
          const busy = !p || p.inFlight > 0 || spinner || document.readyState !== 'complete';
          return { busy, url: location.href };
        });
        if (busy || url !== lastUrl) {
          lastUrl = url;
          quietSince = Date.now();
          return false;
        }
        return Date.now() - quietSince >= quietMs;
      },
      { timeout, interval: 100 },
    );
    return true;
  } catch {
    return false;
  }
}

/** The strings of every JSON answer this page has received so far. */
export async function serverStrings(): Promise<string[]> {
  return browser.execute(() => Array.from(window.__discoveryProbe?.strings ?? []));
}
