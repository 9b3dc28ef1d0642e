import { SCN_MESSAGES, type ScnMessageKey } from './messages';
import { COST_METHODS, CURVE_NUMBER_PARAMS, type CurveInput, type CurveTypesDto, type PlanImportDto } from './schema';

/** SCN-023: an optional minus sign, digits and optional decimals. */
export const NUMBER_PATTERN = /^-?\d+(\.\d+)?$/;

type Numish = number | string | null | undefined;

/** SCN-023: a stored number, or typed text that matches the number pattern. */
export function isCurveNumber(v: Numish): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  return typeof v === 'string' && NUMBER_PATTERN.test(v.trim());
}

export function toNumber(v: Numish): number | null {
  return isCurveNumber(v) ? Number(typeof v === 'string' ? v.trim() : v) : null;
}

/** SCN-024: whether a curve is bought by rating points (its type says so; the flag when the type is unknown). */
export function curveIsTrp(curve: Pick<CurveInput, 'curve_type_name' | 'isTRP'>, types: CurveTypesDto | null): boolean {
  const t = types?.[curve.curve_type_name];
  return t ? t.is_trp : curve.isTRP === true;
}

export type CurveField = 'media_type' | 'curve_type_name' | (typeof CURVE_NUMBER_PARAMS)[number] | 'CppOrCpm' | 'CPP';

/**
 * SCN-021..024 / SRV-118: the rule each field of a curve row breaks, by field (empty = valid), as
 * the key of its message (SCN_MESSAGES; the client's `messages.<key>` in its language). `types`
 * null skips the check that the type exists (the list not loaded yet); the server always passes it.
 */
export function curveFieldErrors(curve: CurveInput, types: CurveTypesDto | null): Partial<Record<CurveField, ScnMessageKey>> {
  const out: Partial<Record<CurveField, ScnMessageKey>> = {};
  if (!curve.media_type.trim()) out.media_type = 'mediaTypeRequired';
  if (!curve.curve_type_name.trim() || (types !== null && !(curve.curve_type_name in types))) out.curve_type_name = 'curveTypeRequired';
  for (const p of CURVE_NUMBER_PARAMS) if (!isCurveNumber(curve.params[p])) out[p] = 'number';
  const cost = toNumber(curve.params.CppOrCpm);
  if (cost !== COST_METHODS.CPM && cost !== COST_METHODS.CPP) out.CppOrCpm = 'costMethod';
  // SCN-024: CPP only for a TRP curve, at least 1.
  if (curveIsTrp(curve, types)) {
    const cpp = toNumber(curve.params.CPP);
    if (cpp === null || cpp < 1) out.CPP = 'cpp';
  }
  return out;
}

/** The messages of a curve as the server lists them in error_messages, in the spec's words (a parameter's named first). */
export function curveErrorList(errors: Partial<Record<CurveField, ScnMessageKey>>): string[] {
  return Object.entries(errors).map(([field, key]) =>
    field === 'media_type' || field === 'curve_type_name' ? SCN_MESSAGES[key!] : `${field}: ${SCN_MESSAGES[key!]}`,
  );
}

export const isCurveValid = (curve: CurveInput, types: CurveTypesDto | null) => Object.keys(curveFieldErrors(curve, types)).length === 0;

/** SRV-117: how error_messages name a curve: the client's key, else its id, else its position. */
export function curveKey(curve: Pick<CurveInput, 'key' | 'id'>, index: number): string {
  return curve.key ?? (curve.id ? String(curve.id) : String(index));
}

export type CurveMode = 'generic' | 'upload';

/** SCN-013: generic when the product has any generic curve, else upload. */
export function initialCurveMode(curves: readonly { is_generic: boolean }[]): CurveMode {
  return curves.some((c) => c.is_generic) ? 'generic' : 'upload';
}

/**
 * SCN-025: upload mode needs at least one non-generic curve, every one valid with numeric
 * parameters; generic mode at least one media type selected.
 */
