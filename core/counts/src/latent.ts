import { DEMOGRAPHIC_KEYS, FACTOR_CUTS, FACTOR_LEVELS, FACTORS, PARTITIONS, type DemographicKey, type FactorKey, type PartitionKey } from './taxonomy';

/** Bound once: an imported name read through the module object (jest's CommonJS) slows the loops below. */
const LEVELS = FACTOR_LEVELS;
/** Bound once, as in hash.ts: `Math.x` read in a hot loop is a global lookup, many times slower in jest's vm context. */
const { abs, exp, floor, SQRT2 } = Math;

/** The standard normal CDF (Abramowitz & Stegun 7.1.26, |error| < 1.5e-7): pure arithmetic, the same on every thread. */
export function normalCdf(x: number): number {
  const z = abs(x) / SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

const norm = (w: number[]) => {
  const t = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / t);
};

/**
 * The space of a person's latent traits, exactly: every demographic cell (age × gender × income
 * × education bands, 432 cells) with its share of the population, and per factor the chance of
 * each level (0..4) in each cell. What the generator draws person by person follows these
 * distributions, so sizes and expectations computed here are what a population holds on average.
 */
export class LatentSpace {
  /** Bands per demographic partition, in DEMOGRAPHIC_KEYS order. */
  readonly sizes: number[];
  readonly cells: number;
  /** Share of the population in each cell. */
  readonly cellWeight: Float64Array;
  /** The band of each demographic partition in each cell. */
  readonly cellBand: Record<DemographicKey, Uint8Array>;
  private readonly levelProb = new Map<FactorKey, Float64Array>();
  private readonly levelCum = new Map<FactorKey, Float64Array>();
  private readonly weightCache = new Map<string, Float64Array>();

  constructor() {
    const parts = DEMOGRAPHIC_KEYS.map((k) => PARTITIONS.find((p) => p.key === k)!);
    this.sizes = parts.map((p) => p.bands.length);
    this.cells = this.sizes.reduce((a, b) => a * b, 1);
    this.cellWeight = new Float64Array(this.cells);
    this.cellBand = Object.fromEntries(DEMOGRAPHIC_KEYS.map((k) => [k, new Uint8Array(this.cells)])) as Record<DemographicKey, Uint8Array>;
    for (let c = 0; c < this.cells; c++) {
      const bands = this.bandsOf(c);
      let w = 1;
      parts.forEach((p, k) => {
        this.cellBand[p.key as DemographicKey][c] = bands[k];
        if (Array.isArray(p.weights)) w *= norm(p.weights)[bands[k]];
        else w *= norm(p.weights.rows[bands[DEMOGRAPHIC_KEYS.indexOf(p.weights.given as DemographicKey)]])[bands[k]];
      });
      this.cellWeight[c] = w;
    }
    for (const f of FACTORS) {
      const prob = new Float64Array(this.cells * LEVELS);
      const cum = new Float64Array(this.cells * (LEVELS - 1));
      for (let c = 0; c < this.cells; c++) {
        let mu = 0;
        for (const k of DEMOGRAPHIC_KEYS) mu += f.effects[k]?.[this.cellBand[k][c]] ?? 0;
        let below = 0;
        for (let l = 0; l < LEVELS; l++) {
          const upTo = l < LEVELS - 1 ? normalCdf(FACTOR_CUTS[l] - mu) : 1;
          prob[c * LEVELS + l] = upTo - below;
          if (l < LEVELS - 1) cum[c * (LEVELS - 1) + l] = upTo;
          below = upTo;
        }
      }
      this.levelProb.set(f.key, prob);
      this.levelCum.set(f.key, cum);
    }
  }

  /** The cell of these demographic bands (in DEMOGRAPHIC_KEYS order). */
  cellOf(bands: ArrayLike<number>): number {
    let c = 0;
    for (let k = 0; k < this.sizes.length; k++) c = c * this.sizes[k] + bands[k];
    return c;
  }

  bandsOf(cell: number): number[] {
    const out = new Array<number>(this.sizes.length);
    for (let k = this.sizes.length - 1; k >= 0; k--) {
      out[k] = cell % this.sizes[k];
      cell = floor(cell / this.sizes[k]);
    }
    return out;
  }

