import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../ApiClient';

export interface AppConfigDto {
  tier: 1 | 2 | 3;
  environment: string;
  sso_login_url: string;
  logout_url: string;
  support_url: string;
  service_desk_url: string;
  help_urls: Record<string, string>;
  show_privacy_policy_link: boolean;
  build: { version: string; branch: string; revision: string; date: string } | null;
}

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
    const res = await this.api.get<{ data: AppConfigDto }>('/api/v1/config', { silent: true, noRefreshLogin: true });
    runInAction(() => (this.config = res.data));
  }
}
