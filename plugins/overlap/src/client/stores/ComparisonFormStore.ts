import { makeAutoObservable } from 'mobx';
import {
  copyXToY,
  formErrors,
  MAX_AXIS,
  moveEntry,
  overLimit,
  withoutInvalid,
  type AxisEntryDto,
  type Axis,
  type ComparisonDto,
  type ComparisonMode,
  type ComparisonValues,
} from '../../common';

/** A segment's sizes for the count columns (OVL-040, OVL-041). */
export interface EntryCounts {
  matched: number;
  modeled: number;
}

/** The error key (the schema's path) of each field the form sets. */
const FIELD_KEYS = {
  name: 'name',
  mode: 'mode',
  isDefault: 'default',
  isPeopleCount: 'is_people_count',
  xAxisName: 'x_axis_name',
  yAxisName: 'y_axis_name',
} as const;

/**
 * The edit form's state on a copy of the chart (OVL-032): title, type, checkboxes, both axes
 * with their names, moves and limits; the errors come from the shared schema plus uniqueness
 * among the product's charts (OVL-044..048).
 */
export class ComparisonFormStore {
  name: string;
  mode: ComparisonMode;
  isDefault: boolean;
  isPeopleCount: boolean;
  xAxisName: string;
  yAxisName: string;
  x: AxisEntryDto[];
  y: AxisEntryDto[];
  /** The server's messages after a refused save, until the next edit. */
  serverErrors: Record<string, string> = {};
  counts: Record<string, EntryCounts> = {};
  saving = false;
  /** Issue 27 §6: the fields the user has changed or left (error keys: 'name', 'x_segments', 'x_segments.0.name'). */
  touched = new Set<string>();

  constructor(
    readonly id: number | null,
    from: ComparisonDto | null,
    private readonly others: readonly Pick<ComparisonDto, 'id' | 'name'>[],
    /** OVL-043 / A-50: a chart that must be fixed, or the first chart, cannot be cancelled. */
    readonly dismissable: boolean,
    /** OVL-056: open with the invalid segments already removed. */
    dropInvalid = false,
  ) {
    const axes = from && dropInvalid ? withoutInvalid(from, from.invalid_identifiers) : { x: from?.x_segments ?? [], y: from?.y_segments ?? [] };
    this.name = from?.name ?? '';
    this.mode = from?.mode ?? 'matched';
    this.isDefault = from?.default ?? false;
    this.isPeopleCount = from?.is_people_count ?? false;
    this.xAxisName = from?.x_axis_name ?? '';
    this.yAxisName = from?.y_axis_name ?? '';
    this.x = axes.x.map((e) => ({ ...e }));
    this.y = axes.y.map((e) => ({ ...e }));
    makeAutoObservable<ComparisonFormStore, 'others'>(this, { others: false, id: false, dismissable: false });
    // OVL-056: an axis the invalid segments left empty must be fixed: its error shows at once.
    if (from && dropInvalid) {
      if (this.x.length < from.x_segments.length) this.touch('x_segments');
      if (this.y.length < from.y_segments.length) this.touch('y_segments');
    }
  }

  get values(): ComparisonValues {
    return {
      name: this.name,
      mode: this.mode,
      default: this.isDefault,
      is_people_count: this.isPeopleCount,
      x_axis_name: this.xAxisName,
      y_axis_name: this.yAxisName,
      x_segments: this.x.map((e, order) => ({ short_id: e.short_id, name: e.name, order })),
      y_segments: this.y.map((e, order) => ({ short_id: e.short_id, name: e.name, order })),
    };
  }

  get errors(): Record<string, string> {
    return { ...formErrors(this.values, this.others, this.id), ...this.serverErrors };
  }

  /**
   * The errors the form shows (issue 27 §6): a rule's message once its field was touched (typed
   * in, left, an axis changed), the server's at once; a new form opens without red.
   */
  get shownErrors(): Record<string, string> {
    const server = this.serverErrors;
    return Object.fromEntries(Object.entries(this.errors).filter(([key]) => key in server || this.isTouched(key)));
  }

  /** An entry's name counts as touched with its axis (added, removed, moved) or on its own. */
  private isTouched(key: string): boolean {
    if (this.touched.has(key)) return true;
    const axis = /^([xy]_segments)\./.exec(key);
    return !!axis && this.touched.has(axis[1]);
  }

  /** Marks a field touched (its input was left). */
  touch(key: string): void {
    this.touched.add(key);
  }

  /** OVL-048: Save is disabled while any rule fails. */
  get canSave(): boolean {
    return Object.keys(this.errors).length === 0 && !this.saving;
  }

  /** OVL-042: 'N of 12', red over the limit. */
  counter(axis: Axis): { n: number; max: number; over: boolean } {
    const n = this[axis].length;
    return { n, max: MAX_AXIS, over: overLimit(n) };
  }

  set<K extends 'name' | 'mode' | 'isDefault' | 'isPeopleCount' | 'xAxisName' | 'yAxisName'>(key: K, value: this[K]): void {
    this[key] = value;
    this.touch(FIELD_KEYS[key]);
    this.serverErrors = {};
  }

  rename(axis: Axis, index: number, name: string): void {
    this[axis] = this[axis].map((e, i) => (i === index ? { ...e, name } : e));
    this.touch(`${axis}_segments.${index}.name`);
    this.serverErrors = {};
  }

  removeEntry(axis: Axis, index: number): void {
    this[axis] = this[axis].filter((_, i) => i !== index).map((e, order) => ({ ...e, order }));
    this.touch(`${axis}_segments`);
    this.serverErrors = {};
  }

  /** Adds picked segments to an axis (already there: kept once); the limit shows in the counter. */
  addSegments(axis: Axis, picked: { identifier: string; name: string; matched: number; modeled: number }[]): void {
    const have = new Set(this[axis].map((e) => e.short_id));
    const add = picked.filter((p) => !have.has(p.identifier));
    for (const p of picked) this.counts[p.identifier] = { matched: p.matched, modeled: p.modeled };
    this[axis] = [...this[axis], ...add.map((p) => ({ short_id: p.identifier, name: p.name, order: 0 }))].map((e, order) => ({ ...e, order }));
    this.touch(`${axis}_segments`);
    this.serverErrors = {};
  }

  /** OVL-039 / A-51: drag-and-drop within or between axes; a drop over the limit is refused. */
  move(from: { axis: Axis; index: number }, to: { axis: Axis; index: number }): boolean {
    const next = moveEntry({ x: this.x, y: this.y }, from, to);
    if (next.x === this.x && next.y === this.y) return false;
    this.x = next.x;
    this.y = next.y;
    this.touch('x_segments');
    this.touch('y_segments');
    return true;
  }

  /** OVL-037: Y becomes a copy of X (after the confirmation). */
  copyXToY(): void {
    this.y = copyXToY({ x: this.x, y: this.y }).y;
    this.touch('y_segments');
  }

  setCounts(counts: Record<string, EntryCounts>): void {
    this.counts = { ...this.counts, ...counts };
  }

  setServerErrors(fields: Record<string, string>): void {
    // The server names fields 'comparison.name'; the form 'name'.
    this.serverErrors = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^comparison\./, ''), v]));
  }

  setSaving(on: boolean): void {
    this.saving = on;
  }
}
