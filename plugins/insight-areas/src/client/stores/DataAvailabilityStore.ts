import { segmentsEndpoints } from '@discovery/insights-kit';
import { createToken } from '@discovery/plugin-api';
import { Resource, type ApiClient, type HierarchyStore, type Settled } from '@discovery/platform';
import { makeAutoObservable, reaction } from 'mobx';
import { dataAvailabilityEndpoints, isVendorDataAvailable, vendorAvailabilityBody } from '../../common';

/**
 * EXP-045..047: whether the current client has vendor data for single-segment audiences (the
 * NLRR builder's data), checked on every context change for clients with the nlrr or nlrr_demo
 * flag. Another plugin reads it through DataAvailabilityToken.
 */
export class DataAvailabilityStore {
  private readonly vendorCheck = new Resource<boolean>(false);
  /** The slug the last check was for ('' before the first). */
  checkedFor = '';

  constructor(
    private readonly api: ApiClient,
    private readonly hierarchy: HierarchyStore,
  ) {
    makeAutoObservable<DataAvailabilityStore, 'api' | 'hierarchy' | 'vendorCheck'>(this, { api: false, hierarchy: false, vendorCheck: false });
    // A context change reloads data availability (002 §4).
    reaction(
      () => this.hierarchy.fullSlug,
      (slug) => void this.check(slug),
      { fireImmediately: true },
    );
  }

  /** EXP-047: true only when the check ran and answered a non-empty list. */
  get vendorData(): boolean {
    return !this.vendorCheck.error && this.vendorCheck.data;
  }

  get loading(): boolean {
    return this.vendorCheck.loading;
  }

  check(slug: string): Settled<unknown> {
    this.checkedFor = slug;
    if (!slug) {
      this.vendorCheck.reset();
      return Promise.resolve();
    }
    const flags = this.hierarchy.featureFlags;
    return this.vendorCheck.load(async (signal) => {
      // EXP-046: nothing is asked of a client without nlrr / nlrr_demo, or without a configured vendor.
      if (flags.nlrr !== true && flags.nlrr_demo !== true) return false;
      const config = (await this.api.call(dataAvailabilityEndpoints.vendorConfig, {}, { silent: true, signal })).data;
      const body = vendorAvailabilityBody(flags, config);
      if (!body) return false;
      const answer = await this.api.call(segmentsEndpoints.vendorAvailability, { body }, { silent: true, signal }).catch(() => null);
      return isVendorDataAvailable(answer);
    });
  }
}

export interface DataAvailability {
  readonly vendorData: boolean;
}
export const DataAvailabilityToken = createToken<DataAvailability>('insight-areas:DataAvailability');
