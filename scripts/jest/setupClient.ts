import { webcrypto } from 'node:crypto';

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
