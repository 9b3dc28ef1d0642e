import { coreEndpoints, createToken, type UserAdminDto } from '@discovery/plugin-api';
import { Resource, type ApiClient, type Settled } from '@discovery/platform';
import { makeAutoObservable } from 'mobx';
import { globalAdminEndpoints as E, type AdminSummary } from '../../common';

export const AdminDashboardStoreToken = createToken<AdminDashboardStore>('global-admin:AdminDashboardStore');

/** The admin dashboard's figures and users (SHELL-021, A-48); null while loading. */
export class AdminDashboardStore {
  readonly summaryResource = new Resource<AdminSummary | null>(null);
  readonly usersResource = new Resource<UserAdminDto[] | null>(null);

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<AdminDashboardStore, 'api'>(this, { api: false, summaryResource: false, usersResource: false });
  }

  get summary(): AdminSummary | null {
    return this.summaryResource.data;
  }

  get users(): UserAdminDto[] | null {
    return this.usersResource.data;
  }

  /** Each part on its own: a failed one shows its error beside the other. */
  load(): Settled<unknown> {
    return Promise.all([
      this.summaryResource.load(async (signal) => (await this.api.call(E.summary, {}, { silent: true, signal })).data),
      this.usersResource.load(async (signal) => (await this.api.call(coreEndpoints.users, {}, { silent: true, signal })).data),
    ]);
  }
}
