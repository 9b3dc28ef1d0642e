/**
 * The charts' one palette. Categorical series use the Okabe–Ito colours, which stay apart for
 * protanopia, deuteranopia and tritanopia (palette.test.ts checks the distance under each); the
 * spec's fixed colours (Grow tags GROW-020, Journey brands JRN-015) are kept as given, and where
 * two of them come close for some viewers a pattern tells them apart as well.
 */

/** Okabe & Ito (2008), black left out (it reads as text): series, compare-mode audiences. */
export const CATEGORICAL = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#56B4E9', '#CC79A7', '#F0E442'] as const;

export type Tag = 'owned' | 'opportunity' | 'none';
/** GROW-020 DESIGN: owned #205493, opportunity #6baeb2, none #9e9e9e. */
export const TAG_COLOURS: Record<Tag, string> = { owned: '#205493', opportunity: '#6baeb2', none: '#9e9e9e' };
/**
 * Opportunity and none are only ~7 ΔE apart under protanopia (measured in palette.test.ts), so
 * 'none' is hatched as well: the tag can be told without colour.
 */
export const TAG_PATTERNS: Record<Tag, '' | '/' | 'x' | '.'> = { owned: '', opportunity: '', none: '/' };
export const TAGS: readonly Tag[] = ['owned', 'opportunity', 'none'];

/** JRN-015: brand colours by brand order. */
export const BRAND_COLOURS = ['#205493', '#BE5873', '#6f3d64', '#6baeb2'] as const;

/** The population's reference (index 100) marker on index bars. */
export const REFERENCE_COLOUR = '#394b59';

const HUES = [...CATEGORICAL, '#332288', '#117733', '#882255', '#999933', '#44AA99'];

function mix(hex: string, to: [number, number, number], amount: number): string {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return (
    '#' +
    c
      .map((v, i) =>
        Math.round(v + (to[i] - v) * amount)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/**
 * GROW-021: 36 colours (12 hues, then their tints, then their shades) repeated four times, 144
 * entries; a market's or series' colour is its index mod 144 (A-36).
 */
export const SERIES_36: readonly string[] = [...HUES, ...HUES.map((h) => mix(h, [255, 255, 255], 0.45)), ...HUES.map((h) => mix(h, [0, 0, 0], 0.3))];
export const SERIES_PALETTE: readonly string[] = [...SERIES_36, ...SERIES_36, ...SERIES_36, ...SERIES_36];

export function seriesColour(index: number): string {
  return SERIES_PALETTE[((index % SERIES_PALETTE.length) + SERIES_PALETTE.length) % SERIES_PALETTE.length];
}

/** A colour at an opacity, as Plotly and CSS take it (GROW-020's half-opacity fills). */
export function withAlpha(hex: string, alpha: number): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** ColorBrewer 'Blues' stops: one hue, so lightness carries the value for every viewer (OVL-015 DESIGN). */
const HEAT_STOPS = ['#f7fbff', '#deebf7', '#c6dbef', '#9ecae1', '#6baed6', '#4292c6', '#2171b5', '#08519c', '#08306b'];

/** The heat grid's fill for an intensity in [0, 1] (clamped; NaN is the lightest). */
export function heatColour(intensity: number): string {
  const t = Number.isFinite(intensity) ? Math.min(1, Math.max(0, intensity)) : 0;
  const pos = t * (HEAT_STOPS.length - 1);
  const i = Math.min(HEAT_STOPS.length - 2, Math.floor(pos));
  const f = pos - i;
  const a = [1, 3, 5].map((k) => parseInt(HEAT_STOPS[i].slice(k, k + 2), 16));
  const b = [1, 3, 5].map((k) => parseInt(HEAT_STOPS[i + 1].slice(k, k + 2), 16));
  return (
    '#' +
    a
      .map((v, k) =>
        Math.round(v + (b[k] - v) * f)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export const DARK_TEXT = '#182026';

/**
 * Text on a heat cell: white or black, whichever contrasts more with the cell's fill. Black, not
 * DARK_TEXT: in the middle of the scale neither white nor #182026 reaches WCAG's 4.5:1 for the
 * cells' 12 px text (4.1:1), while the better of white and black is always at least 4.58:1.
 */
export function heatTextColour(intensity: number): string {
  const fill = heatColour(intensity);
  return contrast(fill, '#ffffff') > contrast(fill, '#000000') ? '#ffffff' : '#000000';
}

/** Issue 27 §2: the mark after a figure on a small base (the legend and the exports explain it). */
export const SMALL_BASE_MARK = '*';
/** The small-base corner of a heat cell. */
export const SMALL_BASE_COLOUR = '#c87619';
