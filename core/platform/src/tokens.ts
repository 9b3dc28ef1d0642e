import { createToken } from '@discovery/plugin-api';
import type { ApiClient } from './ApiClient';
import type { ConfigStore } from './stores/ConfigStore';
import type { ErrorBannerStore } from './stores/ErrorBannerStore';
import type { HierarchyStore } from './stores/HierarchyStore';
import type { NavStore } from './stores/NavStore';
import type { SessionStore } from './stores/SessionStore';
import type { ShellModalsStore } from './stores/ShellModalsStore';
import type { ToastStore } from './stores/ToastStore';

export const ApiClientToken = createToken<ApiClient>('core:ApiClient');
export const SessionStoreToken = createToken<SessionStore>('core:SessionStore');
export const HierarchyStoreToken = createToken<HierarchyStore>('core:HierarchyStore');
export const ErrorBannerStoreToken = createToken<ErrorBannerStore>('core:ErrorBannerStore');
export const ToastStoreToken = createToken<ToastStore>('core:ToastStore');
export const ConfigStoreToken = createToken<ConfigStore>('core:ConfigStore');
export const NavStoreToken = createToken<NavStore>('core:NavStore');
export const ShellModalsToken = createToken<ShellModalsStore>('core:ShellModals');

/** Extension point: a notifications plugin binds its unread count here (SHELL-086/087). */
export interface NotificationBadge {
  readonly count: number;
}
export const NotificationBadgeToken = createToken<NotificationBadge>('core:NotificationBadge');
