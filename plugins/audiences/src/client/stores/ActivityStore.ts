import { createToken } from '@discovery/plugin-api';
import type { ApiClient } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';
import { audiencesEndpoints as E, type ActivationDto, type HomeEntityRow } from '../../common';

export const ActivityStoreToken = createToken<ActivityStore>('audiences:ActivityStore');

/**
 * What home's 'Your Recent Audience Activity' and the AMS page show: the context's newest
 * audiences and lookalikes (SRV-039) and the recent AMS activations of the company the context
 * acts for (SRV-040). Null while loading; a newer load wins over an older one answering late.
 */
export class ActivityStore {
  rows: HomeEntityRow[] | null = null;
  activations: ActivationDto[] | null = null;
  private seq = 0;

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<ActivityStore, 'api' | 'seq'>(this, { api: false, seq: false });
  }

  /** Both lists of the home section. */
  async loadRecent(opts: { product: boolean; company: number | null; context: string; canAms: boolean }): Promise<void> {
    const seq = ++this.seq;
    this.rows = null;
    this.activations = null;
    const audiences = opts.product
      ? this.api
          .call(E.homeEntities, { query: { limit: 10 } }, { silent: true })
          .then((r) => [...r.audiences, ...r.lookalikes])
          .catch(() => [] as HomeEntityRow[])
      : Promise.resolve([] as HomeEntityRow[]);
    const acts = opts.canAms && opts.product ? this.fetchActivations(opts.company, opts.context) : Promise.resolve([]);
    const [a, b] = await Promise.all([audiences, acts]);
    if (seq !== this.seq) return;
    runInAction(() => {
      this.rows = a;
      this.activations = b;
    });
  }

  /** The AMS page's list. */
  async loadActivations(company: number | null, context: string): Promise<void> {
    const seq = ++this.seq;
    this.activations = null;
    const rows = await this.fetchActivations(company, context);
    if (seq === this.seq) runInAction(() => (this.activations = rows));
  }

  /** SHELL-113: no company, no call; a failure is logged and reads as no activations. */
  private async fetchActivations(company: number | null, context: string): Promise<ActivationDto[]> {
    if (company === null) return [];
    try {
      return await this.api.call(E.amsRecent, { query: { companyId: company, hierarchy: context } }, { silent: true });
    } catch (e) {
      console.warn('AMS activations could not be loaded', (e as Error).message);
      return [];
    }
  }
}
