import type { ApiClient, ConfigStore, ErrorBannerStore, HierarchyStore, SessionStore, ToastStore } from '@discovery/platform';

/** The brands-admin plugin's own translator (namespace 'brands-admin'). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The core services the Brand Management stores use, bound in the plugin's module. */
export interface BrandsAdminDeps {
  api: ApiClient;
  hierarchy: HierarchyStore;
  session: SessionStore;
  config: ConfigStore;
  toasts: ToastStore;
  banner: ErrorBannerStore;
  t: Translate;
}
