/** BRAND-031 / BRAND-042 / A-13: Company IDs are integers in 1..2147483647 (a PostgreSQL integer). */
export const COMPANY_ID_MIN = 1;
export const COMPANY_ID_MAX = 2_147_483_647;

/** What a Company ID field holds: unset, a valid id, or something that is not one. */
export type ParsedCompanyId = { kind: 'empty' } | { kind: 'valid'; value: number } | { kind: 'invalid' };

/** Parses the text of a Company ID input. Blank is unset (the field is optional). */
export function parseCompanyId(text: string | number | null | undefined): ParsedCompanyId {
  const s = text === null || text === undefined ? '' : String(text).trim();
  if (s === '') return { kind: 'empty' };
  if (!/^\d+$/.test(s)) return { kind: 'invalid' };
  const n = Number(s);
  return n >= COMPANY_ID_MIN && n <= COMPANY_ID_MAX ? { kind: 'valid', value: n } : { kind: 'invalid' };
}

export function isCompanyIdValid(text: string | number | null | undefined): boolean {
  return parseCompanyId(text).kind !== 'invalid';
}

/** The id to send: null when blank; only call for valid text. */
export function companyIdValue(text: string | number | null | undefined): number | null {
  const p = parseCompanyId(text);
  return p.kind === 'valid' ? p.value : null;
}

/** BRAND-032: the numeric inputs refuse the letter e and the minus sign. */
export function isBlockedCompanyIdKey(key: string): boolean {
  return key === 'e' || key === 'E' || key === '-';
}

/**
 * BRAND-012 / BRAND-037: the Company ID a card shows: its own, else the brand's (for a product),
 * else the client's; `inherited` when it is not the card's own, shown muted.
 */
export function effectiveCompanyId(own: number | null | undefined, ...fallbacks: (number | null | undefined)[]): { value: number | null; inherited: boolean } {
  if (own !== null && own !== undefined) return { value: own, inherited: false };
  for (const f of fallbacks) if (f !== null && f !== undefined) return { value: f, inherited: true };
  return { value: null, inherited: false };
}
