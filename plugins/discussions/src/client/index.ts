import { allOf, definePlugin, hasPermission } from '@discovery/plugin-api';
import { discussionsUploadRoute } from '../common';

// UPL-002: the upload resource and the type's resource; without them the shared 'Missing Permissions' state.
const canUpload = allOf(hasPermission('upload', 'read'), hasPermission('upload_discussions', 'read'));

export default definePlugin({
  id: 'discussions',
  titleKey: 'discussions:title',
  pageModule: async () => (await import('./module')).discussionsModule,
  routes: [{ ref: discussionsUploadRoute, requires: canUpload, onDenied: 'missing-permissions', load: () => import('./pages/DiscussionsUploadPage') }],
  nav: [{ target: discussionsUploadRoute, category: 'insights', labelKey: 'discussions:nav', icon: 'chat', order: 90, visibleWhen: canUpload }],
  i18n: { namespace: 'discussions', load: async () => (await import('./locales/en.json')).default },
});
