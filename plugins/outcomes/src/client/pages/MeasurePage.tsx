import { Button, Card, Classes, Icon, Menu, MenuItem, PopoverNext, Switch, Tab, Tabs, Tag, Tooltip } from '@blueprintjs/core';
import { Mekko, StackedColumns, type MekkoMarket, type StackedGroup } from '@discovery/charts';
import {
  FilterBar,
  InsightsPanelToken,
  SaveAudienceButton,
  SavedChartDropdown,
  visibleHostTabs,
  visibleLevels,
  levelForHostTab,
  type HostTab,
} from '@discovery/insights-kit';
import { audienceDraft, segmentFor, type SubMarketDto } from '@discovery/plugin-insights-grow/common';
import { ConfigStoreToken, formatCount, HierarchyStoreToken, SessionStoreToken, useOptionalService, useService } from '@discovery/platform';
import { LoadingSpinner, PageTitle, StateMessage } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMonths } from '../months';
import { useNavigate, useParams } from 'react-router-dom';
import {
  caretOf,
  CHART_DROPDOWN_WIDTH,
  filterLabel,
  formatChange,
  LEGEND_COLLAPSED_PX,
  LEGEND_OVERFLOW_PX,
  outcomesMeasureRoute,
  percentChange,
  TOOLTIP_DELAY_MS,
  type Timeframe,
} from '../../common';
import { AdminOutcomesPanel } from '../components/AdminOutcomesPanel';
import { TimeSelector } from '../components/TimeSelector';
import { OutcomesStoreToken } from '../stores/OutcomesStore';

const TABS: readonly HostTab[] = ['total', 'matched', 'modeled'];

/** OUT-032: the range legend, 55 px until 'See more', the toggle only when it overflows by more than 5 px. */
function RangeLegend({ items }: { items: { key: string; name: string; market: boolean }[] }) {
  const { t } = useTranslation('outcomes');
  const box = useRef<HTMLUListElement>(null);
  const [more, setMore] = useState(false);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = box.current;
    if (el) setOverflows(el.scrollHeight - LEGEND_COLLAPSED_PX > LEGEND_OVERFLOW_PX);
  }, [items]);
  return (
    <div data-testid="outcomes-legend">
      <ul
        ref={box}
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'flex',
          flexWrap: 'wrap',
          gap: '4px 12px',
          maxHeight: more ? undefined : LEGEND_COLLAPSED_PX,
          overflow: 'hidden',
        }}
      >
        {items.map((i) => (
          <li key={i.key} style={{ fontWeight: i.market ? 600 : 400 }}>
            {i.name}
          </li>
        ))}
      </ul>
      {overflows && (
        <Button
          variant="minimal"
          size="small"
          text={more ? t('range.seeLess') : t('range.seeMore')}
          onClick={() => setMore(!more)}
          data-testid="outcomes-legend-toggle"
        />
      )}
    </div>
  );
}

/**
 * Outcomes Measure (001 §2.6, §4.4): the chart and time selectors, the filter bar with Save
 * Audience, the three tabs, the population panels, the comparison mekko with the change overlay
 * or the range's stacked columns, the Insights panel beside them and the Admin Outcomes panel.
 */
