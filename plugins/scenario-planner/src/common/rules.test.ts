import {
  applyNeedsConfirmation,
  canAddSet,
  COST_METHODS,
  curveErrorList,
  curveFieldErrors,
  formatImportDate,
  importStatus,
  initialCurveMode,
  isCurveNumber,
  readyToApply,
  responseCurve,
  responseSpendRange,
  SCN_MESSAGES,
  sortImports,
  type CurveInput,
  type CurveTypesDto,
  type ScnMessageKey,
} from './index';

const TYPES: CurveTypesDto = {
  'S-Curve': { is_trp: false, description: '' },
  TRP: { is_trp: true, description: '' },
};
const curve = (over: Partial<CurveInput> = {}, params: Partial<CurveInput['params']> = {}): CurveInput => ({
  media_type: 'Social',
  curve_type_name: 'S-Curve',
  is_generic: false,
  params: { Base: '0', Slope: '0.03', Acceleration: '80', Asymptote: '45', Asymmetry: '1', CppOrCpm: 1, CPP: '', ...params },
  ...over,
});

/** A row's rule keys in the spec's words (what the server answers; the client translates the keys). */
const words = (errors: Partial<Record<string, ScnMessageKey>>) => Object.fromEntries(Object.entries(errors).map(([f, k]) => [f, SCN_MESSAGES[k!]]));

