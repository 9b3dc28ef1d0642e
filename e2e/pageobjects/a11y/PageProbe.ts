/**
 * What the walking suites need to know about the page in the browser: whether it has finished
 * loading (no request in flight, no spinner), and which strings the server sent it (every string,
 * number and key of the JSON answers it received), so the pseudo-locale walk can tell data from
 * text that skipped i18next.
 *
 * An init script (WebDriver BiDi, `browser.addInitScript`) wraps `fetch` in every document before
 * the app's own scripts run; each `browser.url` is a new document, so the record is per document
 * (a page reached inside the app, `navigateInApp`, adds to the record of the document it is in).
 */

interface ProbeState {
  /** Names the document, so a reader can tell a new one from the one it read before. */
  doc: string;
  inFlight: number;
  lastActivity: number;
  strings: Set<string>;
  /** The same strings in the order they came, so a reader can take only the new ones. */
  list: string[];
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
    const state: ProbeState = { doc: Math.random().toString(36).slice(2), inFlight: 0, lastActivity: Date.now(), strings: new Set(), list: [] };
    Object.defineProperty(window, '__discoveryProbe', { value: state });
    const collect = (v: unknown, depth: number): void => {
      if (depth > 12 || v === null || v === undefined) return;
      const add = (x: string) => {
        if (state.strings.has(x)) return;
        state.strings.add(x);
        state.list.push(x);
      };
      if (typeof v === 'string') {
        if (v.trim()) add(v.trim());
      } else if (typeof v === 'number' || typeof v === 'boolean') {
        add(String(v));
      } else if (Array.isArray(v)) {
        for (const x of v) collect(x, depth + 1);
      } else if (typeof v === 'object') {
        for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
          add(k);
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

/** What `serverStrings` has read of the current document's record. */
let known: { doc: string; strings: string[] } = { doc: '', strings: [] };

/**
 * The strings of every JSON answer this document has received so far. Only the strings added since
 * the last call cross from the browser (a walk reads them at every page and overlay).
 */
export async function serverStrings(): Promise<string[]> {
  const fresh = await browser.execute(
    (doc: string, from: number) => {
      const p = window.__discoveryProbe;
      if (!p) return { doc: '', from: 0, strings: [] as string[] };
      const start = p.doc === doc ? from : 0;
      return { doc: p.doc, from: start, strings: p.list.slice(start) };
    },
    known.doc,
    known.strings.length,
  );
  if (fresh.doc === known.doc && fresh.from === known.strings.length) known.strings.push(...fresh.strings);
  else known = { doc: fresh.doc, strings: fresh.strings };
  return known.strings;
}
