import {
  ApiClientToken,
  HierarchyStoreToken,
  SessionStoreToken,
  ToastStoreToken,
  type ApiClient,
  type HierarchyStore,
  type SessionStore,
  type ToastStore,
} from '@discovery/platform';
import i18next from 'i18next';
import { ContainerModule } from 'inversify';
import { ApiKeysStore, ApiKeysStoreToken } from './stores/ApiKeysStore';
import { AdminDashboardStore, AdminDashboardStoreToken } from './stores/AdminDashboardStore';
import { AuditLogStore, AuditLogStoreToken } from './stores/AuditLogStore';
import { ClientAdminStore, ClientAdminStoreToken } from './stores/ClientAdminStore';
import { RolesStore, RolesStoreToken } from './stores/RolesStore';
import { SetPasswordStore, SetPasswordStoreToken } from './stores/SetPasswordStore';
import { UsersStore, UsersStoreToken } from './stores/UsersStore';

/** Global admin's stores over the core services (factories: esbuild emits no decorator metadata). */
export const globalAdminModule = new ContainerModule(({ bind }) => {
  bind(ClientAdminStoreToken.symbol)
    .toDynamicValue(
      (ctx) =>
        new ClientAdminStore({
          api: ctx.get<ApiClient>(ApiClientToken.symbol),
          hierarchy: ctx.get<HierarchyStore>(HierarchyStoreToken.symbol),
          session: ctx.get<SessionStore>(SessionStoreToken.symbol),
          toasts: ctx.get<ToastStore>(ToastStoreToken.symbol),
          t: (key, options) => i18next.t(key, { ns: 'global-admin', ...options }),
        }),
    )
    .inSingletonScope();
  bind(AdminDashboardStoreToken.symbol)
    .toDynamicValue((ctx) => new AdminDashboardStore(ctx.get<ApiClient>(ApiClientToken.symbol)))
    .inSingletonScope();
  bind(AuditLogStoreToken.symbol)
    .toDynamicValue((ctx) => new AuditLogStore(ctx.get<ApiClient>(ApiClientToken.symbol)))
    .inSingletonScope();
  bind(UsersStoreToken.symbol)
    .toDynamicValue(
      (ctx) =>
        new UsersStore({
          api: ctx.get<ApiClient>(ApiClientToken.symbol),
          hierarchy: ctx.get<HierarchyStore>(HierarchyStoreToken.symbol),
          toasts: ctx.get<ToastStore>(ToastStoreToken.symbol),
          t: (key, options) => i18next.t(key, { ns: 'global-admin', ...options }),
        }),
    )
    .inSingletonScope();
  bind(RolesStoreToken.symbol)
    .toDynamicValue(
      (ctx) =>
        new RolesStore(ctx.get<ApiClient>(ApiClientToken.symbol), ctx.get<ToastStore>(ToastStoreToken.symbol), (key, options) =>
          i18next.t(key, { ns: 'global-admin', ...options }),
        ),
    )
    .inSingletonScope();
  bind(ApiKeysStoreToken.symbol)
    .toDynamicValue(
      (ctx) =>
        new ApiKeysStore(ctx.get<ApiClient>(ApiClientToken.symbol), ctx.get<ToastStore>(ToastStoreToken.symbol), (key, options) =>
          i18next.t(key, { ns: 'global-admin', ...options }),
        ),
    )
    .inSingletonScope();
  bind(SetPasswordStoreToken.symbol)
    .toDynamicValue((ctx) => new SetPasswordStore(ctx.get<ApiClient>(ApiClientToken.symbol)))
    .inSingletonScope();
});
