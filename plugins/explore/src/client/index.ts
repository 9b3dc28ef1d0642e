import { allOf, anyOf, definePlugin, hasFeatureFlag, hasPermission, type Predicate } from '@discovery/plugin-api';
import { exploreBuilderRoute, explorePermissions as P, exploreRoute, motivationBuilderRoute, motivationPermissions as M } from '../common';

// EXP-001: explore.read and the client's 'explore' flag; EXP-017: the builder creates (explore.create) or edits (explore.update).
const canView = allOf(hasPermission(P.read.resource, 'read'), hasFeatureFlag('explore'));
const canBuild = allOf(canView, anyOf(hasPermission(P.create.resource, 'create'), hasPermission(P.update.resource, 'update')));
// EXP-016 / EXP-018: tier 3 with request_motivation_audiences.create.
const isTier3: Predicate = (s) => s.isTier3;
const canRequestMotivation = allOf(canView, isTier3, hasPermission(M.create.resource, 'create'));

export default definePlugin({
  id: 'explore',
  titleKey: 'explore:title',
  pageModule: async () => (await import('./module')).exploreModule,
  routes: [
    { ref: exploreRoute, requires: canView, load: () => import('./pages/ExplorePage') },
    { ref: exploreBuilderRoute, requires: canBuild, load: () => import('./pages/PersonaBuilderPage') },
    { ref: motivationBuilderRoute, requires: canRequestMotivation, load: () => import('./pages/MotivationBuilderPage') },
  ],
  nav: [
    {
      target: exploreRoute,
      category: 'insights',
      labelKey: 'explore:nav',
      icon: 'search-around',
      order: 5,
      visibleWhen: canView,
    },
  ],
  i18n: { namespace: 'explore', load: async () => (await import('./locales/en.json')).default },
});
