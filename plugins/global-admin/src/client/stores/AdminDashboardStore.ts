import { coreEndpoints, createToken, type UserAdminDto } from '@discovery/plugin-api';
import type { ApiClient } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';
import { globalAdminEndpoints as E, type AdminSummary } from '../../common';

export const AdminDashboardStoreToken = createToken<AdminDashboardStore>('global-admin:AdminDashboardStore');

/** The admin dashboard's figures and users (SHELL-021, A-48); null while loading. */
export class AdminDashboardStore {
  summary: AdminSummary | null = null;
  users: UserAdminDto[] | null = null;

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<AdminDashboardStore, 'api'>(this, { api: false });
  }

  async load(): Promise<void> {
    const [summary, users] = await Promise.all([this.api.call(E.summary), this.api.call(coreEndpoints.users)]);
    runInAction(() => {
      this.summary = summary.data;
      this.users = users.data;
    });
  }
}
