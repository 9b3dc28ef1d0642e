import { segmentsEndpoints, type SegmentDto } from '@discovery/insights-kit';
import type { ClientDto, HierarchySelection } from '@discovery/plugin-api';
import { ApiError, Resource } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';
import { brandsAdminEndpoints as E, clearMappingSlot, MAPPING_SLOTS, setMappingSlot, type MappingSlot, type SiteVisitSegmentMapping } from '../../common';
import { mapperContext } from '../mapperContext';
import type { BrandForm } from '../models/BrandForm';
import type { BrandsAdminDeps } from './deps';

/** BRAND-054: the label under a slot, the segment's path down to the segment. */
export function segmentLabel(path: string, name: string): string {
  return path ? `${path} > ${name}` : name;
}

/** The Site Visit Segments Mapping overlay (BRAND-049..058): one brand at a time. */
export class SegmentMappingStore {
  brand: BrandForm | null = null;
  /** The mapping being edited; the brand keeps its saved one until Save. */
  mapping: SiteVisitSegmentMapping | null = null;
  labels: Partial<Record<MappingSlot, string>> = {};
  /** The slot whose segment picker is open. */
  pickerSlot: MappingSlot | null = null;
  saving = false;
  notice: string | null = null;
  private previousContext: HierarchySelection | null = null;
  /** The mapped segments' paths (BRAND-054); the lookup of a brand no longer shown is aborted. */
  private readonly lookup = new Resource<SegmentDto[] | null>(null);

  constructor(private readonly deps: BrandsAdminDeps) {
    makeAutoObservable<SegmentMappingStore, 'deps' | 'previousContext' | 'lookup'>(this, { deps: false, previousContext: false, lookup: false });
  }

  get isOpen(): boolean {
    return this.brand !== null;
  }

  /** Without brands.update the mapping is shown, not edited (issue 14 §4): the pane says why. */
  get readOnly(): boolean {
    return !this.deps.session.can('brands', 'update');
  }

  get canSave(): boolean {
    return !this.saving && !this.readOnly;
  }

  /** BRAND-049: 'Open Segment Mapper' toggles the overlay. */
  async toggle(brand: BrandForm, client: ClientDto, pageRegion?: string): Promise<void> {
    if (this.brand === brand) this.cancel();
    else await this.open(brand, client, pageRegion);
  }

  /** BRAND-050: on open the hierarchy context becomes the brand's client, region, brand and product. */
  async open(brand: BrandForm, client: ClientDto, pageRegion?: string): Promise<void> {
    if (brand.id === null) return;
    if (this.brand) this.close();
    this.brand = brand;
    this.mapping = brand.mapping;
    this.notice = null;
    this.labels = Object.fromEntries(MAPPING_SLOTS.filter((s) => this.mapping?.[s]).map((s) => [s, this.mapping![s]!.name]));
    this.previousContext = { ...this.deps.hierarchy.selection };
    this.deps.hierarchy.select(mapperContext(client, brand.id, pageRegion));
    await this.resolveLabels();
  }

  /**
   * BRAND-054: the mapped segments' paths, through segments-by-identifiers. When the lookup fails
   * the stored names stay as labels (the count engine may still be starting).
   */
  private async resolveLabels(): Promise<void> {
    const mapping = this.mapping;
    const ids = MAPPING_SLOTS.map((s) => mapping?.[s]?.identifier).filter((x): x is string => Boolean(x));
    if (!ids.length) return this.lookup.reset();
    const found = await this.lookup.load(
      async (signal) => (await this.deps.api.call(segmentsEndpoints.byIdentifiers, { body: { identifiers: ids } }, { silent: true, signal })).data,
    );
    if (!found) return;
    runInAction(() => {
      for (const slot of MAPPING_SLOTS) {
        const dto = found.find((d) => d.identifier === mapping?.[slot]?.identifier && d.available);
        if (dto && this.mapping === mapping) this.labels = { ...this.labels, [slot]: segmentLabel(dto.path, dto.name) };
      }
    });
  }

  openPicker(slot: MappingSlot): void {
    if (this.readOnly) return;
    this.pickerSlot = slot;
  }

  closePicker(): void {
    this.pickerSlot = null;
  }

  /** BRAND-055: a chosen segment sets the slot's identifier and name. */
  choose(slot: MappingSlot, segment: { identifier: string; name: string; path: string }): void {
    if (this.readOnly) return;
    this.mapping = setMappingSlot(this.mapping, slot, segment);
    this.labels = { ...this.labels, [slot]: segmentLabel(segment.path, segment.name) };
  }

  /** BRAND-055: clearing removes the key; no key left, the mapping is null. */
  clear(slot: MappingSlot): void {
    if (this.readOnly) return;
    this.mapping = clearMappingSlot(this.mapping, slot);
    const labels = { ...this.labels };
    delete labels[slot];
    this.labels = labels;
  }

  /** BRAND-056 / BRAND-057: PUT brands/{id} with the mapping, then the brand card has it. */
  async save(): Promise<boolean> {
    const brand = this.brand;
    if (!brand?.saved || !this.canSave) return false;
    const { t, toasts, banner, api } = this.deps;
    this.saving = true;
    this.notice = null;
    try {
      const res = await api.call(
        E.updateBrand,
        { params: { id: brand.saved.id }, body: { brand: { id: brand.saved.id, name: brand.saved.name, site_visit_segment_mapping: this.mapping } } },
        { silent: true },
      );
      runInAction(() => brand.setSavedMapping(res.data.site_visit_segment_mapping));
      toasts.success(t('toast.mappingSaved', { name: brand.saved.name }));
      this.close();
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status === 403) banner.show(e.message);
      runInAction(() => (this.notice = t('toast.mappingFailed')));
      toasts.error(t('toast.mappingFailed'));
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  /** BRAND-058: Cancel closes; the brand keeps the mapping it had (null when it had none). */
  cancel(): void {
    this.close();
  }

  close(): void {
    this.lookup.abort();
    this.brand = null;
    this.mapping = null;
    this.labels = {};
    this.pickerSlot = null;
    this.notice = null;
    if (this.previousContext) this.deps.hierarchy.select(this.previousContext);
    this.previousContext = null;
  }
}
