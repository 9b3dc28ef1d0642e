import { makeAutoObservable } from 'mobx';
import { coreEndpoints as E, type PublicConfigDto } from '@discovery/plugin-api';
import type { ApiClient } from '../ApiClient';
import { Resource, type Settled } from '../Resource';

export type AppConfigDto = PublicConfigDto;

/** Deployment configuration, read once at start (SRV-008). */
export class ConfigStore {
  readonly resource = new Resource<AppConfigDto | null>(null);

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<ConfigStore, 'api'>(this, { api: false, resource: false });
  }

  get config(): AppConfigDto | null {
    return this.resource.data;
  }

  /** SHELL-013: the one tier-3 flag every package reads. */
  get isTier3(): boolean {
    return this.config?.tier === 3;
  }

  /** Without it the shell uses its defaults (tier 1, the built-in logout address). */
  load(): Settled<AppConfigDto | null | undefined> {
    return this.resource.load(async (signal) => (await this.api.call(E.config, {}, { silent: true, noRefreshLogin: true, signal })).data);
  }
}
