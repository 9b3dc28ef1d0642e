import { definePlugin } from '@discovery/plugin-api';
import { homeRoutes } from '../common';

const page = () => import('./pages/HomePage');
const redirect = () => import('./pages/HomeRedirect');

export default definePlugin({
  id: 'home',
  titleKey: 'home:title',
  routes: [
    { ref: homeRoutes.root, load: redirect },
    { ref: homeRoutes.client, load: redirect },
    { ref: homeRoutes.region, load: page },
    // the brand-level home goes on to the brand's first product.
    { ref: homeRoutes.brand, load: redirect },
    { ref: homeRoutes.product, load: page },
  ],
  nav: [{ target: homeRoutes.root, labelKey: 'home:nav', icon: 'home', order: 0 }],
  i18n: { namespace: 'home', load: async () => (await import('./locales/en.json')).default },
});