  /** Cumulative level chances of a factor per cell (4 per cell: below each cut): a person's level is the first it draws under. */
  cumulative(f: FactorKey): Float64Array {
    return this.levelCum.get(f)!;
  }

  /**
   * The joint distribution over cells × levels of these factors (configurations indexed
   * cell × 5^n + Σ level_j × 5^j): factors are independent given the cell.
   */
  weights(factors: readonly FactorKey[]): Float64Array {
    const key = factors.join(',');
    let w = this.weightCache.get(key);
    if (!w) {
      const span = LEVELS ** factors.length;
      w = new Float64Array(this.cells * span);
      const probs = factors.map((f) => this.levelProb.get(f)!);
      for (let c = 0; c < this.cells; c++) {
        for (let j = 0; j < span; j++) {
          let p = this.cellWeight[c];
          let rest = j;
          for (let k = 0; k < factors.length; k++) {
            p *= probs[k][c * LEVELS + (rest % LEVELS)];
            rest = floor(rest / LEVELS);
          }
          w[c * span + j] = p;
        }
      }
      this.weightCache.set(key, w);
    }
    return w;
  }

  /** Values over `from`'s configurations spread over `to`'s (to ⊇ from). */
  expand(values: Float64Array, from: readonly FactorKey[], to: readonly FactorKey[]): Float64Array {
    if (from.join(',') === to.join(',')) return values;
    const pos = from.map((f) => to.indexOf(f));
    const spanTo = LEVELS ** to.length;
    const spanFrom = LEVELS ** from.length;
    const out = new Float64Array(this.cells * spanTo);
    const digits = new Array<number>(to.length);
    for (let j = 0; j < spanTo; j++) {
      let rest = j;
      for (let k = 0; k < to.length; k++) {
        digits[k] = rest % LEVELS;
        rest = floor(rest / LEVELS);
      }
      let sub = 0;
      for (let k = pos.length - 1; k >= 0; k--) sub = sub * LEVELS + digits[pos[k]];
      for (let c = 0; c < this.cells; c++) out[c * spanTo + j] = values[c * spanFrom + sub];
    }
    return out;
  }

  /** The level of each factor in configuration j (of `factors`). */
  levelsOf(j: number, n: number): number[] {
    const out = new Array<number>(n);
    for (let k = 0; k < n; k++) {
      out[k] = j % LEVELS;
      j = floor(j / LEVELS);
    }
    return out;
  }
}

/**
 * The c that makes Σ u_j · min(1, c · a_j) = target (the expected members of a segment whose
 * chance per configuration is its multiplier a_j capped at 1, scaled by c); the largest
 * reachable when the target is out of reach.
 */
export function calibrate(u: Float64Array, a: Float64Array, target: number): number {
  let linear = 0;
  let reach = 0;
  let maxA = 0;
  let minA = Infinity;
  for (let j = 0; j < u.length; j++) {
    if (u[j] === 0 || a[j] === 0) continue;
    linear += u[j] * a[j];
    reach += u[j];
    if (a[j] > maxA) maxA = a[j];
    if (a[j] < minA) minA = a[j];
  }
  if (linear === 0) return 0;
  if (target >= reach) return 1 / minA;
  // Water-filling: with the configurations capped at c fixed, the rest is linear in c; solve it,
  // cap again, until the capped set stops growing (it only grows, so a few rounds).
  let c = target / linear;
  for (let round = 0; round < 200 && c * maxA > 1; round++) {
    let capped = 0;
    let slope = 0;
    for (let j = 0; j < u.length; j++) {
      if (u[j] === 0) continue;
      if (c * a[j] >= 1) capped += u[j];
      else slope += u[j] * a[j];
    }
    const next = (target - capped) / slope;
    if (next <= c * (1 + 1e-12)) break;
    c = next;
  }
  return c;
}

/** Partitions outside the demographic cell (Tier) cannot drive factors or skews. */
export function isDemographic(key: PartitionKey): key is DemographicKey {
  return (DEMOGRAPHIC_KEYS as readonly string[]).includes(key);
}
