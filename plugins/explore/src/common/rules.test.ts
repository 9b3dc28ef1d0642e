import type { MotivationDto } from './dto';
import {
  invalidPersonaMessage,
  invalidWidgetsMessage,
  motivationDeleteError,
  motivationPeople,
  personaActions,
  personaRules,
  personaWithFilters,
  withoutDeleted,
  type ActionFacts,
} from './rules';
import { MotivationsQuery, PersonaInput } from './schema';

const persona = { is_all_data: false, deletedSegmentIds: [] as string[] };
const facts = (over: Partial<ActionFacts> = {}): ActionFacts => ({
  persona,
  invalidFilters: false,
  can: () => true,
  lite: false,
  isTier3: false,
  canIndexReport: true,
  segmentsAllowAudience: true,
  ...over,
});
const reasons = (f: ActionFacts) => Object.fromEntries(Object.entries(personaActions(f)).map(([k, v]) => [k, v.shown ? v.reason : 'hidden']));

describe('explore rules', () => {
  it('the persona rule: one OR group per category, AND across; the filters narrow it the same way', () => {
    const segs = [
      { short_id: 'a1', name: 'A1', group: 'Age' },
      { short_id: 'g1', name: 'G1', group: 'Gender' },
      { short_id: 'a2', name: 'A2', group: 'Age' },
    ];
    expect(personaRules(segs)).toEqual({ include: { and: [{ or: ['a1', 'a2'] }, { or: ['g1'] }] } });
    expect(personaRules([])).toEqual({});
    expect(personaWithFilters({ segments: segs }, [{ group: 'Income', short_id: 'i1' }])).toEqual({
      include: { and: [{ or: ['a1', 'a2'] }, { or: ['g1'] }, { or: ['i1'] }] },
    });
    expect(personaWithFilters({ segments: [] }, [])).toEqual({});
  });

  it('EXP-003 without the permission an action is hidden: create explore.create, edit update, copy create, delete destroy', () => {
    const only = (allowed: string) => facts({ can: (r, a) => `${r}.${a}` === allowed });
    expect(reasons(only('explore.create'))).toMatchObject({ create: null, edit: 'hidden', copy: null, delete: 'hidden' });
    expect(reasons(only('explore.update'))).toMatchObject({ create: 'hidden', edit: null, copy: 'hidden', delete: 'hidden' });
    expect(reasons(only('explore.destroy'))).toMatchObject({ create: 'hidden', edit: 'hidden', copy: 'hidden', delete: null });
  });

  it('EXP-009 the all-data persona: no edit, copy, delete, index report or convert', () => {
    expect(reasons(facts({ persona: { ...persona, is_all_data: true } }))).toEqual({
      create: null,
      edit: 'allData',
      copy: 'allData',
      delete: 'allData',
      indexReport: 'allData',
      convert: 'allData',
      motivation: 'hidden',
    });
  });

  it('EXP-010 / EXP-011 invalid identifiers disable create, edit, copy; invalid filters disable create and edit only', () => {
    expect(reasons(facts({ persona: { ...persona, deletedSegmentIds: ['x'] } }))).toMatchObject({
      create: 'invalid',
      edit: 'invalid',
      copy: 'invalid',
      delete: null,
    });
    expect(reasons(facts({ invalidFilters: true }))).toMatchObject({ create: 'invalid', edit: 'invalid', copy: null });
  });

  it('EXP-012 / EXP-025 index report: disabled for invalid identifiers, lite clients, without index_report.create', () => {
    expect(reasons(facts({ persona: { ...persona, deletedSegmentIds: ['x'] } })).indexReport).toBe('invalid');
    expect(reasons(facts({ lite: true })).indexReport).toBe('lite');
    expect(reasons(facts({ canIndexReport: false })).indexReport).toBe('permission');
    expect(reasons(facts()).indexReport).toBeNull();
  });

  it('EXP-013 / EXP-016 convert: non-segments, audiences.create; tier 3 shows Request Motivation Audience instead', () => {
    expect(reasons(facts({ segmentsAllowAudience: false })).convert).toBe('nonSegments');
    expect(reasons(facts({ can: (r, a) => !(r === 'audiences' && a === 'create') })).convert).toBe('permission');
    expect(reasons(facts({ isTier3: true }))).toMatchObject({ convert: 'hidden', motivation: null });
    expect(reasons(facts({ isTier3: true, can: (r) => r !== 'request_motivation_audiences' })).motivation).toBe('permission');
    expect(reasons(facts({ persona: null }))).toMatchObject({ convert: 'hidden', motivation: 'hidden', indexReport: 'hidden', edit: 'hidden' });
  });

  it('EXP-020 / EXP-021 the modal texts; the builder opens without the deleted segments', () => {
    expect(invalidPersonaMessage('Parents', 2)).toBe('Parents has 2 segment(s) no longer available from the provider and cannot be selected.');
    expect(invalidWidgetsMessage('Parents')).toBe(
      'Parents or an associated custom widget contains Audience(s) with segments no longer available from the provider. The chart cannot be selected in this state.',
    );
    expect(withoutDeleted({ identifiers: ['a', 'b', 'c'], deletedSegmentIds: ['b'] })).toEqual(['a', 'c']);
  });

  it('EXP-017 the builder schema: name required and at most 100, identifiers 1..50, de-duplicated', () => {
    expect(PersonaInput.safeParse({ name: '', identifiers: ['a'] }).error?.issues[0].message).toBe('Name is required.');
    expect(PersonaInput.safeParse({ name: 'x'.repeat(101), identifiers: ['a'] }).error?.issues[0].message).toBe('Name must be 100 characters or fewer.');
    expect(PersonaInput.safeParse({ name: 'x', identifiers: [] }).error?.issues[0].message).toBe('Choose at least one segment.');
    expect(PersonaInput.parse({ name: ' x ', identifiers: ['a', 'a'] })).toEqual({ name: 'x', identifiers: ['a'], default: false });
  });

  const m = (job_status: MotivationDto['attributes']['job_status'], people: number | null, message: string | null = null): MotivationDto => ({
    id: 1,
    type: 'motivation_audience',
    attributes: { name: 'M', persona_id: 1, persona_name: 'P', use_cases: ['insights'], job_status, count: { people }, message, created_at: 'now' },
  });

  it('EXP-028 / EXP-029 people are empty while pending or processing; completed shows the count; failed shows the message', () => {
    expect(motivationPeople(m('pending', null))).toEqual({ kind: 'pending' });
    expect(motivationPeople(m('processing', null))).toEqual({ kind: 'pending' });
    expect(motivationPeople(m('completed', 1234))).toEqual({ kind: 'count', people: 1234 });
    expect(motivationPeople(m('failed', null, 'boom'))).toEqual({ kind: 'failed', message: 'boom' });
  });

  it("EXP-033 a 405 naming insights goes to its own modal; any other error is 'Error: <text>'", () => {
    expect(motivationDeleteError(405, 'used in insights')).toEqual({ kind: 'inInsights' });
    expect(motivationDeleteError(405, 'not allowed')).toEqual({ kind: 'error', text: 'Error: not allowed' });
    expect(motivationDeleteError(500, 'insights down')).toEqual({ kind: 'error', text: 'Error: insights down' });
  });

  it("EXP-026 use_cases defaults to ['insights'] and takes use_cases[] or use_cases", () => {
    expect(MotivationsQuery.parse({}).use_cases).toEqual(['insights']);
    expect(MotivationsQuery.parse({ 'use_cases[]': 'other' })['use_cases[]']).toEqual(['other']);
    expect(MotivationsQuery.parse({ use_cases: ['a', 'b'] }).use_cases).toEqual(['a', 'b']);
  });
});
