import { createToken, type ClientDto, type PermissionAction, type RegionDto } from '@discovery/plugin-api';
import { ApiError, Resource, TOAST_DURATIONS, type Settled } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';
import { ALL_REGIONS_SLUG, brandsAdminEndpoints as E, brandsAdminRoutes } from '../../common';
import { BrandForm } from '../models/BrandForm';
import type { ProductForm } from '../models/ProductForm';
import type { BrandsAdminDeps } from './deps';
import { SegmentMappingStore } from './SegmentMappingStore';

export const BrandsAdminStoreToken = createToken<BrandsAdminStore>('brands-admin:BrandsAdminStore');

/** A delete waiting for the user's confirmation (BRAND-025, BRAND-046). */
export interface PendingDelete {
  brand: BrandForm;
  product?: ProductForm;
}

const byName = (a: BrandForm, b: BrandForm) => (a.saved?.name ?? a.name).localeCompare(b.saved?.name ?? b.name, undefined, { sensitivity: 'base' });

/** Brand Management (000 §2.10, §4, §5, §8): the client's brands, their forms, saves and deletes. */
export class BrandsAdminStore {
  clientSlug: string | null = null;
  regionSlug: string = ALL_REGIONS_SLUG;
  /** The client's brands as forms; another client's call on its way is aborted. */
  readonly list = new Resource<BrandForm[]>([]);
  /** A page-level persistent notice (failed deletes, 000 §8). */
  notice: string | null = null;
  pendingDelete: PendingDelete | null = null;
  deleting = false;
  readonly mapper: SegmentMappingStore;

  constructor(private readonly deps: BrandsAdminDeps) {
    this.mapper = new SegmentMappingStore(deps);
    makeAutoObservable<BrandsAdminStore, 'deps'>(this, { deps: false, mapper: false, list: false });
  }

  get brands(): BrandForm[] {
    return this.list.data;
  }

  get loading(): boolean {
    return this.list.loading;
  }

  get loaded(): boolean {
    return this.list.status === 'ready';
  }

  can(resource: string, action: PermissionAction): boolean {
    return this.deps.session.can(resource, action);
  }

  get client(): ClientDto | undefined {
    return this.deps.hierarchy.tree.find((c) => c.slug === this.clientSlug);
  }

  get clients(): ClientDto[] {
    return this.deps.hierarchy.tree;
  }

  get regions(): RegionDto[] {
    return this.client?.regions ?? [];
  }

  get region(): RegionDto | undefined {
    return this.regions.find((r) => r.slug === this.regionSlug);
  }

  /** BRAND-005: 'All' (slug *) and the client's regions. */
  get regionOptions(): { slug: string; name: string }[] {
    return [{ slug: ALL_REGIONS_SLUG, name: this.deps.t('allRegions') }, ...this.regions.map((r) => ({ slug: r.slug, name: r.name }))];
  }

  /**
   * BRAND-006 / BRAND-007: unsaved brands first (newest on top), then the saved ones sorted by
   * name, case-insensitively; a region shows the brands with a product there.
   */
  get visibleBrands(): BrandForm[] {
    const fresh = this.brands.filter((b) => b.isNew);
    const region = this.region;
    const saved = this.brands.filter((b) => !b.isNew && (!region || b.savedRegionIds.includes(region.id))).sort(byName);
    return [...fresh, ...saved];
  }

  /** BRAND-006 DESIGN: the badge counts the brands shown. */
  get count(): number {
    return this.visibleBrands.length;
  }

  /** BRAND-009: no brand has an open product, and the user has brands.create. */
  get canAddBrand(): boolean {
    return this.can('brands', 'create') && !this.brands.some((b) => b.anyProductOpen);
  }

  /** BRAND-016: the client's categories, for the Category field's suggestions. */
  get categories(): string[] {
    return [...new Set(this.brands.map((b) => b.saved?.category).filter((c): c is string => Boolean(c)))].sort((a, b) => a.localeCompare(b));
  }

  /** BRAND-044: ID Environment Product Slugs only in tier 3 with id_env_product_slugs.read. */
  get showSlugs(): boolean {
    return this.deps.config.isTier3 && this.can('id_env_product_slugs', 'read');
  }

  /** SRV-036 DESIGN: writing them also needs id_env_product_slugs.update. */
  get slugsEditable(): boolean {
    return this.showSlugs && this.can('id_env_product_slugs', 'update');
  }

  /** BRAND-014: the site-visitation module of the client gates the segment mapper. */
  get siteVisitation(): boolean {
    return this.client?.site_visitation_enabled === true;
  }

  regionName(id: number): string {
    return this.regions.find((r) => r.id === id)?.name ?? String(id);
  }

  /** BRAND-006: the route of a client and region choice ('All' is the client's page). */
  pathFor(clientSlug: string, regionSlug: string = ALL_REGIONS_SLUG): string {
    return regionSlug === ALL_REGIONS_SLUG
      ? brandsAdminRoutes.client.link({ client: clientSlug })
      : brandsAdminRoutes.region.link({ client: clientSlug, region: regionSlug });
  }

  /** The route chose a client and region: a new client loads its brands, a new region filters them. */
  show(clientSlug: string, regionSlug: string = ALL_REGIONS_SLUG): Settled<unknown> {
    this.regionSlug = regionSlug;
    if (clientSlug === this.clientSlug && (this.loaded || this.loading)) return Promise.resolve();
    if (this.mapper.isOpen) this.mapper.close();
    this.clientSlug = clientSlug;
    this.list.reset();
    this.notice = null;
    return this.reload();
  }

