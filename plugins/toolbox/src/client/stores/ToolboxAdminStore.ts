import { createToken, type NavCategory } from '@discovery/plugin-api';
import { ApiError, Resource, settle, type ApiClient, type Settled, type ToastStore } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';
import {
  toolboxEndpoints as E,
  ALL_REGIONS,
  CategoryInputSchema,
  hiddenUnit,
  newUnitBody,
  reorderedPriorities,
  UnitInputSchema,
  type RegionRef,
  type ToolboxCategoryDto,
  type ToolboxUnitDto,
} from '../../common';
import type { ToolboxUnitsStore } from './ToolboxUnitsStore';

export const ToolboxAdminStoreToken = createToken<ToolboxAdminStore>('toolbox:ToolboxAdminStore');

/** The unit form's values (the dialog edits a copy). */
export interface UnitDraft {
  id: number | null;
  name: string;
  url: string;
  iframed: boolean;
  use_client_hierarchy: boolean;
  feature_module_category: NavCategory;
  category_id: number | null;
  region_ids: RegionRef[];
  status: boolean;
}

export function emptyDraft(): UnitDraft {
  return {
    id: null,
    name: '',
    url: 'https://',
    iframed: true,
    use_client_hierarchy: false,
    feature_module_category: 'toolbox',
    category_id: null,
    region_ids: [ALL_REGIONS],
    status: true,
  };
}

export function draftOf(u: ToolboxUnitDto): UnitDraft {
  return {
    id: u.id,
    name: u.name,
    url: u.url,
    iframed: u.iframed,
    use_client_hierarchy: u.use_client_hierarchy,
    feature_module_category: u.feature_module_category,
    category_id: u.category_id,
    region_ids: [...u.region_ids],
    status: u.status,
  };
}

/** Field errors of a draft by the shared schema (the server runs the same one). */
export function draftErrors(d: UnitDraft): Record<string, string> {
  const r = UnitInputSchema.safeParse({ ...d, id: undefined });
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[String(i.path[0] ?? '_')] ??= i.message;
  return out;
}

/** TBX-012: the toolbox management screen's state: every unit and category of the client. */
export class ToolboxAdminStore {
  client: string | null = null;
  /** Every unit and category of the client; another client's call on its way is aborted. */
  readonly list = new Resource<{ units: ToolboxUnitDto[]; categories: ToolboxCategoryDto[] }>({ units: [], categories: [] });
  saving = false;
  /** The server's field messages of the last failed save. */
  serverErrors: Record<string, string> = {};

  constructor(
    private readonly api: ApiClient,
    private readonly toasts: ToastStore,
    private readonly navUnits: ToolboxUnitsStore,
    private readonly t: (key: string, options?: Record<string, unknown>) => string,
  ) {
    makeAutoObservable<ToolboxAdminStore, 'api' | 'toasts' | 'navUnits' | 't'>(this, { api: false, toasts: false, navUnits: false, t: false, list: false });
  }

  get units(): ToolboxUnitDto[] {
    return this.list.data.units;
  }

  get categories(): ToolboxCategoryDto[] {
    return this.list.data.categories;
  }

  get loading(): boolean {
    return this.list.loading;
  }

  private setCategories(categories: ToolboxCategoryDto[]): void {
    this.list.set({ ...this.list.data, categories });
  }

