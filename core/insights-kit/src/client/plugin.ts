import { definePlugin } from '@discovery/plugin-api';
import { insightsKitModule } from './module';

/**
 * The kit's client half, loaded with every build's plugins (host/src/client): no pages, only the
 * services the insight screens share. Its strings are in core's `en` locale.
 */
export const insightsKitPlugin = definePlugin({
  id: 'insights-kit',
  titleKey: 'core:insightsKit',
  module: insightsKitModule,
});
