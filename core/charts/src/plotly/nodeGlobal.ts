/**
 * Plotly's own bundles are built with `global` defined as `window`; built from its sources (as our
 * custom bundle is) one of its dependencies (has-hover) reads `global.matchMedia` at load and
 * throws in a browser. This module runs first in the Plotly chunk and gives the page a `global`
 * (the window), instead of a build-wide `define` that every chunk would carry.
 */
const g = globalThis as typeof globalThis & { global?: typeof globalThis };
if (typeof g.global === 'undefined') g.global = globalThis;

export {};
