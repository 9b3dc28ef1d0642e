/**
 * The Overlap screen's rules as pure functions (002 §4, §5, §9): selection, focus, cell text and
 * colour, the draft audience of a cell, the edit form's axis moves and checks, invalid-audience
 * removal, and ours: both directions of a cell, the small-base flag and sorting the grid.
 */
import { filterGroups, type AudienceDraft, type Filter } from '@discovery/insights-kit/common';
import type { AxisEntryDto, ComparisonCellDto, ComparisonDto } from './dto';
import { ComparisonInput, MAX_AXIS, MESSAGES, type ComparisonMode } from './schema';

/** OVL-028: a focused cell. */
export interface FocusedCell {
  x: string;
  y: string;
  name: string;
}
export type Axis = 'x' | 'y';

const norm = (s: string) => s.trim().toLowerCase();

/** OVL-044: a title is unique among the product's comparisons, trimmed and case-insensitive, excluding itself. */
export function titleTaken(name: string, others: readonly Pick<ComparisonDto, 'id' | 'name'>[], selfId: number | null): boolean {
  const n = norm(name);
  return n.length > 0 && others.some((c) => c.id !== selfId && norm(c.name) === n);
}

/**
 * OVL-044..048: the form's errors by field ('name', 'x_segments', 'y_segments',
 * 'x_segments.3.name'); empty = Save enabled. The same schema the server runs, plus uniqueness.
 */
export function formErrors(values: unknown, others: readonly Pick<ComparisonDto, 'id' | 'name'>[], selfId: number | null): Record<string, string> {
  const out: Record<string, string> = {};
  const r = ComparisonInput.safeParse(values);
  if (!r.success) {
    for (const issue of r.error.issues) {
      const key = issue.path.join('.');
      if (!(key in out)) out[key] = issue.message;
    }
  }
  const name = (values as { name?: unknown })?.name;
  if (!out.name && typeof name === 'string' && titleTaken(name, others, selfId)) out.name = MESSAGES.titleUnique;
  return out;
}

export const cellKeyOf = (x: string, y: string) => `${x}:${y}`;

/** OVL-026: a click on a cell toggles its focus. */
export function toggleCell(focused: readonly FocusedCell[], cell: FocusedCell): FocusedCell[] {
  const on = focused.some((f) => f.x === cell.x && f.y === cell.y);
  return on ? focused.filter((f) => !(f.x === cell.x && f.y === cell.y)) : [...focused, cell];
}

/** OVL-027: a row or column focuses all its cells if any is unfocused, otherwise unfocuses them all. */
export function toggleLine(focused: readonly FocusedCell[], line: readonly FocusedCell[]): FocusedCell[] {
  const isOn = (c: FocusedCell) => focused.some((f) => f.x === c.x && f.y === c.y);
  if (line.some((c) => !isOn(c))) return [...focused, ...line.filter((c) => !isOn(c))];
  return focused.filter((f) => !line.some((c) => c.x === f.x && c.y === f.y));
}

/** OVL-028: 'X ∩ Y' with the segment names. */
export const cellName = (xName: string, yName: string) => `${xName} ∩ ${yName}`;

/** OVL-017: counts without decimals (the format of the user's locale is the caller's). */
export const roundCount = (n: number) => Math.round(n);

/** OVL-015: intensity index/200 (index charts) or percent/100 (overlap charts), clamped to [0, 1]. */
export function cellIntensity(mode: ComparisonMode, cell: Pick<ComparisonCellDto, 'percent_value' | 'index_value'>): number {
  const v = mode === 'index' ? cell.index_value / 200 : cell.percent_value / 100;
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0;
}

/** OVL-016 / OVL-017: 'percent% | count' for matched and modeled charts, the index for index charts. */
export function cellText(
  mode: ComparisonMode,
  cell: Pick<ComparisonCellDto, 'percent_value' | 'index_value' | 'count'>,
  formatCount: (n: number) => string,
): string {
  if (mode === 'index') return String(Math.round(cell.index_value));
  return `${Math.round(cell.percent_value)}% | ${formatCount(roundCount(cell.count))}`;
}

/** Ours: the cell read both ways — X in Y is |X∩Y|/|X|, Y in X is |X∩Y|/|Y|. */
export function bothDirections(cell: Pick<ComparisonCellDto, 'count' | 'x' | 'y'>, counts: Readonly<Record<string, number>>): { xInY: number; yInX: number } {
  const share = (base: number | undefined) => (base ? (cell.count / base) * 100 : 0);
  return { xInY: share(counts[cell.x]), yInX: share(counts[cell.y]) };
}

