import { makeAutoObservable, runInAction } from 'mobx';
import { coreEndpoints as E, type PublicConfigDto } from '@discovery/plugin-api';
import type { ApiClient } from '../ApiClient';

export type AppConfigDto = PublicConfigDto;

/** Deployment configuration, read once at start (SRV-008). */
export class ConfigStore {
  config: AppConfigDto | null = null;

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<ConfigStore, 'api'>(this, { api: false });
  }

  /** SHELL-013: the one tier-3 flag every package reads. */
  get isTier3(): boolean {
    return this.config?.tier === 3;
  }

  async load(): Promise<void> {
    const res = await this.api.call(E.config, {}, { silent: true, noRefreshLogin: true });
    runInAction(() => (this.config = res.data));
  }
}
