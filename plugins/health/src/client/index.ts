import { definePlugin } from '@discovery/plugin-api';
import { healthRoute } from '../common';

export default definePlugin({
  id: 'health',
  titleKey: 'health:title',
  routes: [{ ref: healthRoute, public: true, layout: 'bare', load: () => import('./pages/HealthPage') }],
  i18n: { namespace: 'health', load: async () => (await import('./locales/en.json')).default },
});