/** OVL-012 DESIGN: the readout is the sum of the focused cells' counts. */
export function focusedPeople(focused: readonly FocusedCell[], cells: readonly ComparisonCellDto[]): number {
  return focused.reduce((sum, f) => sum + (cells.find((c) => c.x === f.x && c.y === f.y)?.count ?? 0), 0);
}

/** OVL-030: Save Audience needs exactly one focused cell. */
export const canSaveAudience = (focused: readonly FocusedCell[]) => focused.length === 1;

export const DRAFT_NAME = 'Test Overlap Audience';

/**
 * OVL-031: the cell's draft — include [[x],[y]] plus the filters' short ids as one or-list per
 * demographic group; exclude an and of an empty or.
 */
export function cellDraft(cell: FocusedCell, filters: readonly Filter[]): AudienceDraft {
  return {
    name: DRAFT_NAME,
    description: cell.name,
    rules: { include: { and: [{ or: [cell.x] }, { or: [cell.y] }, ...filterGroups(filters).map((or) => ({ or }))] }, exclude: { and: [{ or: [] }] } },
  };
}

export interface Axes {
  x: AxisEntryDto[];
  y: AxisEntryDto[];
}

const renumber = (list: AxisEntryDto[]) => list.map((e, order) => ({ ...e, order }));

/**
 * OVL-039 / A-51: drag within an axis or to the other one; a drop that would put more than 12
 * on the target axis is refused (the axes come back unchanged).
 */
export function moveEntry(axes: Axes, from: { axis: Axis; index: number }, to: { axis: Axis; index: number }): Axes {
  const source = [...axes[from.axis]];
  const [item] = source.splice(from.index, 1);
  if (!item) return axes;
  if (from.axis === to.axis) {
    source.splice(Math.min(to.index, source.length), 0, item);
    return { ...axes, [from.axis]: renumber(source) };
  }
  if (axes[to.axis].length >= MAX_AXIS) return axes;
  const target = [...axes[to.axis]];
  target.splice(Math.min(to.index, target.length), 0, item);
  return { ...axes, [from.axis]: renumber(source), [to.axis]: renumber(target) } as Axes;
}

/** OVL-037 DESIGN: Y becomes a copy of X. */
export const copyXToY = (axes: Axes): Axes => ({ x: axes.x, y: axes.x.map((e) => ({ ...e })) });

/** OVL-042: an axis over the limit shows its counter in red. */
export const overLimit = (n: number) => n > MAX_AXIS;

/**
 * OVL-056: the axes without the invalid segments, and whether an axis would be left empty (then
 * the chart must be fixed in the editor).
 */
export function withoutInvalid(c: Pick<ComparisonDto, 'x_segments' | 'y_segments'>, invalid: readonly string[]): Axes & { emptiesAxis: boolean } {
  const bad = new Set(invalid);
  const x = renumber(c.x_segments.filter((e) => !bad.has(e.short_id)));
  const y = renumber(c.y_segments.filter((e) => !bad.has(e.short_id)));
  return { x, y, emptiesAxis: x.length === 0 || y.length === 0 };
}

export type InvalidAction = 'delete' | 'remove' | 'edit' | 'removeAndEdit';
/**
 * OVL-054 / A-23: which buttons the invalid-audience modal offers: 'Delete Chart' (destroy);
 * 'Remove Invalid Audience(s)' when removal keeps both axes; 'Remove Invalid Audience(s) & Edit
 * Chart' when it would empty one, else plain 'Edit Chart' (update).
 */
export function invalidActions(emptiesAxis: boolean, can: { update: boolean; destroy: boolean }): InvalidAction[] {
  const out: InvalidAction[] = [];
  if (can.destroy) out.push('delete');
  if (can.update) out.push(...(emptiesAxis ? (['removeAndEdit'] as const) : (['remove', 'edit'] as const)));
  return out;
}

/** Ours: sort the grid's rows by a column's values (or columns by a row's), largest first. */
export function sortAxisBy(
  items: readonly string[],
  by: { axis: Axis; key: string } | null,
  cells: readonly ComparisonCellDto[],
  mode: ComparisonMode,
  sortedAxis: Axis,
): string[] {
  if (!by || by.axis === sortedAxis) return [...items];
  const value = (id: string) => {
    const c = cells.find((k) => (sortedAxis === 'y' ? k.x === by.key && k.y === id : k.y === by.key && k.x === id));
    return c ? (mode === 'index' ? c.index_value : c.percent_value) : -Infinity;
  };
  return [...items].sort((a, b) => value(b) - value(a));
}
