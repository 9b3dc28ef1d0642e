import { allOf, definePlugin, hasPermission } from '@discovery/plugin-api';
import { journeysUploadRoute, mekkosUploadRoute, personasUploadRoute, surveysUploadRoute, UPLOAD_RESOURCES, type UploadScreen } from '../common';

// UPL-002: the upload resource and the type's resource; without them the shared 'Missing Permissions' state.
const can = (screen: UploadScreen) => allOf(hasPermission('upload', 'read'), hasPermission(UPLOAD_RESOURCES[screen], 'read'));

export default definePlugin({
  id: 'uploads',
  titleKey: 'uploads:title',
  pageModule: async () => (await import('./module')).uploadsModule,
  routes: [
    { ref: surveysUploadRoute, requires: can('surveys'), onDenied: 'missing-permissions', load: () => import('./pages/SurveysUploadPage') },
    { ref: mekkosUploadRoute, requires: can('mekkos'), onDenied: 'missing-permissions', load: () => import('./pages/MekkosUploadPage') },
    { ref: journeysUploadRoute, requires: can('journeys'), onDenied: 'missing-permissions', load: () => import('./pages/JourneysUploadPage') },
    { ref: personasUploadRoute, requires: can('personas'), onDenied: 'missing-permissions', load: () => import('./pages/PersonasUploadPage') },
  ],
  nav: [
    { target: surveysUploadRoute, category: 'insights', labelKey: 'uploads:surveys.nav', icon: 'th-list', order: 91, visibleWhen: can('surveys') },
    { target: mekkosUploadRoute, category: 'insights', labelKey: 'uploads:mekkos.nav', icon: 'grouped-bar-chart', order: 92, visibleWhen: can('mekkos') },
    { target: journeysUploadRoute, category: 'insights', labelKey: 'uploads:journeys.nav', icon: 'flows', order: 93, visibleWhen: can('journeys') },
    { target: personasUploadRoute, category: 'insights', labelKey: 'uploads:personas.nav', icon: 'people', order: 94, visibleWhen: can('personas') },
  ],
  i18n: { namespace: 'uploads', load: async () => (await import('./locales/en.json')).default },
});
