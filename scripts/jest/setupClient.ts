import { webcrypto } from 'node:crypto';
import { configure } from '@testing-library/react';

// jsdom lacks these browser APIs that Blueprint and the shell use.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = (() => undefined) as typeof window.scrollTo;
// A desktop window (jsdom says 1024 px): the app's main area is at least 1280 px wide, and the
// left nav starts collapsed in narrower windows (issue 14 §6).
Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1920 });
Object.defineProperty(window, 'innerHeight', { configurable: true, writable: true, value: 1080 });
if (!globalThis.crypto?.randomUUID) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto });
}

// Tests wait for the state they need, not for a time (issue 26 §3): findBy* and waitFor return as
// soon as the state is there, and give up only after 15 s, not Testing Library's 1 s, which a page
// that renders the shell and loads its lazy page overran on a busy machine (ClientsSection's
// BRAND-059 on CI beside a browser). A passing test is no slower; only a failing one waits longer.
// Below jest's 30 s test timeout, so a missing element fails with Testing Library's message.
configure({ asyncUtilTimeout: 15_000 });
