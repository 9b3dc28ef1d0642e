/** SHELL-118: the placeholder for a missing count. */
export const MISSING_COUNT = 'N/A';

/** SHELL-118 / SHELL-116: counts without decimals, with thousands separators. */
export function formatCount(n: number | null | undefined, locale = 'en-US'): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return MISSING_COUNT;
  return Math.round(n).toLocaleString(locale, { maximumFractionDigits: 0 });
}

/** SHELL-117: the region's symbol before or after the amount, exactly two decimals. */
export function formatCurrency(amount: number, currency: { symbol: string; symbol_first: boolean }, locale = 'en-US'): string {
  const value = amount.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency.symbol_first ? `${currency.symbol}${value}` : `${value}${currency.symbol}`;
}

/** SHELL-116: dates as yyyy-MM-dd (local time). */
export function formatDate(value: string | number | Date): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '-';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A moment as '2026-12-06 09:54' (local time): digits the reader of any language reads, like `formatDate`. */
export function formatDateTime(value: string | number | Date): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '-';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