  /** The page is gone: the mapper's context goes back, unsaved forms are dropped, the next visit reloads. */
  leave(): void {
    if (this.mapper.isOpen) this.mapper.close();
    this.clientSlug = null;
    this.list.reset();
    this.notice = null;
    this.pendingDelete = null;
  }

  /** The brands of the client shown (X-Context names it); a failure is the page's error state. */
  reload(): Settled<unknown> {
    if (!this.can('brands', 'read') || !this.clientSlug) return Promise.resolve();
    return this.list.load(async (signal) => (await this.deps.api.call(E.brands, {}, { silent: true, signal })).data.map((b) => new BrandForm(b)));
  }

  /** BRAND-010: a new brand on top, open, without id, with one open product. */
  addBrand(): BrandForm | null {
    if (!this.canAddBrand) return null;
    const b = new BrandForm(null);
    b.edit();
    b.addProduct();
    this.list.set([b, ...this.brands]);
    return b;
  }

  /** BRAND-022: Cancel restores a saved brand and removes an unsaved one. */
  cancelBrand(b: BrandForm): void {
    if (b.isNew) this.list.set(this.brands.filter((x) => x !== b));
    else b.cancel();
  }

  /** Cancel of a product: a saved one is restored and closed, an unsaved one removed. */
  cancelProduct(b: BrandForm, p: ProductForm): void {
    if (p.isNew) b.removeProduct(p);
    else p.cancel();
  }

  /**
   * BRAND-021 / BRAND-023 / BRAND-028 / BRAND-029: one call with the brand and all its products
   * (POST without id, PUT with); on success everything closes and the hierarchy is refetched.
   */
  async save(b: BrandForm): Promise<boolean> {
    const client = this.client;
    if (!client || !b.canSave) return false;
    const { api, t, toasts, banner } = this.deps;
    const isNew = b.isNew;
    const body = b.payload(client.id, this.slugsEditable);
    b.submitting = true;
    b.notice = null;
    try {
      // BRAND-023: a saved brand is PUT to its id, a new one POSTed.
      const res = b.id
        ? await api.call(E.updateBrand, { params: { id: b.id }, body }, { silent: true })
        : await api.call(E.createBrand, { body }, { silent: true });
      runInAction(() => b.markSaved(res.data));
      toasts.success(t(isNew ? 'toast.created' : 'toast.updated', { name: res.data.name }));
      await this.refreshHierarchy();
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status === 403) banner.show(e.message);
      runInAction(() => (b.notice = t('toast.saveFailed')));
      toasts.error(t('toast.saveFailed'));
      return false;
    } finally {
      runInAction(() => (b.submitting = false));
    }
  }

  /** BRAND-025: asks first; an unsaved brand just goes. */
  requestDeleteBrand(b: BrandForm): void {
    if (b.isNew) {
      this.list.set(this.brands.filter((x) => x !== b));
      return;
    }
    this.pendingDelete = { brand: b };
  }

  /** BRAND-046: asks first for a saved product; an unsaved one is removed locally. BRAND-035: never the last. */
  requestDeleteProduct(b: BrandForm, p: ProductForm): void {
    if (!b.canDeleteProduct(p)) return;
    if (p.isNew) {
      b.removeProduct(p);
      return;
    }
    this.pendingDelete = { brand: b, product: p };
  }

  cancelDelete(): void {
    this.pendingDelete = null;
  }

  /** BRAND-026/027, BRAND-047/048: DELETE, then toasts with their durations and a hierarchy refetch. */
  async confirmDelete(): Promise<boolean> {
    const pending = this.pendingDelete;
    if (!pending) return false;
    const { api, t, toasts, banner } = this.deps;
    const { brand, product } = pending;
    const name = product ? (product.saved?.name ?? product.name) : (brand.saved?.name ?? brand.name);
    this.deleting = true;
    this.notice = null;
    try {
      // Only saved records are asked about (an unsaved one just goes), so both have ids here.
      if (product) await api.call(E.deleteProduct, { params: { id: product.id! } }, { silent: true });
      else await api.call(E.deleteBrand, { params: { id: brand.id! } }, { silent: true });
      runInAction(() => {
        if (product) brand.forgetProduct(product);
        else {
          if (this.mapper.brand === brand) this.mapper.close();
          this.list.set(this.brands.filter((x) => x !== brand));
        }
      });
      toasts.success(t('toast.deleted', { name }));
      await this.refreshHierarchy();
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status === 403) banner.show(e.message);
      runInAction(() => (this.notice = t(product ? 'toast.productDeleteFailed' : 'toast.brandDeleteFailed')));
      toasts.error(t('toast.deleteFailed', { name }), TOAST_DURATIONS.deleteError);
      return false;
    } finally {
      runInAction(() => {
        this.deleting = false;
        this.pendingDelete = null;
      });
    }
  }

  dismissNotice(): void {
    this.notice = null;
  }

  /** BRAND-021 / BRAND-025: the selector shows the change (the server dropped its cached tree). */
  private async refreshHierarchy(): Promise<void> {
    await this.deps.hierarchy.load().catch(() => undefined);
  }
}
