import {
  BRAND_COLOURS,
  CATEGORICAL,
  contrast,
  heatColour,
  heatTextColour,
  SERIES_36,
  SERIES_PALETTE,
  seriesColour,
  TAG_COLOURS,
  TAG_PATTERNS,
  TAGS,
  withAlpha,
} from './palette';

// Colour vision deficiency simulation (Machado, Oliveira & Fernandes 2009, severity 1) in linear
// RGB, and the CIE76 distance in Lab: how far apart two colours look to a viewer with each type.
const CVD = {
  none: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};
const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
function lab(hex: string, m: number[][]): number[] {
  const rgb = [1, 3, 5].map((i) => lin(parseInt(hex.slice(i, i + 2), 16) / 255));
  const [r, g, b] = m.map((row) => Math.min(1, Math.max(0, row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2])));
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const [x, y, z] = [
    (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
    0.2126 * r + 0.7152 * g + 0.0722 * b,
    (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
  ].map(f);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}
const distance = (a: string, b: string, m: number[][]) => Math.hypot(...lab(a, m).map((v, i) => v - lab(b, m)[i]));
function closest(colours: readonly string[], m: number[][]): number {
  let min = Infinity;
  for (let i = 0; i < colours.length; i++) for (let j = i + 1; j < colours.length; j++) min = Math.min(min, distance(colours[i], colours[j], m));
  return min;
}

describe('the palette', () => {
  it.each(Object.entries(CVD))('categorical colours stay at least 15 ΔE apart for %s', (_, m) => {
    expect(closest(CATEGORICAL, m)).toBeGreaterThanOrEqual(15);
  });

  it('the check can fail: a classic chart palette collapses for protanopia', () => {
    expect(closest(['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728'], CVD.protanopia)).toBeLessThan(15);
  });

  it("JRN-015 brand colours are the spec's, in order, and stay apart for every viewer", () => {
    expect(BRAND_COLOURS).toEqual(['#205493', '#BE5873', '#6f3d64', '#6baeb2']);
    for (const m of Object.values(CVD)) expect(closest(BRAND_COLOURS, m)).toBeGreaterThanOrEqual(15);
  });

  it('GROW-020 tag colours are the DESIGN ones at half opacity; tags too close in colour for some viewers differ in pattern', () => {
    expect(TAG_COLOURS).toEqual({ owned: '#205493', opportunity: '#6baeb2', none: '#9e9e9e' });
    expect(withAlpha(TAG_COLOURS.owned, 0.5)).toBe('rgba(32, 84, 147, 0.5)');
    for (let i = 0; i < TAGS.length; i++) {
      for (let j = i + 1; j < TAGS.length; j++) {
        const [a, b] = [TAGS[i], TAGS[j]];
        const apart = Object.values(CVD).every((m) => distance(TAG_COLOURS[a], TAG_COLOURS[b], m) >= 15);
        expect([a, b, apart || TAG_PATTERNS[a] !== TAG_PATTERNS[b]]).toEqual([a, b, true]);
      }
    }
  });

  it('GROW-021 36 distinct colours repeated four times; a series takes its index mod 144', () => {
    expect(new Set(SERIES_36).size).toBe(36);
    expect(SERIES_PALETTE).toHaveLength(144);
    expect(SERIES_PALETTE.slice(36, 72)).toEqual(SERIES_36);
    expect(seriesColour(0)).toBe(CATEGORICAL[0]);
    expect(seriesColour(144)).toBe(seriesColour(0));
    expect(seriesColour(-1)).toBe(SERIES_PALETTE[143]);
  });

  it('OVL-015 the heat scale is one hue getting darker, and cell text keeps a readable contrast', () => {
    expect(heatColour(0)).toBe('#f7fbff');
    expect(heatColour(1)).toBe('#08306b');
    expect(heatColour(2)).toBe('#08306b');
    expect(heatColour(Number.NaN)).toBe('#f7fbff');
    let worst = Infinity;
    for (let t = 0; t <= 1; t += 0.01) worst = Math.min(worst, contrast(heatColour(t), heatTextColour(t)));
    // The middle of the scale is the hardest: 4.58:1, above WCAG's 4.5:1 for the cells' 12 px text.
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });
});
