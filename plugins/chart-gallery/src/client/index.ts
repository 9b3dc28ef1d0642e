import { definePlugin } from '@discovery/plugin-api';
import { chartGalleryRoute } from '../common';

/** The chart gallery page (development environments): every chart kind on generated data. */
export default definePlugin({
  id: 'chart-gallery',
  titleKey: 'chart-gallery:title',
  routes: [{ ref: chartGalleryRoute, disablesHierarchySelector: true, load: () => import('./pages/ChartGalleryPage') }],
  i18n: { namespace: 'chart-gallery', load: async () => (await import('./locales/en.json')).default },
});
