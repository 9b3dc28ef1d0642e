import { createToken } from '@discovery/plugin-api';
import { Resource, type ApiClient, type Settled } from '@discovery/platform';
import { makeAutoObservable } from 'mobx';
import { audiencesEndpoints as E, type ActivationDto, type HomeEntityRow } from '../../common';

export const ActivityStoreToken = createToken<ActivityStore>('audiences:ActivityStore');

/**
 * What home's 'Your Recent Audience Activity' and the AMS page show: the context's newest
 * audiences and lookalikes (SRV-039) and the recent AMS activations of the company the context
 * acts for (SRV-040). Null while loading; a newer load aborts an older one, whose late answer is dropped.
 * Per the spec each list reads as empty when its call fails (SHELL-110, SHELL-113), so neither
 * Resource ends in an error.
 */
export class ActivityStore {
  readonly recent = new Resource<{ rows: HomeEntityRow[]; activations: ActivationDto[] } | null>(null);
  readonly amsList = new Resource<ActivationDto[] | null>(null);

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<ActivityStore, 'api'>(this, { api: false, recent: false, amsList: false });
  }

  get rows(): HomeEntityRow[] | null {
    return this.recent.data?.rows ?? null;
  }

  /** The home section's activations. */
  get activations(): ActivationDto[] | null {
    return this.recent.data?.activations ?? null;
  }

  /** Both lists of the home section. */
  loadRecent(opts: { product: boolean; company: number | null; context: string; canAms: boolean }): Settled<unknown> {
    this.recent.reset();
    return this.recent.load(async (signal) => {
      const audiences = opts.product
        ? this.api
            .call(E.homeEntities, { query: { limit: 10 } }, { silent: true, signal })
            .then((r) => [...r.audiences, ...r.lookalikes])
            .catch(() => [] as HomeEntityRow[])
        : Promise.resolve([] as HomeEntityRow[]);
      const acts = opts.canAms && opts.product ? this.fetchActivations(opts.company, opts.context, signal) : Promise.resolve([]);
      const [rows, activations] = await Promise.all([audiences, acts]);
      return { rows, activations };
    });
  }

  /** The AMS page's list. */
  loadActivations(company: number | null, context: string): Settled<unknown> {
    this.amsList.reset();
    return this.amsList.load((signal) => this.fetchActivations(company, context, signal));
  }

  /** SHELL-113: no company, no call; a failure is logged and reads as no activations. */
  private async fetchActivations(company: number | null, context: string, signal: AbortSignal): Promise<ActivationDto[]> {
    if (company === null) return [];
    try {
      return await this.api.call(E.amsRecent, { query: { companyId: company, hierarchy: context } }, { silent: true, signal });
    } catch (e) {
      if (!signal.aborted) console.warn('AMS activations could not be loaded', (e as Error).message);
      return [];
    }
  }
}
