import { definePlugin } from '@discovery/plugin-api';

export default definePlugin({
  id: 'notifications',
  titleKey: 'notifications:title',
  i18n: { namespace: 'notifications', load: async () => (await import('./locales/en.json')).default },
});
