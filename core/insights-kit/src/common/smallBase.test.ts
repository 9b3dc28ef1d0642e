import { DEFAULT_SMALL_BASE, isSmallBase, smallBaseThreshold } from './smallBase';

describe('issue 27 §2: the one small-base rule', () => {
  it('flags a figure on fewer people than the threshold, 50 by default; no base is no flag', () => {
    expect(DEFAULT_SMALL_BASE).toBe(50);
    expect(isSmallBase(11)).toBe(true);
    expect(isSmallBase(49)).toBe(true);
    expect(isSmallBase(50)).toBe(false);
    expect(isSmallBase(0)).toBe(true);
    expect(isSmallBase(120, 200)).toBe(true);
    expect(isSmallBase(null)).toBe(false);
    expect(isSmallBase(undefined)).toBe(false);
    expect(isSmallBase(Number.NaN)).toBe(false);
  });

  it('takes the configured threshold (a whole number >= 0), else the default', () => {
    expect(smallBaseThreshold(100)).toBe(100);
    expect(smallBaseThreshold(0)).toBe(0);
    expect(smallBaseThreshold(undefined)).toBe(50);
    expect(smallBaseThreshold(-1)).toBe(50);
    expect(smallBaseThreshold(2.5)).toBe(50);
  });
});
