import { allOf, definePlugin, hasFeatureFlag, hasPermission } from '@discovery/plugin-api';
import { APPLICATIONS_FLAG, noticeRoute, toolboxAdminRoute, toolboxAppRoutes, toolboxPermissions } from '../common';
import { iframeUnitRouteGuard } from './guard';
import { toolboxModule } from './module';
import { ToolboxAdminStoreToken } from './stores/ToolboxAdminStore';
import { ToolboxUnitsStoreToken } from './stores/ToolboxUnitsStore';

const canRead = hasPermission(toolboxPermissions.read.resource, 'read');
// TBX-013: the 'applications' flag gates the embedded frame (else home).
const applications = hasFeatureFlag(APPLICATIONS_FLAG);

export default definePlugin({
  id: 'toolbox',
  titleKey: 'toolbox:title',
  module: toolboxModule,
  routes: [
    // TBX-012: the management screen under the product context, read permission.
    { ref: toolboxAdminRoute, requires: canRead, load: () => import('./pages/ToolboxAdminPage') },
    // TBX-014..016: both levels of the frame route, behind the iframe-unit guard.
    {
      ref: toolboxAppRoutes.region,
      requires: applications,
      guard: iframeUnitRouteGuard,
      keepMountedOnProductChange: true,
      load: () => import('./pages/ToolboxAppPage'),
    },
    {
      ref: toolboxAppRoutes.product,
      requires: applications,
      guard: iframeUnitRouteGuard,
      keepMountedOnProductChange: true,
      load: () => import('./pages/ToolboxAppPage'),
    },
    // TBX-024: the notice page.
    { ref: noticeRoute, load: () => import('./pages/NoticePage') },
  ],
  nav: [{ target: toolboxAdminRoute, category: 'toolbox', labelKey: 'toolbox:nav', icon: 'wrench', order: 900, visibleWhen: allOf(canRead) }],
  provides: [ToolboxUnitsStoreToken, ToolboxAdminStoreToken],
  i18n: { namespace: 'toolbox', load: async () => (await import('./locales/en.json')).default },
});