describe('scenario-planner rules', () => {
  it('SCN-023 the number pattern: optional minus, digits, optional decimals', () => {
    for (const ok of ['0', '12', '-3', '0.5', '-12.25', ' 7 ', 4, -0.5]) expect(isCurveNumber(ok)).toBe(true);
    for (const bad of ['', ' ', '.5', '1.', '1e3', '+1', '--1', '1,5', 'abc', '1.2.3', null, undefined, Number.NaN, Infinity])
      expect(isCurveNumber(bad)).toBe(false);
  });

  it('SCN-021 SCN-022 SCN-023 each field answers with the spec’s message', () => {
    expect(curveFieldErrors(curve(), TYPES)).toEqual({});
    expect(words(curveFieldErrors(curve({ media_type: '  ', curve_type_name: '' }, { Slope: 'x', Asymmetry: '' }), TYPES))).toEqual({
      media_type: 'Please enter a Media Type',
      curve_type_name: 'Please select a Curve Type',
      Slope: 'Please enter a number',
      Asymmetry: 'Please enter a number',
    });
    // A type the server does not know is no type.
    expect(words(curveFieldErrors(curve({ curve_type_name: 'Bogus' }), TYPES))).toEqual({ curve_type_name: 'Please select a Curve Type' });
  });

  it('SCN-024 CPP only for a TRP curve, at least 1: "CPP must be greater than 0"', () => {
    expect(curveFieldErrors(curve({}, { CPP: '' }), TYPES).CPP).toBeUndefined();
    const trp = (cpp: string) => words(curveFieldErrors(curve({ curve_type_name: 'TRP' }, { CppOrCpm: 0, CPP: cpp }), TYPES)).CPP;
    expect(trp('')).toBe('CPP must be greater than 0');
    expect(trp('0')).toBe('CPP must be greater than 0');
    expect(trp('0.9')).toBe('CPP must be greater than 0');
    expect(trp('-4')).toBe('CPP must be greater than 0');
    expect(trp('1')).toBeUndefined();
    expect(trp('250.5')).toBeUndefined();
  });

  it('SCN-016 the cost method is CPM = 1 or CPP = 0', () => {
    expect(COST_METHODS).toEqual({ CPM: 1, CPP: 0 });
    expect(curveFieldErrors(curve({}, { CppOrCpm: 0 }), TYPES).CppOrCpm).toBeUndefined();
    expect(words(curveFieldErrors(curve({}, { CppOrCpm: 2 }), TYPES)).CppOrCpm).toBe('Please select a cost method');
  });

  it('SRV-118 the server’s list names the parameter of a number message', () => {
    expect(curveErrorList({ media_type: 'mediaTypeRequired', Base: 'number' })).toEqual(['Please enter a Media Type', 'Base: Please enter a number']);
  });

  it('SCN-025 Apply readiness: upload needs a non-generic curve, all valid; generic needs a media type', () => {
    expect(readyToApply('upload', [], [], TYPES)).toBe(false);
    expect(readyToApply('upload', [curve()], [], TYPES)).toBe(true);
    expect(readyToApply('upload', [curve(), curve({}, { Base: '' })], [], TYPES)).toBe(false);
    expect(readyToApply('upload', [curve({ is_generic: true })], [], TYPES)).toBe(false);
    expect(readyToApply('generic', [], [], TYPES)).toBe(false);
    expect(readyToApply('generic', [curve({}, { Base: 'x' })], ['Social'], TYPES)).toBe(true);
  });

  it('SCN-018 Add New Set only when the last non-generic row is valid', () => {
    expect(canAddSet([], TYPES)).toBe(true);
    expect(canAddSet([curve()], TYPES)).toBe(true);
    expect(canAddSet([curve(), curve({ media_type: '' })], TYPES)).toBe(false);
    expect(canAddSet([curve({ media_type: '' }), curve()], TYPES)).toBe(true);
  });

  it('SCN-013 generic is selected when any generic curve exists, else upload', () => {
    expect(initialCurveMode([])).toBe('upload');
    expect(initialCurveMode([{ is_generic: false }])).toBe('upload');
    expect(initialCurveMode([{ is_generic: false }, { is_generic: true }])).toBe('generic');
  });

  it('SCN-026 DESIGN the confirmation only when the other set has saved curves', () => {
    expect(applyNeedsConfirmation('generic', [{ is_generic: false }])).toBe(true);
    expect(applyNeedsConfirmation('generic', [{ is_generic: true }])).toBe(false);
    expect(applyNeedsConfirmation('upload', [{ is_generic: true }])).toBe(true);
    expect(applyNeedsConfirmation('upload', [])).toBe(false);
  });

  it('SCN-007 status: undefined/null submitted, true Complete, false Failed', () => {
    expect(importStatus({})).toBe('submitted');
    expect(importStatus({ import_success: null })).toBe('submitted');
    expect(importStatus({ import_success: true })).toBe('complete');
    expect(importStatus({ import_success: false })).toBe('failed');
  });

  it('SCN-006 imports newest first; SCN-008 dates as yyyy-MM-dd HH:mm', () => {
    const list = [
      { id: 1, created_at: '2026-11-01T10:00:00Z' },
      { id: 3, created_at: '2026-11-03T10:00:00Z' },
      { id: 2, created_at: '2026-11-02T10:00:00Z' },
    ];
    expect(sortImports(list).map((r) => r.id)).toEqual([3, 2, 1]);
    expect(formatImportDate('2026-11-03T10:05:00')).toBe('2026-11-03 10:05');
  });

  it('the response curve rises from Base towards Asymptote; a TRP curve buys points at its CPP', () => {
    const pts = responseCurve(curve(), TYPES, 400, 40)!;
    expect(pts).toHaveLength(41);
    expect(pts[0].spend).toBe(0);
    expect(pts[40].reach).toBeGreaterThan(44);
    expect(pts[40].reach).toBeLessThanOrEqual(45);
    for (let i = 1; i < pts.length; i++) expect(pts[i].reach).toBeGreaterThanOrEqual(pts[i - 1].reach);
    // At the turning point (Acceleration) a symmetric curve is half way.
    const mid = responseCurve(curve(), TYPES, 160, 2)![1];
    expect(mid.reach).toBeCloseTo(22.5, 6);
    // TRP: the same point is reached at Acceleration × CPP.
    const trp = responseCurve(curve({ curve_type_name: 'TRP' }, { CppOrCpm: 0, CPP: '2' }), TYPES, 320, 2)![1];
    expect(trp.reach).toBeCloseTo(22.5, 6);
    expect(responseCurve(curve({}, { Asymmetry: '0' }), TYPES, 100)).toBeNull();
    expect(responseCurve(curve({}, { Slope: 'x' }), TYPES, 100)).toBeNull();
    expect(responseSpendRange([curve()], TYPES)).toBe(280);
  });
});
