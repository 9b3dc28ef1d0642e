import { definePlugin } from '@discovery/plugin-api';
import { privacyPolicyRoute } from '../common';

export default definePlugin({
  id: 'privacy-policy',
  titleKey: 'privacy-policy:title',
  routes: [
    {
      ref: privacyPolicyRoute,
      public: true,
      layout: 'bare',
      load: () => import('./pages/PrivacyPolicyPage'),
    },
  ],
  i18n: {
    namespace: 'privacy-policy',
    load: async () => (await import('./locales/en.json')).default,
  },
});
