import { Resource, type Settled } from '@discovery/platform';
import { makeAutoObservable } from 'mobx';
import { byName, pickSavedChart, type SavedChartRef } from '../common';

/**
 * The saved charts of one screen in the current product (Grow's mekkos, Overlap's comparisons,
 * Journeys), the client half of the kit's saved chart: a chart screen's store holds one.
 * - `open(context, fetch)`: another product drops the list at once and loads its own; a slow
 *   answer for the product before never lands (the latest request wins, issue 24 §3);
 * - `pick(routeId)`: which chart to show: the route's, the one opened last in this product, the
 *   default, the first by name;
 * - local changes after a save: `upsert`, `remove`, `setDefault`, kept sorted by name.
 */
export class SavedChartList<T extends SavedChartRef> {
  readonly resource = new Resource<T[] | null>(null);
  context = '';
  /** The chart opened last, per product (GROW-006, OVL-005, JRN-006). */
  private readonly previous = new Map<string, number>();

  constructor() {
    makeAutoObservable<SavedChartList<T>, 'previous'>(this, { resource: false, previous: false });
  }

  /** The list, or null until the product's answer is in. */
  get items(): T[] | null {
    return this.resource.data;
  }

  get error(): Error | null {
    return this.resource.error;
  }

  get defaultId(): number {
    return this.items?.find((c) => c.default)?.id ?? 0;
  }

  /** Loads the product's list; answers whether the product is another than before (the screen then resets). */
  open(context: string, fetch: (signal: AbortSignal) => Promise<T[]>): { fresh: boolean; loaded: Settled<T[] | null | undefined> } {
    const fresh = context !== this.context;
    if (fresh) {
      this.context = context;
      this.resource.reset();
    }
    return { fresh, loaded: this.reload(fetch) };
  }

  /** The list again (after a copy or a delete elsewhere). */
  reload(fetch: (signal: AbortSignal) => Promise<T[]>): Settled<T[] | null | undefined> {
    return this.resource.load(async (signal) => byName(await fetch(signal)));
  }

  /** Which chart the screen shows, or null when the product has none. */
  pick(routeId: number | null, exclude?: number): number | null {
    const list = (this.items ?? []).filter((c) => c.id !== exclude);
    return pickSavedChart(list, routeId, this.previous.get(this.context) ?? null);
  }

  /** The chart now open in this product. */
  remember(id: number): void {
    this.previous.set(this.context, id);
  }

  has(id: number): boolean {
    return !!this.items?.some((c) => c.id === id);
  }

  /** A saved or copied chart takes its place in the list (by name); `defaultId` when the answer says which is the default. */
  upsert(item: T, defaultId?: number): void {
    const others = (this.items ?? []).filter((c) => c.id !== item.id);
    const def = defaultId ?? (item.default ? item.id : (others.find((c) => c.default)?.id ?? 0));
    this.resource.set(byName([...others, item].map((c) => (c.default === (c.id === def) ? c : { ...c, default: c.id === def }))));
  }

  /** A deleted chart leaves the list and the memory of the last opened. */
  remove(id: number): void {
    this.resource.set((this.items ?? []).filter((c) => c.id !== id));
    if (this.previous.get(this.context) === id) this.previous.delete(this.context);
  }

  /** The product's default (0: none). */
  setDefault(id: number): void {
    this.resource.set((this.items ?? []).map((c) => (c.default === (c.id === id) ? c : { ...c, default: c.id === id })));
  }
}
