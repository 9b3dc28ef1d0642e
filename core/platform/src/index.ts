export {
  AbortedError,
  ApiClient,
  ApiError,
  adoptCsrfCookie,
  CSRF_STORAGE_KEY,
  GENERIC_ERROR,
  isAbortError,
  type ApiClientHooks,
  type RequestOptions,
} from './ApiClient';
export { Resource, settle, type ResourceStatus, type Settled } from './Resource';
export { errorCode, errorMessageKey } from './errorText';
export { bootstrapPlugins, createCoreContainer, loadPageModule, type BootResult } from './bootstrap';
export { coreModule } from './coreModule';
export {
  contextGuard,
  invalidClientWarning,
  loginRedirect,
  NO_CLIENT_WARNING,
  ROUTING_WARNING_MS,
  safeReturnUrl,
  type GuardResult,
  type RoutingMessage,
} from './guards';
export {
  chosenDataSource,
  DATA_SOURCE_KEY,
  dataSourceKey,
  dataSources,
  defaultRegion,
  homePathFor,
  regionHasBrands,
  resolveNodes,
  swapProduct,
} from './hierarchy';
export type { BrandDto, ClientDto, ProductDto, RegionDto, ResolvedNodes } from './hierarchy';
export {
  addPluginResources,
  changeLanguage,
  initI18n,
  LANGUAGE_KEY,
  PSEUDO_CLOSE,
  PSEUDO_LOCALE,
  PSEUDO_OPEN,
  pseudoLocalize,
  pseudoString,
  SHELL_LANGUAGES,
} from './i18n';
export { ContainerProvider, useContainer, useContributions, useOptionalService, useService } from './react';
export { ConfigStore, type AppConfigDto } from './stores/ConfigStore';
export { ErrorBannerStore } from './stores/ErrorBannerStore';
export { HierarchyStore } from './stores/HierarchyStore';
export { MAIN_MIN_WIDTH, NAV_AUTO_COLLAPSE_BELOW, NAV_WIDTH, NavStore } from './stores/NavStore';
export { LOGOUT_DELAY_MS, postLogoutToFrames, SessionStore, SSO_TOKEN_KEY, withDefaultPermissions, type MeDto } from './stores/SessionStore';
export { ChangeFeed } from './stores/ChangeFeed';
export { MAX_VISIBLE_TOASTS, TOAST_DURATIONS, ToastStore, type Toast, type ToastIntent } from './stores/ToastStore';
export * from './tokens';
export { activeNavKey, buildNav, type NavEntry, type NavModel } from './nav';
export { formatCount, formatCurrency, formatDate, formatDateTime, MISSING_COUNT } from './format';
export { noticeRoute } from '@discovery/plugin-api';
export { audienceTypeLabelKey, type AudienceLabelInput } from './audienceLabels';
export { saveBlob } from './files';
export { contextReaches, RouteTable } from './routeTable';
export { AUTOMATION_ROUTES_KEY, automationRoutes, type AutomationRoute } from './automation';
export { DRAWN_MARK, markDrawn } from './marks';
export { BrowserMonitoring, CLIENT_ERRORS_PATH, type BrowserMonitoringOptions, type ClientErrorReport } from './monitoring';
