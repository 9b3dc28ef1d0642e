import { createToken } from '@discovery/plugin-api';
import type { ApiClient } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';
import { insightsJourneyEndpoints as E, insightsJourneyItemInput, type InsightsJourneyItem } from '../../common';

export const InsightsJourneyStoreToken = createToken<InsightsJourneyStore>('insights-journey:InsightsJourneyStore');

/** Items of the current product, and the add rule shared with the server. */
export class InsightsJourneyStore {
  items: InsightsJourneyItem[] = [];
  loading = false;
  error: string | null = null;

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<InsightsJourneyStore, 'api'>(this, { api: false });
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      const res = await this.api.call(E.items);
      runInAction(() => (this.items = res.data));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  /** Returns false and sets `error` when the name breaks the shared rule. */
  async add(name: string): Promise<boolean> {
    const parsed = insightsJourneyItemInput.safeParse({ name });
    if (!parsed.success) {
      this.error = parsed.error.issues[0]?.message ?? 'Invalid';
      return false;
    }
    this.error = null;
    const res = await this.api.call(E.addItem, { body: { item: parsed.data } });
    runInAction(() => this.items.unshift(res.data));
    return true;
  }
}
