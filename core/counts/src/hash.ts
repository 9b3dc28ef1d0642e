/**
 * `Math.imul` held in module scope: a global name read in a hot loop is a lookup on the global
 * object, which inside a `vm` context (jest's test environment) goes through V8's interceptors and
 * made these functions about 30 times slower there than in Node (docs/decisions.md, 2026-12-06).
 */
const imul = Math.imul;

/** murmur3's 32-bit finaliser: a fast, well-mixed integer hash. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform number in [0, 1) for (person, salt): the same inputs always give the same draw. */
export function draw(person: number, salt: number): number {
  return fmix32(imul(person, 0x9e3779b1) ^ salt) / 4294967296;
}

/** A salt from a string and the seed. */
export function saltOf(text: string, seed: number): number {
  let h = fmix32(seed ^ 0x5bd1e995);
  for (let i = 0; i < text.length; i++) h = fmix32(h ^ imul(text.charCodeAt(i), 0x01000193));
  return h;
}

/** Small seeded generator for choices made once (sizes, names), not per person. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    return fmix32(s) / 4294967296;
  };
}
