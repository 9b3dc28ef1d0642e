/**
 * Sets of people for the tests' brute-force references, as bitsets: bit p of word p >> 5 is person
 * p. Members read person by person into 0/1 arrays (one entry per person) are packed once; word-wise
 * AND, OR and a bit count then count 32 people a step, with no code of the engine's bitmaps or
 * kernels. Counting byte by byte, with a closure per person, took most of engine.test's and
 * kernel.test's time under jest (docs/decisions.md, 2026-12-06).
 */
export type People = Uint32Array;

const imul = Math.imul;
const words = (people: number) => (people + 31) >>> 5;
const packed = new WeakMap<Uint8Array, People>();

/** The bitset of a 0/1 array, kept for the next call: such arrays must not change once counted. */
export function pack(m: Uint8Array): People {
  let w = packed.get(m);
  if (!w) {
    w = new Uint32Array(words(m.length));
    for (let p = 0; p < m.length; p++) if (m[p] === 1) w[p >>> 5] |= 1 << (p & 31);
    packed.set(m, w);
  }
  return w;
}

const asPeople = (s: Uint8Array | People): People => (s instanceof Uint32Array ? s : pack(s));

/** Everyone from person `start` up to (not including) `end`, in a population of `people`. */
export function range(people: number, start: number, end: number): People {
  const out = new Uint32Array(words(people));
  for (let p = start; p < end; p++) out[p >>> 5] |= 1 << (p & 31);
  return out;
}

/** Everyone in at least one of `sets` (none: no one), in a population of `people`. */
export function anyOf(people: number, sets: (Uint8Array | People)[]): People {
  const out = new Uint32Array(words(people));
  for (const s of sets.map(asPeople)) for (let i = 0; i < out.length; i++) out[i] |= s[i];
  return out;
}

/** Everyone in every one of `sets` (at least one). */
export function allOf(sets: (Uint8Array | People)[]): People {
  const ws = sets.map(asPeople);
  const out = ws[0].slice();
  for (const s of ws.slice(1)) for (let i = 0; i < out.length; i++) out[i] &= s[i];
  return out;
}

/** `a` without the people of `b`. */
export function without(a: People, b: People): People {
  const out = a.slice();
  for (let i = 0; i < out.length; i++) out[i] &= ~b[i];
  return out;
}

function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** How many people are in every one of `sets` (at least one). */
export function inAll(...sets: (Uint8Array | People)[]): number {
  const ws = sets.map(asPeople);
  let n = 0;
  for (let i = 0; i < ws[0].length; i++) {
    let x = ws[0][i];
    for (let k = 1; k < ws.length; k++) x &= ws[k][i];
    n += bitCount(x);
  }
  return n;
}