export function readyToApply(mode: CurveMode, uploaded: readonly CurveInput[], selectedMediaTypes: readonly string[], types: CurveTypesDto | null): boolean {
  if (mode === 'generic') return selectedMediaTypes.length > 0;
  const own = uploaded.filter((c) => !c.is_generic);
  return own.length > 0 && own.every((c) => isCurveValid(c, types));
}

/** SCN-018: 'Add New Set' shows only when the last non-generic row is valid (or there is none yet). */
export function canAddSet(uploaded: readonly CurveInput[], types: CurveTypesDto | null): boolean {
  const own = uploaded.filter((c) => !c.is_generic);
  const last = own[own.length - 1];
  return !last || isCurveValid(last, types);
}

/** SCN-026 DESIGN: ask only when the other mode has saved curves. */
export function applyNeedsConfirmation(mode: CurveMode, saved: readonly { is_generic: boolean }[]): boolean {
  return mode === 'generic' ? saved.some((c) => !c.is_generic) : saved.some((c) => c.is_generic);
}

export type ImportStatus = 'submitted' | 'complete' | 'failed';

/** SCN-007: undefined or null = submitted, true = complete, false = failed. */
export function importStatus(rec: Pick<PlanImportDto, 'import_success'> | { import_success?: boolean | null }): ImportStatus {
  if (rec.import_success === true) return 'complete';
  if (rec.import_success === false) return 'failed';
  return 'submitted';
}

/** SCN-006 / 002 §9: newest first. */
export function sortImports<T extends Pick<PlanImportDto, 'created_at' | 'id'>>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);
}

/** SCN-008 DESIGN: yyyy-MM-dd HH:mm in the viewer's time zone. */
export function formatImportDate(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

export interface ResponsePoint {
  spend: number;
  reach: number;
}

/**
 * The response a curve's parameters describe, as the plot beside the table draws it: a
 * generalised logistic (Richards) curve of the buying units the spend gets,
 *   reach(u) = Base + (Asymptote − Base) / (1 + e^(−Slope·(u − Acceleration)))^(1/Asymmetry)
 * where u is thousands of impressions (CPM: spend / CPM · 1000 / 1000 = spend) or rating points
 * (CPP: spend / CPP). Null when the parameters do not describe a curve (not numbers, Asymmetry ≤ 0).
 */
export function responseCurve(curve: CurveInput, types: CurveTypesDto | null, maxSpend: number, steps = 60): ResponsePoint[] | null {
  const n = Object.fromEntries(CURVE_NUMBER_PARAMS.map((p) => [p, toNumber(curve.params[p])])) as Record<(typeof CURVE_NUMBER_PARAMS)[number], number | null>;
  if (Object.values(n).some((v) => v === null) || n.Asymmetry! <= 0 || !(maxSpend > 0)) return null;
  const trp = curveIsTrp(curve, types);
  const cpp = toNumber(curve.params.CPP);
  if (trp && (cpp === null || cpp < 1)) return null;
  const out: ResponsePoint[] = [];
  for (let i = 0; i <= steps; i++) {
    const spend = (maxSpend * i) / steps;
    const units = trp ? spend / cpp! : spend;
    const reach = n.Base! + (n.Asymptote! - n.Base!) / Math.pow(1 + Math.exp(-n.Slope! * (units - n.Acceleration!)), 1 / n.Asymmetry!);
    if (!Number.isFinite(reach)) return null;
    out.push({ spend, reach });
  }
  return out;
}

/** The spend axis: far enough past every curve's turning point to show its flattening. */
export function responseSpendRange(curves: readonly CurveInput[], types: CurveTypesDto | null): number {
  let max = 0;
  for (const c of curves) {
    const acc = toNumber(c.params.Acceleration);
    const slope = toNumber(c.params.Slope);
    if (acc === null || slope === null || slope === 0) continue;
    const units = Math.max(acc, 0) + 6 / Math.abs(slope);
    const cpp = curveIsTrp(c, types) ? toNumber(c.params.CPP) : 1;
    if (cpp && cpp > 0) max = Math.max(max, units * cpp);
  }
  return max > 0 && Number.isFinite(max) ? max : 100;
}