  get sortedCategories(): ToolboxCategoryDto[] {
    return [...this.categories].sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name));
  }

  categoryName(id: number | null): string | null {
    return id === null ? null : (this.categories.find((c) => c.id === id)?.name ?? null);
  }

  load(client: string): Settled<unknown> {
    if (this.client !== client) {
      // Another client: never show (or edit) the previous client's rows while this one loads.
      this.list.reset();
      this.serverErrors = {};
    }
    this.client = client;
    return this.list.load(async (signal) => {
      const [units, cats] = await Promise.all([
        this.api.call(E.units, { params: { type: 'all', clientSlug: client } }, { silent: true, signal }),
        this.api.call(E.categories, { params: { clientSlug: client } }, { silent: true, signal }),
      ]);
      return { units: units.data, categories: cats.data };
    });
  }

  private async reload(): Promise<void> {
    if (this.client) await this.load(this.client);
    this.navUnits.invalidate();
  }

  /** One write, then the list again; never rejects (a failure is its field messages and toast). */
  private run(action: () => Promise<unknown>, success: string): Settled<boolean> {
    return settle(this.write(action, success), () => false);
  }

  private async write(action: () => Promise<unknown>, success: string): Promise<boolean> {
    this.saving = true;
    this.serverErrors = {};
    try {
      await action();
      this.toasts.success(success);
      await this.reload();
      return true;
    } catch (e) {
      runInAction(() => {
        if (e instanceof ApiError && e.fields) {
          this.serverErrors = Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [k.replace(/^(unit|category)\./, ''), v]));
        }
      });
      if (e instanceof ApiError && e.status === 422) this.toasts.error(e.message);
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  /** TBX-007 (POST, status true, no id) or TBX-009 (PUT). */
  saveUnit(d: UnitDraft): Settled<boolean> {
    const { id: _id, status: _s, ...fields } = d;
    if (d.id === null) {
      return this.run(() => this.api.call(E.createUnit, { body: { unit: newUnitBody({ ...fields, id: null }) } }), this.t('admin.saved', { name: d.name }));
    }
    const id = d.id;
    return this.run(
      () => this.api.call(E.updateUnit, { params: { id }, body: { unit: { ...fields, status: d.status } } }),
      this.t('admin.saved', { name: d.name }),
    );
  }

  /** TBX-008: status false, category cleared, iframed false. */
  hideUnit(u: ToolboxUnitDto): Settled<boolean> {
    const h = hiddenUnit(u);
    return this.run(
      () => this.api.call(E.updateUnit, { params: { id: u.id }, body: { unit: { status: h.status, category_id: h.category_id, iframed: h.iframed } } }),
      this.t('admin.hidden', { name: u.name }),
    );
  }

  showUnit(u: ToolboxUnitDto): Settled<boolean> {
    return this.run(() => this.api.call(E.updateUnit, { params: { id: u.id }, body: { unit: { status: true } } }), this.t('admin.shown', { name: u.name }));
  }

  deleteUnit(u: ToolboxUnitDto): Settled<boolean> {
    return this.run(() => this.api.call(E.deleteUnit, { params: { id: u.id } }), this.t('admin.deleted', { name: u.name }));
  }

  /** TBX-010. */
  saveCategory(c: { id: number | null; name: string; status: boolean }): Settled<boolean> {
    const parsed = CategoryInputSchema.safeParse({ name: c.name, status: c.status });
    if (!parsed.success) {
      this.serverErrors = { name: parsed.error.issues[0]?.message ?? 'Invalid' };
      return Promise.resolve(false);
    }
    const id = c.id;
    return id === null
      ? this.run(() => this.api.call(E.createCategory, { body: { category: parsed.data } }), this.t('admin.saved', { name: c.name }))
      : this.run(() => this.api.call(E.updateCategory, { params: { id }, body: { category: parsed.data } }), this.t('admin.saved', { name: c.name }));
  }

  deleteCategory(c: ToolboxCategoryDto): Settled<boolean> {
    return this.run(() => this.api.call(E.deleteCategory, { params: { id: c.id } }), this.t('admin.deleted', { name: c.name }));
  }

  /** TBX-011: move a category in the priority order; one bulk call with every priority. Never rejects. */
  moveCategory(from: number, to: number, clientId: number): Settled<boolean> {
    if (from === to) return Promise.resolve(true);
    const list = reorderedPriorities(this.categories, from, to);
    const before = this.categories;
    // Optimistic: the table shows the new order at once, and goes back if the call fails (the banner says why).
    this.setCategories(this.categories.map((c) => ({ ...c, priority: list.find((x) => x.id === c.id)!.priority })));
    return settle(
      this.api.call(E.bulkPriorities, { params: { id: clientId }, body: list }).then((res) => {
        this.setCategories(res.data);
        this.navUnits.invalidate();
        return true;
      }),
      () => {
        this.setCategories(before);
        return false;
      },
    );
  }
}
