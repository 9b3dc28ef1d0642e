import { Button, Card, Classes, H1, Switch } from '@blueprintjs/core';
import { StateMessage } from '@discovery/ui';
import { Gauge, gaugeDiameter, gaugePercent, HeatGrid, IndexBars, Mekko, StackedColumns, cellKey, type MekkoSelection } from '@discovery/charts';
import { ConfigStoreToken, useService } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { galleryAvailable } from '../../common';
import { heatData, indexData, mekkoData, stackedData } from '../generate';

function Section({ children }: { children: ReactNode }) {
  return <Card style={{ marginBottom: 24 }}>{children}</Card>;
}

/** Every chart kind on generated data (QA sees them in one place; e2e/specs/chart-gallery measures them). */
const ChartGalleryPage = observer(function ChartGalleryPage() {
  const { t } = useTranslation('chart-gallery');
  const config = useService(ConfigStoreToken);
  const [seed, setSeed] = useState(1);
  const [edit, setEdit] = useState(false);
  const [grouped, setGrouped] = useState(false);
  const [selected, setSelected] = useState<MekkoSelection | null>(null);
  const [renderMs, setRenderMs] = useState<number | null>(null);
  const [focused, setFocused] = useState<Set<string>>(new Set());

  const mekko = useMemo(() => mekkoData(seed, 10, 10, false, t), [seed, t]);
  const mekkoChange = useMemo(() => mekkoData(7, 4, 3, true, t), [t]);
  const stacked = useMemo(() => stackedData(3, grouped, t), [grouped, t]);
  const heat = useMemo(() => heatData(5, 12, 6, t), [t]);
  const index = useMemo(() => indexData(9, 2), []);
  const stages = [4_200_000, 2_600_000, 900_000, 310_000];

  if (!galleryAvailable(config.config?.environment)) {
    return <StateMessage level={1} icon="lock" title={t('title')} description={t('production')} />;
  }
  const what = selected ? [selected.marketId, selected.subMarketId].filter((x) => x !== undefined).join(' › ') : null;
  return (
    <div data-testid="chart-gallery">
      <H1>{t('title')}</H1>
      <p className={Classes.TEXT_MUTED}>{t('intro')}</p>
      <Section>
        <div style={{ display: 'flex', gap: 16, alignItems: 'center', marginBottom: 8 }}>
          <Button icon="refresh" text={t('newData')} onClick={() => setSeed((s) => s + 1)} data-testid="gallery-new-data" />
          <Switch checked={edit} label={t('editMode')} onChange={() => setEdit((v) => !v)} style={{ margin: 0 }} />
          <span data-testid="mekko-render-ms" data-ms={renderMs ?? ''} className={Classes.TEXT_MUTED}>
            {renderMs !== null ? t('renderTime', { ms: renderMs.toFixed(1) }) : ''}
          </span>
          <span data-testid="mekko-selected">{what ? t('selected', { what }) : t('nothingSelected')}</span>
        </div>
        <Mekko
          title={t('charts.mekko')}
          markets={mekko}
          equalShares={edit}
          selected={selected}
          onSelect={(s) => setSelected((cur) => (cur && cur.marketId === s.marketId && cur.subMarketId === s.subMarketId ? null : s))}
          onRendered={setRenderMs}
          height={460}
          testId="gallery-mekko"
        />
      </Section>
      <Section>
        <Mekko title={t('charts.mekkoChange')} markets={mekkoChange} testId="gallery-mekko-change" />
      </Section>
      <Section>
        <Switch checked={grouped} label={t('grouped')} onChange={() => setGrouped((v) => !v)} />
        <StackedColumns title={t('charts.stacked')} groups={stacked} categoryLabel={t('month')} groupLabel={t('market')} testId="gallery-stacked" />
      </Section>
      <Section>
        <HeatGrid
          title={t('charts.heat')}
          x={heat.x}
          y={heat.y}
          cells={heat.cells}
          valueKind="index"
          cornerLabel={t('segment')}
          focused={focused}
          onToggle={(x, y) =>
            setFocused((f) => {
              const next = new Set(f);
              const k = cellKey(x, y);
              if (next.has(k)) next.delete(k);
              else next.add(k);
              return next;
            })
          }
          testId="gallery-heat"
        />
      </Section>
      <Section>
        <div style={{ fontWeight: 600, marginBottom: 8 }}>{t('charts.gauges')}</div>
        <div style={{ display: 'flex', gap: 24, alignItems: 'flex-end', flexWrap: 'wrap' }} data-testid="gallery-gauges">
          {stages.map((count, i) => (
            <div key={i} style={{ width: 260 }}>
              <Gauge
                title={t('charts.gauge', { n: i + 1 })}
                percent={gaugePercent(count, stages[0])}
                diameter={gaugeDiameter(count, Math.min(...stages), Math.max(...stages))}
                caption={count.toLocaleString('en-US')}
                count={count}
                testId={`gallery-gauge-${i + 1}`}
              />
            </div>
          ))}
        </div>
      </Section>
      <Section>
        <IndexBars
          title={t('charts.index')}
          rows={index}
          series={[
            { key: 'a', name: t('audience', { n: 1 }) },
            { key: 'b', name: t('audience', { n: 2 }) },
          ]}
          testId="gallery-index"
        />
      </Section>
      <Section>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 24 }}>
          {/* Loading for ever on purpose (the state is on show): the browser suites' settle probe skips spinners inside data-demo-state. */}
          <div data-demo-state="loading">
            <Mekko title={t('charts.loading')} markets={null} testId="gallery-loading" />
          </div>
          <IndexBars title={t('charts.empty')} rows={[]} series={[]} testId="gallery-empty" />
        </div>
      </Section>
    </div>
  );
});

export default ChartGalleryPage;
