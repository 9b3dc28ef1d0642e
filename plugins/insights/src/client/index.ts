import { InsightsPanelToken } from '@discovery/insights-kit';
import { definePlugin } from '@discovery/plugin-api';
import { insightsModule } from './module';

/**
 * The Insights panel, provided to the screens that place it beside their charts (Grow, Journeys,
 * Overlap, Explore, the audience detail). No page of its own.
 */
export default definePlugin({
  id: 'insights',
  titleKey: 'insights:title',
  module: insightsModule,
  provides: [InsightsPanelToken],
  i18n: { namespace: 'insights', load: async () => (await import('./locales/en.json')).default },
});
