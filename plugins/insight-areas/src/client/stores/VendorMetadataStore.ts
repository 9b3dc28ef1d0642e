import { createToken } from '@discovery/plugin-api';
import { Resource, type ApiClient, type Settled } from '@discovery/platform';
import { makeAutoObservable } from 'mobx';
import { vendorEndpoints, type SourceCodeDto, type VendorDataSourceDto, type VendorGroupDto } from '../../common';

/**
 * EXP-054: vendor data sources, groups and source codes, each with its loaded and error flags.
 * Data sources load on every call of `load`; groups and source codes once per session (a failed
 * one is tried again on the next `load`).
 */
export class VendorMetadataStore {
  readonly dataSources = new Resource<VendorDataSourceDto[]>([]);
  readonly groups = new Resource<VendorGroupDto[]>([]);
  readonly sourceCodes = new Resource<SourceCodeDto[]>([]);

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<VendorMetadataStore, 'api'>(this, { api: false, dataSources: false, groups: false, sourceCodes: false });
  }

  get loaded(): { dataSources: boolean; groups: boolean; sourceCodes: boolean } {
    return { dataSources: this.dataSources.status === 'ready', groups: this.groups.status === 'ready', sourceCodes: this.sourceCodes.status === 'ready' };
  }

  get error(): { dataSources: boolean; groups: boolean; sourceCodes: boolean } {
    return { dataSources: !!this.dataSources.error, groups: !!this.groups.error, sourceCodes: !!this.sourceCodes.error };
  }

  load(): Settled<unknown> {
    const opts = { silent: true } as const;
    const once = <T>(r: Resource<T>, fn: (signal: AbortSignal) => Promise<T>) => (r.status === 'ready' || r.loading ? Promise.resolve(undefined) : r.load(fn));
    return Promise.all([
      this.dataSources.load(async (signal) => (await this.api.call(vendorEndpoints.dataSources, {}, { ...opts, signal })).data),
      once(this.groups, async (signal) => (await this.api.call(vendorEndpoints.groups, {}, { ...opts, signal })).data),
      once(this.sourceCodes, async (signal) => (await this.api.call(vendorEndpoints.sourceCodes, {}, { ...opts, signal })).data),
    ]);
  }
}

export const VendorMetadataToken = createToken<VendorMetadataStore>('insight-areas:VendorMetadata');