const MeasurePage = observer(function MeasurePage() {
  const { t } = useTranslation('outcomes');
  const months = useMonths();
  const store = useService(OutcomesStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  const session = useService(SessionStoreToken);
  const config = useService(ConfigStoreToken);
  const insights = useOptionalService(InsightsPanelToken);
  const navigate = useNavigate();
  const params = useParams();
  const context = hierarchy.fullSlug;
  const routeId = params.mekkoId && /^[0-9]+$/.test(params.mekkoId) ? Number(params.mekkoId) : null;
  const tier3 = config.isTier3;

  // The selection at the moment the id is shown (it follows context, which the effect depends on).
  const showInUrl = useEffectEvent((id: number) => {
    navigate(outcomesMeasureRoute.link(hierarchy.selection, { mekkoId: id }), { replace: true });
  });
  useEffect(() => {
    let live = true;
    store.open(context, routeId).then(
      (id) => {
        if (live && id !== null && id !== routeId) showInUrl(id);
      },
      () => undefined, // the store's states say why
    );
    return () => {
      live = false;
    };
  }, [store, context, routeId]);
  // OUT-007: leaving the page clears the filters.
  useEffect(() => () => store.clearFilters(), [store]);

  if (!store.list) return <LoadingSpinner size={32} />;
  const m = store.mekko;
  const tab = store.tab;
  const prev = store.previousTf;
  const cur = store.currentTf;
  const tabs = TABS.filter((x) => visibleHostTabs(store.tabsConfig).includes(x));
  const personLevel = visibleLevels(store.tabsConfig).includes('person');
  const subs = m?.markets.flatMap((k) => k.sub_markets) ?? [];
  const f = store.marketFilter;
  const market = m?.markets.find((k) => k.id === f.marketId);
  const subMarket = subs.find((s) => s.id === f.subMarketId);
  const filterText = filterLabel(f, { market: market?.name, subMarket: subMarket?.name });
  // The audiences the filter stands for: the sub-market (alone or within its market, OUT-018 / A-20) or the market's.
  const filtered: SubMarketDto[] = subMarket ? (f.withinMarket && market ? market.sub_markets : [subMarket]) : (market?.sub_markets ?? []);
  const returnUrl = m ? `outcomes/measure/${m.id}` : 'outcomes/measure';
  const segTab = tab === 'total' ? 'matched' : tab;
  const audiences = filtered.map((s) => {
    const id = segmentFor(s, segTab, tier3);
    return { key: String(s.id), name: s.name, rules: { include: { and: id ? [{ or: [id] }] : [] } } };
  });
  const saveReason = !filtered.length || tab === 'total' || filtered.some((s) => !segmentFor(s, segTab, tier3)) ? t('filters.saveNeedsSegment') : null;

  const figure = (tf: Timeframe | null, sub?: number, marketId?: number): number => {
    if (!tf) return 0;
    if (sub !== undefined) return tf.submarket_outcomes.find((x) => x.sub_market_id === sub)?.[tab] ?? 0;
    if (marketId !== undefined) return tf.market_outcomes.find((x) => x.market_id === marketId)?.[tab] ?? 0;
    return tf[tab];
  };
  const pathOf = (s: SubMarketDto) => {
    const id = segmentFor(s, segTab, tier3);
    const seg = id ? store.segments[id] : undefined;
    return seg ? [seg.path, seg.name].filter(Boolean).join(' > ') : 'N/A';
  };

  // OUT-021 / OUT-024 / OUT-025: the current timeframe drawn, the change against the previous one.
  const chartMarkets: MekkoMarket[] | null =
    m && cur
      ? m.markets.map((k) => ({
          id: k.id,
          name: k.name,
          count: figure(cur, undefined, k.id),
          subMarkets: k.sub_markets.map((s) => ({
            id: s.id,
            name: s.name,
            tag: s.tag,
            count: figure(cur, s.id),
            change: percentChange(figure(prev, s.id), figure(cur, s.id)),
            detail: tab === 'total' ? undefined : `${t('tooltip.audience')}: ${pathOf(s)}`,
          })),
        }))
      : null;

  // OUT-028 / OUT-031: the range's columns, one chart or one per market.
  const range = store.rangeTimeframes;
  const categories = range.map((x) => months.shortLabel(x.year, x.month));
  const seriesOf = (list: SubMarketDto[]) => list.map((s) => ({ key: String(s.id), name: s.name, values: range.map((x) => figure(x, s.id)) }));
  const groups: StackedGroup[] | null = m
    ? store.groupByMarket
      ? m.markets.map((k) => ({ name: k.name, categories, series: seriesOf(k.sub_markets) }))
      : [{ categories, series: seriesOf(subs) }]
    : null;

  const diff = figure(cur) - figure(prev);
  const caret = caretOf(diff);

  return (
    <section data-testid="outcomes-page" style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 12 }}>
      <PageTitle>{t('title')}</PageTitle>
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-end', flexWrap: 'wrap' }}>
        <div style={{ width: CHART_DROPDOWN_WIDTH }}>
          <div id="outcomes-chart-label" className={Classes.TEXT_MUTED} style={{ marginBottom: 4 }}>
            {t('selectChart')}
          </div>
          <SavedChartDropdown
            charts={store.list}
            value={m?.id ?? null}
            onChange={(id) => navigate(outcomesMeasureRoute.link(hierarchy.selection, { mekkoId: id }))}
            testIdPrefix="outcomes-chart"
          />
        </div>
        {m && <TimeSelector key={m.id} store={store} canSettings={session.can('outcome_timeframes', 'create')} />}
        {store.loading && <LoadingSpinner size={16} />}
      </div>

      {!m && <StateMessage icon="timeline-line-chart" title={t('noCharts')} data-testid="outcomes-empty" />}

      {m && (
        <>
          {/* OUT-017 / OUT-018: market > sub-market with its toggle; the kit's filters; Save Audience. */}
          <FilterBar
            label={t('filters.label')}
            testId="outcomes-filters"
            testIdPrefix="outcomes"
            filters={store.filters}
            onAdd={(x) => store.addFilters(x)}
            onRemove={(id) => store.removeFilter(id)}
            onClear={() => {
              store.clearMarketFilter();
              for (const x of store.filters) store.removeFilter(x.short_id);
            }}
            hasLeading={!!filterText}
            emptyText={t('filters.none')}
            pickerContext="grow"
            leading={
              filterText ? (
                <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                  <Tag intent="primary" minimal onRemove={() => store.clearMarketFilter()} data-testid="outcomes-market-filter">
                    {filterText}
                  </Tag>
                  {subMarket && (
                    <Switch
                      checked={f.withinMarket}
                      label={t('filters.withinMarket')}
                      onChange={(e) => store.setWithinMarket(e.currentTarget.checked)}
                      style={{ marginBottom: 0 }}
                      data-testid="outcomes-within-market"
                    />
                  )}
                </span>
              ) : null
            }
            trailing={
              <SaveAudienceButton
                returnUrl={returnUrl}
                draft={() => (saveReason ? null : audienceDraft(filtered, tab, tier3, store.filters))}
                disabledReason={saveReason}
                testId="outcomes-save-audience"
              />
            }
          />

          <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
            <div style={{ flex: 3, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
              <Tabs id="outcomes-tabs" selectedTabId={tab} onChange={(id) => store.setTab(id as HostTab)}>
                {tabs.map((x) => (
                  <Tab
                    key={x}
                    id={x}
                    title={
                      <Tooltip content={t(`tooltips.${x}${tier3 && x !== 'total' ? 'Tier3' : ''}`)} hoverOpenDelay={TOOLTIP_DELAY_MS} placement="top">
                        <span>
                          {t(`tabs.${x}`)} <strong data-testid={`outcomes-tab-count-${x}`}>{formatCount(cur?.[x] ?? 0)}</strong>
                        </span>
                      </Tooltip>
                    }
                    data-testid={`outcomes-tab-${x}`}
                    panel={<span data-testid={`outcomes-tabpanel-${x}`} />}
                  />
                ))}
              </Tabs>

              <div style={{ display: 'flex', gap: 12 }}>
                <Card style={{ flex: 1, padding: 12 }} data-testid="outcomes-previous-panel">
                  <div className={Classes.TEXT_MUTED}>
                    {prev ? t('panels.population', { month: months.label(prev.year, prev.month) }) : t('panels.noPrevious')}
                  </div>
                  <strong>{formatCount(figure(prev))}</strong>
                </Card>
                <Card style={{ flex: 1, padding: 12 }} data-testid="outcomes-change-panel">
                  <div className={Classes.TEXT_MUTED}>{t('panels.change')}</div>
                  <strong>
                    <Icon
                      icon={caret === 'up' ? 'caret-up' : caret === 'down' ? 'caret-down' : 'minus'}
                      intent={caret === 'up' ? 'success' : caret === 'down' ? 'danger' : 'none'}
                      title={t(`panels.caret.${caret}`)}
                      data-testid={`outcomes-caret-${caret}`}
                    />{' '}
                    {formatCount(diff)} <span data-testid="outcomes-change-percent">({formatChange(percentChange(figure(prev), figure(cur)))})</span>
                  </strong>
                </Card>
              </div>

              {store.selection.isRangeMode ? (
                <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="outcomes-range">
                  <div>
                    <PopoverNext
                      content={
                        <Menu aria-label={t('range.view')}>
                          <MenuItem
                            text={t('range.none')}
                            active={!store.groupByMarket}
                            onClick={() => store.setGroupByMarket(false)}
                            data-testid="outcomes-group-none"
                          />
                          <MenuItem
                            text={t('range.market')}
                            active={store.groupByMarket}
                            onClick={() => store.setGroupByMarket(true)}
                            data-testid="outcomes-group-market"
                          />
                        </Menu>
                      }
                      placement="bottom-start"
                    >
                      <Button icon="eye-open" rightIcon="caret-down" text={t('range.view')} data-testid="outcomes-view-menu" />
                    </PopoverNext>
                  </div>
                  <StackedColumns
                    title={m.measurement_label || t('penetration')}
                    groups={groups}
                    loading={store.loading}
                    categoryLabel={t('range.month')}
                    groupLabel={t('range.marketLabel')}
                    testId="outcomes-stacked"
                  />
                  <RangeLegend
                    items={m.markets.flatMap((k) => [
                      { key: `m${k.id}`, name: k.name, market: true },
                      ...k.sub_markets.map((s) => ({ key: `s${s.id}`, name: s.name, market: false })),
                    ])}
                  />
                </div>
              ) : (
                <Mekko
                  title={m.measurement_label || t('penetration')}
                  markets={chartMarkets}
                  loading={store.loading}
                  selected={f.marketId === null ? null : { marketId: f.marketId, ...(f.subMarketId !== null ? { subMarketId: f.subMarketId } : {}) }}
                  onSelect={(sel) => {
                    if (sel.subMarketId === undefined) store.toggleMarket(Number(sel.marketId));
                    else store.toggleSubMarket(Number(sel.marketId), Number(sel.subMarketId));
                  }}
                  testId="outcomes-mekko"
                />
              )}
            </div>
            {insights && (
              <div style={{ flex: 2, minWidth: 320 }} data-testid="outcomes-insights">
                <insights.Panel
                  context="grow"
                  owner={{ kind: 'mekkos', id: m.id }}
                  audiences={audiences}
                  level={levelForHostTab(tab)}
                  onLevelChange={(l) => store.setTab(l === 'market' ? 'total' : 'matched')}
                  tabsConfig={{ resourceType: 'Mekko', resourceId: m.id }}
                  membership={tab === 'modeled' ? 'modeled' : 'matched'}
                />
              </div>
            )}
          </div>
          <AdminOutcomesPanel store={store} personLevel={personLevel} canDestroy={session.can('outcome_timeframes', 'destroy')} />
        </>
      )}
    </section>
  );
});

export default MeasurePage;
