import { Card, Classes } from '@blueprintjs/core';
import { formatCount } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { AreaStore } from '../stores/AreaStore';
import { percent } from './AreaSegmentsTable';

/** The area's summary: the people in scope, the brand's customers among them, the segment they lean to most. */
export const AreaSummary = observer(function AreaSummary({ store }: { store: AreaStore }) {
  const { t } = useTranslation('insight-areas');
  const d = store.segments.data;
  if (!d || !d.customers) return null;
  const top = store.topSegment;
  const figure = (label: string, value: string, testId: string, note?: string) => (
    <Card style={{ flex: '1 1 180px', padding: 12 }} data-testid={testId}>
      <div className={Classes.TEXT_MUTED}>{label}</div>
      <div style={{ fontSize: 22, fontWeight: 600 }}>{value}</div>
      {note && <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{note}</div>}
    </Card>
  );
  return (
    <section aria-label={t('summary.label')} style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 12 }} data-testid="area-summary">
      {figure(
        t('summary.people'),
        formatCount(d.base.filtered),
        'area-summary-people',
        d.base.filtered < d.base.population ? t('summary.ofPopulation', { count: formatCount(d.base.population) }) : undefined,
      )}
      {figure(
        d.customers.name,
        formatCount(d.customers.count),
        'area-summary-customers',
        d.base.filtered ? percent(d.customers.count / d.base.filtered) : undefined,
      )}
      {top && figure(t('summary.top'), top.name, 'area-summary-top', t('summary.topNote', { index: Math.round(top.index ?? 0) }))}
    </section>
  );
});
