import { formatCount, formatCurrency, formatDate, MISSING_COUNT } from './format';

describe('formatting helpers', () => {
  it("SHELL-118 formats counts without decimals and shows 'N/A' for a missing count", () => {
    expect(formatCount(1234567.6)).toBe('1,234,568');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(null)).toBe('N/A');
    expect(formatCount(Number.NaN)).toBe(MISSING_COUNT);
  });

  it('SHELL-117 puts the region currency symbol before or after, with two decimals', () => {
    expect(formatCurrency(1234.5, { symbol: '$', symbol_first: true })).toBe('$1,234.50');
    expect(formatCurrency(0.456, { symbol: '€', symbol_first: false })).toBe('0.46€');
  });

  it('SHELL-116 shows dates as yyyy-MM-dd', () => {
    expect(formatDate(new Date(2026, 10, 2, 23, 59))).toBe('2026-11-02');
    expect(formatDate('not a date')).toBe('-');
  });
});
