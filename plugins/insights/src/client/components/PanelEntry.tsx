import { type InsightsPanelProps } from '@discovery/insights-kit';
import { LoadingSpinner } from '@discovery/ui';
import { lazy, Suspense } from 'react';

const InsightsPanel = lazy(() => import('./InsightsPanel'));

/** What the token hands out: the panel's code (and the charts') loads with the first page that shows it. */
export function LazyInsightsPanel(props: InsightsPanelProps) {
  return (
    <Suspense fallback={<LoadingSpinner size={24} />}>
      <InsightsPanel {...props} />
    </Suspense>
  );
}
