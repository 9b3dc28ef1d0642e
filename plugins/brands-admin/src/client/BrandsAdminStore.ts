import { createToken } from '@discovery/plugin-api';
import type { ApiClient } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';
import { brandsAdminItemInput, type BrandsAdminItem } from '../common';

export const BrandsAdminStoreToken = createToken<BrandsAdminStore>('brands-admin:BrandsAdminStore');

/** Items of the current product, and the add rule shared with the server. */
export class BrandsAdminStore {
  items: BrandsAdminItem[] = [];
  loading = false;
  error: string | null = null;

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<BrandsAdminStore, 'api'>(this, { api: false });
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      const res = await this.api.get<{ data: BrandsAdminItem[] }>('/api/v1/brands-admin/items');
      runInAction(() => (this.items = res.data));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  /** Returns false and sets `error` when the name breaks the shared rule. */
  async add(name: string): Promise<boolean> {
    const parsed = brandsAdminItemInput.safeParse({ name });
    if (!parsed.success) {
      this.error = parsed.error.issues[0]?.message ?? 'Invalid';
      return false;
    }
    this.error = null;
    const res = await this.api.post<{ data: BrandsAdminItem }>('/api/v1/brands-admin/items', { item: parsed.data });
    runInAction(() => this.items.unshift(res.data));
    return true;
  }
}
