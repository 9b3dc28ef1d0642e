import { InsightsPanelToken, type InsightsPanelProvider } from '@discovery/insights-kit';
import { ContainerModule } from 'inversify';
import { LazyInsightsPanel } from './components/PanelEntry';

export const insightsModule = new ContainerModule(({ bind }) => {
  bind(InsightsPanelToken.symbol).toConstantValue({ Panel: LazyInsightsPanel } satisfies InsightsPanelProvider);
});
