import type { ComparisonCellDto } from './dto';
import { isSmallBase } from '@discovery/insights-kit/common';
import {
  bothDirections,
  canSaveAudience,
  cellDraft,
  cellIntensity,
  cellName,
  cellText,
  copyXToY,
  focusedPeople,
  formErrors,
  invalidActions,
  moveEntry,
  overLimit,
  sortAxisBy,
  titleTaken,
  toggleCell,
  toggleLine,
  withoutInvalid,
  type FocusedCell,
} from './rules';

const entry = (id: string, order = 0) => ({ short_id: id, name: id.toUpperCase(), order });
const axis = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => entry(`${prefix}${i}`, i));
const fmt = (n: number) => n.toLocaleString('en-US');
const f = (x: string, y: string): FocusedCell => ({ x, y, name: cellName(x, y) });
const valid = {
  name: 'Chart',
  mode: 'matched',
  default: false,
  is_people_count: false,
  x_axis_name: '',
  y_axis_name: '',
  x_segments: [{ short_id: 'a', name: 'A' }],
  y_segments: [{ short_id: 'b', name: 'B' }],
};

describe('overlap rules', () => {
  it('OVL-044 title required, unique trimmed and case-insensitive, excluding itself', () => {
    const others = [
      { id: 1, name: 'Ages' },
      { id: 2, name: 'Media' },
    ];
    expect(titleTaken(' ages ', others, null)).toBe(true);
    expect(titleTaken('AGES', others, 1)).toBe(false);
    expect(formErrors({ ...valid, name: '  ' }, others, null)).toEqual({ name: 'Chart Title is required.' });
    expect(formErrors({ ...valid, name: 'media ' }, others, null)).toEqual({ name: 'Chart Title must be unique.' });
    expect(formErrors(valid, others, null)).toEqual({});
  });

  it('OVL-045 / OVL-046 / OVL-047 / OVL-048 axes 1..12 and names required: errors keep Save disabled', () => {
    expect(formErrors({ ...valid, x_segments: [] }, [], null)).toEqual({ x_segments: 'Must select at least one segment for X-Axis.' });
    expect(formErrors({ ...valid, y_segments: [] }, [], null)).toEqual({ y_segments: 'Must select at least one segment for Y-Axis.' });
    expect(formErrors({ ...valid, x_segments: axis('x', 13) }, [], null)).toEqual({ x_segments: 'Select at most 12 segments for X-Axis.' });
    expect(formErrors({ ...valid, y_segments: [{ short_id: 'b', name: ' ' }] }, [], null)).toEqual({ 'y_segments.0.name': 'Name is required.' });
  });

  it('OVL-026 a cell click toggles it; OVL-027 a line focuses all when any is off, else unfocuses all', () => {
    let focused = toggleCell([], f('a', 'b'));
    expect(focused).toEqual([f('a', 'b')]);
    expect(toggleCell(focused, f('a', 'b'))).toEqual([]);
    const column = [f('a', 'b'), f('a', 'c')];
    focused = toggleLine(focused, column);
    expect(focused).toEqual(column);
    expect(toggleLine(focused, column)).toEqual([]);
  });

  it("OVL-028 a focused cell is named 'X ∩ Y'", () => {
    expect(cellName('Age 18-24', 'Cord cutters')).toBe('Age 18-24 ∩ Cord cutters');
  });

  it('OVL-015 colour intensity index/200 or percent/100, clamped', () => {
    expect(cellIntensity('index', { index_value: 100, percent_value: 0 })).toBe(0.5);
    expect(cellIntensity('index', { index_value: 450, percent_value: 0 })).toBe(1);
    expect(cellIntensity('matched', { index_value: 0, percent_value: 25 })).toBe(0.25);
    expect(cellIntensity('modeled', { index_value: 0, percent_value: -3 })).toBe(0);
  });

  it("OVL-016 / OVL-017 cell text 'percent% | count' without decimals, the index for index charts", () => {
    const cell = { percent_value: 41.6, index_value: 123.4, count: 12345.6 };
    expect(cellText('matched', cell, fmt)).toBe('42% | 12,346');
    expect(cellText('modeled', cell, fmt)).toBe('42% | 12,346');
    expect(cellText('index', cell, fmt)).toBe('123');
  });

  it('both directions of a cell (ours); issue 27 §2 its small base is the shared rule on |X∩Y|', () => {
    const cell: ComparisonCellDto = { x: 'a', y: 'b', count: 50, percent_value: 25, index_value: 100 };
    expect(bothDirections(cell, { a: 200, b: 1000 })).toEqual({ xInY: 25, yInX: 5 });
    expect(isSmallBase(cell.count, 100)).toBe(true);
    expect(isSmallBase(cell.count, 50)).toBe(false);
  });

  it('OVL-012 the readout sums the focused cells', () => {
    const cells: ComparisonCellDto[] = [
      { x: 'a', y: 'b', count: 10, percent_value: 0, index_value: 0 },
      { x: 'a', y: 'c', count: 5, percent_value: 0, index_value: 0 },
    ];
    expect(focusedPeople([f('a', 'b'), f('a', 'c')], cells)).toBe(15);
  });

  it('OVL-030 / OVL-031 Save Audience from exactly one cell: [[x],[y]] plus filters per demographic group, exclude an and of an empty or', () => {
    expect(canSaveAudience([])).toBe(false);
    expect(canSaveAudience([f('a', 'b'), f('a', 'c')])).toBe(false);
    expect(canSaveAudience([f('a', 'b')])).toBe(true);
    const draft = cellDraft({ x: 'dmx-0001', y: 'mp-0005', name: 'Young ∩ Streaming' }, [
      { group: 'Gender', short_id: 'dmx-0007' },
      { group: 'Income', short_id: 'dmx-0014' },
      { group: 'Gender', short_id: 'dmx-0009' },
    ]);
    expect(draft).toEqual({
      name: 'Test Overlap Audience',
      description: 'Young ∩ Streaming',
      rules: {
        include: { and: [{ or: ['dmx-0001'] }, { or: ['mp-0005'] }, { or: ['dmx-0007', 'dmx-0009'] }, { or: ['dmx-0014'] }] },
        exclude: { and: [{ or: [] }] },
      },
    });
  });

  it('OVL-039 / A-51 drag within an axis and between axes, the 12 limit enforced on drop', () => {
    const axes = { x: axis('x', 3), y: axis('y', 12) };
    const within = moveEntry(axes, { axis: 'x', index: 0 }, { axis: 'x', index: 2 });
    expect(within.x.map((e) => e.short_id)).toEqual(['x1', 'x2', 'x0']);
    expect(within.x.map((e) => e.order)).toEqual([0, 1, 2]);
    // Y is full: a drop from X is refused.
    expect(moveEntry(axes, { axis: 'x', index: 0 }, { axis: 'y', index: 0 })).toBe(axes);
    const across = moveEntry(axes, { axis: 'y', index: 11 }, { axis: 'x', index: 1 });
    expect(across.x.map((e) => e.short_id)).toEqual(['x0', 'y11', 'x1', 'x2']);
    expect(across.y).toHaveLength(11);
  });

  it('OVL-037 Copy X to Y replaces Y; OVL-042 the counter is red over 12', () => {
    const axes = { x: axis('x', 2), y: axis('y', 5) };
    expect(copyXToY(axes).y.map((e) => e.short_id)).toEqual(['x0', 'x1']);
    expect(overLimit(12)).toBe(false);
    expect(overLimit(13)).toBe(true);
  });

  it('OVL-054 / OVL-056 / A-23 invalid audiences: removal, the axis-empty rule and the buttons offered', () => {
    const chart = { x_segments: [entry('a'), entry('gone', 1)], y_segments: [entry('b')] };
    expect(withoutInvalid(chart, ['gone'])).toEqual({ x: [entry('a')], y: [entry('b')], emptiesAxis: false });
    expect(withoutInvalid(chart, ['b']).emptiesAxis).toBe(true);
    expect(invalidActions(false, { update: true, destroy: true })).toEqual(['delete', 'remove', 'edit']);
    expect(invalidActions(true, { update: true, destroy: true })).toEqual(['delete', 'removeAndEdit']);
    expect(invalidActions(true, { update: false, destroy: true })).toEqual(['delete']);
    expect(invalidActions(false, { update: false, destroy: false })).toEqual([]);
  });

  it('sorting rows by a column or columns by a row, largest first (ours)', () => {
    const cells: ComparisonCellDto[] = [
      { x: 'a', y: 'r1', count: 1, percent_value: 10, index_value: 300 },
      { x: 'a', y: 'r2', count: 1, percent_value: 30, index_value: 50 },
      { x: 'b', y: 'r1', count: 1, percent_value: 5, index_value: 80 },
      { x: 'b', y: 'r2', count: 1, percent_value: 1, index_value: 90 },
    ];
    expect(sortAxisBy(['r1', 'r2'], { axis: 'x', key: 'a' }, cells, 'matched', 'y')).toEqual(['r2', 'r1']);
    expect(sortAxisBy(['r1', 'r2'], { axis: 'x', key: 'a' }, cells, 'index', 'y')).toEqual(['r1', 'r2']);
    expect(sortAxisBy(['a', 'b'], { axis: 'y', key: 'r1' }, cells, 'matched', 'x')).toEqual(['a', 'b']);
    expect(sortAxisBy(['a', 'b'], { axis: 'x', key: 'a' }, cells, 'matched', 'x')).toEqual(['a', 'b']);
  });
});
